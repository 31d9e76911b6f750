/**
 * A page a JavaScript dialog holds is not a hung page (#45): after a watchdog timeout whose page answers no DevTools
 * command, the browser's renderers are read twice (`SystemInfo.getProcessInfo`): idle, upstream's `dialog status`
 * names the dialog and the call says it (its answers first, remembered as blocking), nothing reloaded or ended; busy
 * (a script that never returns), the hung-page recovery runs as before and `dialog status` is not asked. Fake
 * agent-browser and DevTools endpoint. Real-browser counterpart: test/integration/dialogHold.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { dialogHeldError } from "../../src/program/lifecycle/blockingDialog.js"
import { categoryOf, TimedOut } from "../../src/schema/ToolError.js"
import { BrowserEndpoints } from "../../src/services/BrowserEndpoints.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"
import { rendererCpuOf, renderersBusy } from "../../src/session/rendererLoad.js"
import { mentionsBlockingDialog } from "../../src/upstream/classifyErrorText.js"
import { blockingDialogWords, openDialogOf } from "../../src/upstream/dialogStatus.js"
import { planOf } from "../support/conformance.js"
import { silentPageEndpoints, silentPageProbe } from "../support/fakeEndpoints.js"
import { batchRows, contentText, fakeLayer, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-dialog", cwd: temp.root }
const page = { url: "http://a.test/form", title: "Form" }

describe("the renderers' load between two reads", () => {
  it("busy when one used a quarter of a core or more; idle otherwise; unknown when a read is missing", () => {
    const read = (cpu: number) => ({
      processInfo: [
        { type: "browser", id: 1, cpuTime: 9 },
        { type: "renderer", id: 7, cpuTime: cpu }
      ]
    })
    expect(renderersBusy(rendererCpuOf(read(1.0)), rendererCpuOf(read(1.5)), 600)).toBe(true)
    expect(renderersBusy(rendererCpuOf(read(1.0)), rendererCpuOf(read(1.01)), 600)).toBe(false)
    // a renderer that appeared between the reads has no earlier time: not counted as busy
    expect(renderersBusy(new Map(), rendererCpuOf(read(3)), 600)).toBe(false)
    expect(renderersBusy(undefined, rendererCpuOf(read(1)), 600)).toBeUndefined()
    expect(rendererCpuOf(undefined)).toBeUndefined()
  })
})

describe("upstream's dialog status, and the failure that says a dialog held the page", () => {
  it("reads the open dialog in upstream's words; none when it says none", () => {
    const open = openDialogOf({ hasDialog: true, type: "confirm", message: "Sure?", defaultPrompt: "" })
    expect(open).toEqual({ type: "confirm", message: "Sure?" })
    expect(openDialogOf({ hasDialog: false })).toBeUndefined()
    expect(openDialogOf(null)).toBeUndefined()
    expect(blockingDialogWords({ type: "prompt", message: undefined })).toBe(
      "A JavaScript prompt dialog is blocking the page"
    )
  })

  it("is a blocking-dialog failure (upstream-error, as upstream's refusals): the command named, nothing ended", () => {
    const timedOut = new TimedOut({ reason: "no-answer", timeoutMs: 8000, dispatched: "maybe", stdout: "", stderr: "" })
    const held = dialogHeldError(planOf({ args: ["type", "#c", "xyz"] }), timedOut, {
      type: "confirm",
      message: "Sure?"
    })
    expect(categoryOf(held)).toBe("upstream-error")
    expect(mentionsBlockingDialog(held.message)).toBe(true)
    expect(held.message).toBe(
      'A JavaScript confirm dialog is blocking the page: "Sure?". It opened while `type #c xyz` ran, and it is still ' +
        "open; upstream waits on the page until the dialog is answered, so the 8000 ms budget ran out. The browser " +
        "and the page are kept (nothing was ended or reloaded). Answer it: `dialog accept` or `dialog dismiss`."
    )
    // a command upstream lets wait out a dialog did not meet it opening: said as waiting on the page
    const title = dialogHeldError(planOf({ args: ["get", "title"] }), timedOut, { type: "alert", message: "Hi" })
    expect(title.message).toContain("`get title` waited on the page, and it is still open")
  })
})

/** A DevTools endpoint whose one tab answers nothing; the renderers' CPU time grows by `step` seconds per read. */
const silentPage = (step: number, asked: Array<string>) =>
  silentPageEndpoints(page.url, step, (socket, method) => asked.push(`${socket} ${method}`))

const typeTimesOut = {
  when: (r: { args: ReadonlyArray<string> }) => r.args.includes("batch"),
  reply: "timeout" as const
}
const dialogStatus = (data: unknown) => ({
  when: (r: { args: ReadonlyArray<string> }) => r.args.includes("dialog"),
  reply: FakeAgentBrowser.ok(data),
  repeat: true
})
const getUrl = {
  when: (r: { args: ReadonlyArray<string> }) => r.args.includes("url"),
  reply: "timeout" as const,
  repeat: true
}

describe("a typed key whose page went silent past the watchdog (#45)", () => {
  it.live("idle renderers and an open confirm: said as the dialog, its answers first, remembered; nothing ended", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const layer = fakeLayer(temp.root, [
        { ...openBatch(page), when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes('"open"') },
        {
          ...batchRows((step) =>
            step[0] === "snapshot"
              ? { origin: page.url, refs: { e1: { role: "textbox", name: "C" } }, snapshot: "" }
              : {}
          ),
          when: (r) => stepsOf(r).some((step) => step[0] === "snapshot")
        },
        typeTimesOut,
        dialogStatus({ hasDialog: true, type: "confirm", message: "Sure?" }),
        getUrl
      ])
      yield* Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        yield* runToResult({ args: ["open", page.url] }, here)
        yield* runToResult({ args: ["snapshot", "-i"] }, here)
        const typed = yield* runToResult({ args: ["type", "#c", "xyz"], timeoutMs: 8000 }, here)
        expect(typed.details.failureCategory).toBe("upstream-error")
        expect(contentText(typed.content)).toContain(
          'A JavaScript confirm dialog is blocking the page: "Sure?". It opened'
        )
        expect(typed.details.recovery).toBeUndefined()
        expect(typed.details.nextActions?.slice(0, 2).map((a) => a.id)).toEqual(["dismiss-dialog", "accept-dialog"])
        // the browser was asked, the page was neither reloaded nor stopped
        expect(asked.filter((a) => a.endsWith("SystemInfo.getProcessInfo"))).toEqual([
          "ws://127.0.0.1:9/devtools/browser/B1 SystemInfo.getProcessInfo",
          "ws://127.0.0.1:9/devtools/browser/B1 SystemInfo.getProcessInfo"
        ])
        expect(asked.some((a) => /Page\.(reload|stopLoading)/.test(a))).toBe(false)
        // remembered as blocking: the next get title is refused at once, naming it
        const sent = (yield* fake.requests).length
        const title = yield* runToResult({ args: ["get", "title"] }, here)
        expect(contentText(title.content)).toContain('A JavaScript confirm dialog is blocking the page: "Sure?"')
        expect(contentText(title.content)).toContain("nothing was sent")
        expect((yield* fake.requests).slice(sent).map((r) => r.args.includes("title"))).toEqual([false])
        // a call refused before anything ran says nothing of the dialog: it stays remembered (before: forgotten, and
        // the next get title waited on the page)
        const stale = yield* runToResult({ args: ["click", "@e99"] }, here)
        expect(stale.details.failureCategory).toBe("stale-ref")
        const again = (yield* fake.requests).length
        const titleAgain = yield* runToResult({ args: ["get", "title"] }, here)
        expect(contentText(titleAgain.content)).toContain('A JavaScript confirm dialog is blocking the page: "Sure?"')
        expect((yield* fake.requests).slice(again).map((r) => r.args.includes("title"))).toEqual([false])
      }).pipe(
        Effect.provideService(BrowserEndpoints, silentPage(0, asked)),
        Effect.provideService(DaemonProbe, silentPageProbe),
        Effect.provide(layer)
      )
    })
  )

  it.live("a busy renderer is a script that holds the page: dialog status is not asked; the hung-page line", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const layer = fakeLayer(temp.root, [
        { ...openBatch(page), when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes('"open"') },
        typeTimesOut,
        dialogStatus({ hasDialog: true, type: "confirm", message: "Sure?" }),
        getUrl
      ])
      yield* Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        yield* runToResult({ args: ["open", page.url] }, here)
        const typed = yield* runToResult({ args: ["type", "#c", "xyz"], timeoutMs: 8000 }, here)
        expect(typed.details.failureCategory).toBe("timeout")
        expect(contentText(typed.content)).not.toContain("dialog is blocking")
        expect(typed.details.recovery?.kind).toBe("session-checked")
        expect((yield* fake.requests).some((r) => r.args.includes("dialog"))).toBe(false)
      }).pipe(
        Effect.provideService(BrowserEndpoints, silentPage(0.5, asked)),
        Effect.provideService(DaemonProbe, silentPageProbe),
        Effect.provide(layer)
      )
    })
  )
})
