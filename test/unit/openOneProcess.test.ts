/**
 * #29: `open` in one upstream process, also the first open of a session (the browser launches with the call's launch
 * flags in the same `batch --bail` as the open and its page read). A browser that cannot start answers that batch
 * outside any row (recorded from agent-browser 0.41.2: `batch --executable-path /nonexistent`), and is the open's
 * launch failure exactly as alone, never run again; an open whose answer never came stops the batch there.
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { describe } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, contentText, fakeLayer, openBatch, runsOpen, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const URL = "http://a.test/start"
/** What agent-browser 0.41.2 printed for `batch` (and for a lone `open`) with `--executable-path /nonexistent`. */
const NOT_RUNNABLE = {
  exitCode: 1,
  stdout: `${JSON.stringify({ error: 'Failed to launch Chrome at "/nonexistent": Permission denied (os error 13)', success: false })}\n`
}
/** What it printed for `batch --bail` open → eval, the open to a server that never answers (after 30 s). */
const HUNG_ROW = {
  code: "outcome_unknown",
  command: ["open", URL],
  error:
    "Failed to read: Resource temporarily unavailable (os error 11) (the command reached the daemon but no response came back; it may or may not have run, so it was not retried)",
  result: null,
  success: false
}

describe("open in one upstream process (#29)", () => {
  it.scoped(
    "the first open of a session launches, opens and reads the page in one process, with the call's launch flags",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["--executable-path", "/usr/bin/chromium", "open", URL] }, call)
        expect(result.isError).toBe(false)
        expect(result.details.pageChangeSummary).toMatchObject({
          changeType: "navigation",
          command: "open",
          title: "Start",
          url: URL
        })
        const requests = yield* (yield* FakeAgentBrowser).requests
        // no second process: the fake has no other reply, so any would fail the call
        expect(requests.length).toBe(1)
        const [request] = requests
        expect(request?.args.slice(-3)).toEqual(["batch", "--omit-command", "--bail"])
        expect(request?.args).toContain("--executable-path")
        expect(stepsOf(request ?? { args: [] }).map((step) => step[0])).toEqual(["open", "eval", "console", "errors"])
      }).pipe(Effect.provide(fakeLayer(temp.root, [openBatch({ url: URL, title: "Start" })])))
  )

  it.scoped("a browser that cannot start: the launch failure as a lone open gets it, one process, not run again", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["--executable-path", "/nonexistent", "open", URL] }, call)
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("upstream-error")
      expect(result.details.launchDiagnostic).toMatchObject({
        reason: "executable-not-runnable",
        executablePath: "/nonexistent",
        executableSource: "--executable-path"
      })
      expect(contentText(result.content)).toContain('Failed to launch Chrome at "/nonexistent"')
      expect(result.details.nextActions?.map((a) => a.id)).toEqual(["run-agent-browser-doctor"])
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.filter(runsOpen).length).toBe(1)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: runsOpen, reply: NOT_RUNNABLE },
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )

  it.scoped(
    "an open whose answer never came stops its batch (the read does not wait as long again) and is a timeout",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["open", URL] }, call)
        expect(result.details.failureCategory).toBe("timeout")
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.filter(runsOpen).length).toBe(1)
        expect(requests.find(runsOpen)?.args.at(-1)).toBe("--bail")
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { when: runsOpen, reply: { exitCode: 1, stdout: `${JSON.stringify([HUNG_ROW])}\n` } },
            { reply: FakeAgentBrowser.ok({}), repeat: true }
          ])
        )
      )
  )
})
