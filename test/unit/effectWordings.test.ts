/**
 * Issue #41 item 6: words that said something else happened. A fixed wait that passed is said as waited, not as a
 * timeout; an open of a URL that is a file is said as the saved download. Real-binary counterparts:
 * test/integration/openDownload.test.ts, test/integration/slowResourceOpen.test.ts (the wait).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { downloadedText } from "../../src/presenters/text/downloadedText.js"
import { fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())
const here = { piSessionId: "s", cwd: temp.root }
const textOf = (content: ReadonlyArray<{ type: string; text?: string }>) => content.map((c) => c.text ?? "").join("\n")

describe("words that say what happened (#41)", () => {
  it.scoped("wait 1000 that passed: 'Waited 1000 ms.' (was 'Wait done (timeout).')", () =>
    Effect.gen(function*() {
      const layer = fakeLayer(temp.root, [{ when: (r) => r.args.includes("wait"), reply: FakeAgentBrowser.ok({ waited: "timeout" }) }])
      const result = yield* runToResult({ args: ["wait", "1000"] }, here).pipe(Effect.provide(layer))
      expect(textOf(result.content)).toBe("Waited 1000 ms.")
    }))

  it("an open that downloaded a file says the saved file, not a failed navigation", () => {
    expect(downloadedText({ downloaded: "/h/Downloads/r.txt", from: "http://a.test/download/r.txt", sizeBytes: 19 })?.text).toBe(
      "Downloaded, not opened: http://a.test/download/r.txt is a file; the browser saved it to /h/Downloads/r.txt, 19 bytes (checked on disk). " +
        "The tab still shows the page before."
    )
    expect(downloadedText({ url: "http://a.test/", title: "A" })).toBeUndefined()
  })
})
