/**
 * A click whose page stops answering is said before its watchdog (#45): past a few seconds, a page that answers no
 * DevTools evaluation while the browser's renderers are busy, twice in a row, ends the click's process (`page-busy`)
 * and the hung-page recovery says the busy renderer. An idle silent page (a dialog holds it) and a caller's own
 * `timeoutMs` are waited out. Fake agent-browser (a click that answers late) and DevTools endpoint. Real-browser
 * counterpart: `BENCH_CASES='busy-loop' npm run bench:cases` and test/integration/dialogHold.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { BrowserEndpoints, type BrowserEndpointsShape } from "../../src/services/BrowserEndpoints.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"
import { silentPageEndpoints, silentPageProbe } from "../support/fakeEndpoints.js"
import { contentText, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-busy", cwd: temp.root }
const page = { url: "http://a.test/spin", title: "Spin" }

/** A tab that answers no evaluation; the renderers' CPU time grows by `step` seconds per read. */
const silentPage = (step: number, asked: Array<string>) =>
  silentPageEndpoints(page.url, step, (_socket, method) => asked.push(method))

/** The click's batch answers after `delayMs`, each row done. */
const lateClick = (delayMs: number): ScriptedRun => ({
  when: (r) => stepsOf(r).some((s) => s[0] === "click"),
  delayMs,
  reply: (r) => ({
    stdout: `${JSON.stringify(stepsOf(r).map((step) => ({ command: step, success: true, result: {}, error: null })))}\n`
  })
})
const script = (delayMs: number): ReadonlyArray<ScriptedRun> => [
  openBatch(page),
  lateClick(delayMs),
  { when: (r) => r.args.includes("url"), reply: "timeout", repeat: true }
]

const clickWith = (endpoints: BrowserEndpointsShape, delayMs: number, input: Record<string, unknown>) =>
  Effect.gen(function* () {
    yield* runToResult({ args: ["open", page.url] }, here)
    return yield* runToResult(input, here)
  }).pipe(
    Effect.provideService(BrowserEndpoints, endpoints),
    Effect.provideService(DaemonProbe, silentPageProbe),
    Effect.provide(fakeLayer(temp.root, script(delayMs)))
  )

describe("a click whose page stops answering (#45)", () => {
  it.live("silent and busy twice: the process is ended early, said busy; the recovery says the busy renderer", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const started = Date.now()
      const clicked = yield* clickWith(silentPage(0.5, asked), 60_000, { args: ["click", "#b"] })
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(clicked.details.failureCategory).toBe("timeout")
      expect(contentText(clicked.content)).toMatch(
        /^Failed \(timeout\): Stopped after \d+ ms: while `click #b` ran, the page /
      )
      expect(contentText(clicked.content)).toContain("its renderer stayed busy (seen twice)")
      expect(clicked.details.recovery?.summary).toContain("its renderer stayed busy")
      // twice in the watch; not read again by the recovery (it knows)
      expect(asked.filter((m) => m === "SystemInfo.getProcessInfo")).toHaveLength(4)
    })
  )

  it.live("an idle silent page (a dialog may hold it) is waited out: the click answers as usual", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const clicked = yield* clickWith(silentPage(0, asked), 4_000, { args: ["click", "#b"] })
      expect(clicked.details.failureCategory).toBeUndefined()
      expect(asked).toContain("SystemInfo.getProcessInfo")
    })
  )

  it.live("a caller's own timeoutMs is waited out: no look at the page", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const clicked = yield* clickWith(silentPage(0.5, asked), 4_000, { args: ["click", "#b"], timeoutMs: 20_000 })
      expect(clicked.details.failureCategory).toBeUndefined()
      expect(asked).not.toContain("SystemInfo.getProcessInfo")
    })
  )
})
