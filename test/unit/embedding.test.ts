/** The embedding API (src/effect.ts, shipped as ./effect) works as docs/EMBEDDING.md shows, over the fake layer. */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { afterAll } from "vitest"
import { categoryOf, FakeAgentBrowser, makeFakeLayer, run, toolConfigLayer } from "../../src/effect.js"
import { testConfig, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())

describe("embedding API", () => {
  it.scoped("run is typed: a stale ref fails with StaleRef, handled by tag", () =>
    Effect.gen(function*() {
      const layer = makeFakeLayer(FakeAgentBrowser.layer([{ reply: FakeAgentBrowser.fail("Unknown ref: e7") }]), toolConfigLayer(testConfig(temp.root)))
      const program = run({ args: ["click", "@e7"] }, { piSessionId: "app", cwd: "/" }).pipe(
        Effect.map(() => "clicked"),
        Effect.catchTags({ StaleRef: (e) => Effect.succeed(`stale ${e.ref} (${categoryOf(e)})`) })
      )
      expect(yield* Effect.provide(program, layer)).toBe("stale e7 (stale-ref)")
    }))
})
