/** The embedding API (src/effect.ts, shipped as ./effect) works as docs/EMBEDDING.md shows, over the fake layer. */
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { categoryOf, FakeAgentBrowser, makeFakeLayer, run, runElectron, toolConfigLayer } from "../../src/effect.js"
import { suiteTempRoot, testConfig } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

describe("embedding API", () => {
  it.scoped("run is typed: a stale ref fails with StaleRef, handled by tag", () =>
    Effect.gen(function* () {
      const layer = makeFakeLayer(
        FakeAgentBrowser.layer([{ reply: FakeAgentBrowser.fail("Unknown ref: e7") }]),
        toolConfigLayer(testConfig(temp.root))
      )
      const program = run({ args: ["click", "@e7"] }, { piSessionId: "app", cwd: "/" }).pipe(
        Effect.map(() => "clicked"),
        Effect.catchTags({ StaleRef: (e) => Effect.succeed(`stale ${e.ref} (${categoryOf(e)})`) })
      )
      expect(yield* Effect.provide(program, layer)).toBe("stale e7 (stale-ref)")
    })
  )

  it.scoped(
    "electron calls are typed by runElectron (their report, no Executed for list); run refuses them, runElectron refuses the rest",
    () =>
      Effect.gen(function* () {
        const layer = makeFakeLayer(
          FakeAgentBrowser.layer([{ reply: FakeAgentBrowser.ok({ title: "T" }), repeat: true }]),
          toolConfigLayer(testConfig(temp.root))
        )
        const call = { piSessionId: "app", cwd: "/" }
        const listed = yield* Effect.provide(runElectron({ electron: { action: "list" } }, call), layer)
        expect(listed.executed).toBeUndefined()
        expect(listed.electron.action === "list" ? listed.electron.result.apps.map((a) => a.name) : []).toEqual([
          "Test App"
        ])
        const refused = yield* Effect.provide(Effect.flip(run({ electron: { action: "list" } }, call)), layer)
        expect(refused._tag).toBe("InvalidInput")
        const notElectron = yield* Effect.provide(Effect.flip(runElectron({ args: ["get", "title"] }, call)), layer)
        expect(notElectron._tag).toBe("InvalidInput")
        const title = yield* Effect.provide(run({ args: ["get", "title"] }, call), layer)
        expect(title.outcome).toMatchObject({ kind: "single", data: { title: "T" } })
      })
  )
})
