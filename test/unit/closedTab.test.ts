/**
 * A click whose page closed its own tab (a sign-in popup's window.close), on the fake graph: the tab it ran on is no
 * longer listed after it, so the text names the tab in front and its page; a click whose tab is still listed says no
 * such thing; a key press whose read found its page closing the tab is said the same way (real-browser counterpart:
 * test/integration/popupClosesItself.test.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { throwValueStatement } from "../../src/upstream/wire.js"
import {
  batchRows,
  commandOf,
  contentText,
  doneRow,
  fakeLayer,
  openBatch,
  runsOpen,
  stepsOf,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const HOME = "http://a.test/home"
const here = { piSessionId: "s-closed", cwd: temp.root }
const tabs = { tabs: [{ tabId: "t1", targetId: "T1", title: "Home", url: HOME, active: true }] }

const script: ReadonlyArray<ScriptedRun> = [
  openBatch({ url: HOME, title: "Home" }, undefined, true),
  {
    when: (r) => !r.args.includes("batch") && r.args.at(-1) === "list",
    reply: FakeAgentBrowser.ok(tabs),
    repeat: true
  },
  batchRows((step) =>
    step[0] === "tab" && step[1] === "list" ? tabs : step[0] === "eval" ? { result: { title: "Home", url: HOME } } : {}
  ),
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]

/** A click that starts on the tab `targetId` (the daemon's record of its front tab). */
const clickFrom = (targetId: string) =>
  Effect.gen(function* () {
    const session = (yield* runToResult({ args: ["open", HOME] }, here)).details.sessionName ?? ""
    mkdirSync(join(temp.root, "s"), { recursive: true })
    writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId, url: HOME }))
    return contentText((yield* runToResult({ args: ["click", "#done"] }, here)).content)
  })

describe("a click whose page closed its own tab", () => {
  it.scoped("its tab is no longer listed: the tab in front and its page are said", () =>
    Effect.gen(function* () {
      expect(yield* clickFrom("T2")).toBe(
        `Clicked #done\nThe page closed its own tab; commands now act on tab t1: Home — ${HOME}`
      )
    }).pipe(Effect.provide(fakeLayer(temp.root, script)))
  )

  it.scoped("its tab still listed: nothing of the kind", () =>
    Effect.gen(function* () {
      expect(yield* clickFrom("T1")).not.toContain("closed its own tab")
    }).pipe(Effect.provide(fakeLayer(temp.root, script)))
  )
})

/** Upstream's words for an eval that threw `value` on purpose (upstream/wire.ts). */
const thrownError = (value: unknown): string => {
  try {
    new Function("v", throwValueStatement("v"))(value)
  } catch (error) {
    return `Evaluation error: Error: ${(error as Error).message}\n    at <anonymous>:1:1`
  }
  throw new Error("did not throw")
}

const POPUP = "http://a.test/signin"
const popupTab = { tabId: "t2", targetId: "T2", title: "Sign-in", url: POPUP, active: true }
const homeTab = { ...tabs.tabs[0], targetId: "T1", title: HOME.slice(7) }

/**
 * The click's batch ends at its read on `page`, which found it closing its tab (held until it answered); the tab
 * lists answer `lists` in turn (the last one again); the page in front reads as Home.
 */
const closingScript = (
  closable: boolean,
  lists: ReadonlyArray<ReadonlyArray<object>>,
  page = { title: "Sign-in", url: POPUP }
): ReadonlyArray<ScriptedRun> => {
  let listed = 0
  const click = { resolved: true, events: 5, hits: 5, navigating: false, closing: { closable } }
  return [
    openBatch({ url: HOME, title: "Home" }, undefined, true),
    {
      when: (r) => !r.args.includes("batch") && r.args.at(-1) === "list",
      reply: () => FakeAgentBrowser.ok({ tabs: lists[Math.min(listed++, lists.length - 1)] }),
      repeat: true
    },
    {
      when: (r) => stepsOf(r).some((s) => s[0] === "click"),
      reply: (r) => {
        const steps = stepsOf(r)
        const read = steps.findIndex((s) => s[0] === "eval" && (s[1] ?? "").includes("jsDialogs:"))
        const rows = steps.slice(0, read).map((s) => doneRow(s, s[0] === "eval" ? { result: {} } : {}))
        const thrown = thrownError({ ...page, click })
        return {
          exitCode: 1,
          stdout: `${JSON.stringify([...rows, { ...doneRow(steps[read], null), success: false, error: thrown }])}\n`
        }
      },
      repeat: true
    },
    batchRows(() => ({ result: { title: "Home", url: HOME } }))
  ]
}

/** The upstream processes after the open: `tab list`s and batches, by their first step. */
const after = Effect.map(FakeAgentBrowser, (fake) => fake.requests).pipe(
  Effect.flatten,
  Effect.map((all) =>
    all.filter((r) => !runsOpen(r)).map((r) => (stepsOf(r)[0] ?? commandOf(r.args)).slice(0, 2).join(" "))
  )
)

describe("a click whose page closes its tab once the click's read answered", () => {
  it.scopedLive("listed until its tab is gone, then the page in front is read and said", () =>
    Effect.gen(function* () {
      expect(yield* clickFrom("T2")).toBe(
        `Clicked #done\nThe page closed its own tab; commands now act on tab t1: Home — ${HOME}`
      )
      // the batch ended at the read: no step ran on the tab as it closed
      expect((yield* after).map((r) => r.split(" ")[0])).toEqual(["eval", "tab", "tab", "eval"])
    }).pipe(Effect.provide(fakeLayer(temp.root, closingScript(true, [[popupTab, homeTab], [homeTab]]))))
  )

  it.scopedLive("a window its page may not close, still listed: one list, nothing said", () =>
    Effect.gen(function* () {
      expect(yield* clickFrom("T2")).toBe("Clicked #done")
      expect((yield* after).map((r) => r.split(" ")[0])).toEqual(["eval", "tab"])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, closingScript(false, [[{ ...homeTab, targetId: "T2" }]], { title: "Home", url: HOME }))
      )
    )
  )
})

/**
 * A key press on the page in tab `T2` (a popup's focused "Done"), whose read (the batch's last step) found the page
 * closing its tab, held until it answered; the tab lists answer `lists` in turn.
 */
const pressScript = (lists: ReadonlyArray<ReadonlyArray<object>>): ReadonlyArray<ScriptedRun> => {
  let listed = 0
  const read = { keys: ["Enter"], stayed: true, closing: { closable: true } }
  return [
    openBatch({ url: HOME, title: "Home" }, undefined, true),
    {
      when: (r) => !r.args.includes("batch") && r.args.at(-1) === "list",
      reply: () => FakeAgentBrowser.ok({ tabs: lists[Math.min(listed++, lists.length - 1)] }),
      repeat: true
    },
    // the press's batch: its watch, the key, its read (thrown: it ends the batch); then the read of the page in front
    {
      when: (r) => stepsOf(r).some((s) => s[0] === "press"),
      reply: (r) => {
        const [install, press, last] = stepsOf(r).slice(-3)
        const rows = [doneRow(install, { result: true }), doneRow(press, {})]
        const failed = { ...doneRow(last, null), success: false, error: thrownError(read) }
        return { exitCode: 1, stdout: `${JSON.stringify([...rows, failed])}\n` }
      },
      repeat: true
    },
    batchRows(() => ({ result: { title: "Home", url: HOME } }))
  ]
}

describe("a key press whose page closes its tab once the press's read answered", () => {
  it.scopedLive("listed until its tab is gone, then the page in front is read and said", () =>
    Effect.gen(function* () {
      const session = (yield* runToResult({ args: ["open", HOME] }, here)).details.sessionName ?? ""
      mkdirSync(join(temp.root, "s"), { recursive: true })
      writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId: "T2", url: HOME }))
      expect(contentText((yield* runToResult({ args: ["press", "Enter"] }, here)).content)).toBe(
        `Pressed Enter\nThe page closed its own tab; commands now act on tab t1: Home — ${HOME}`
      )
      // the press's batch, then tab lists until the tab is gone and the page in front: no read of the closing tab
      expect((yield* after).map((r) => r.split(" ")[0])).toEqual(["eval", "tab", "tab", "eval"])
    }).pipe(Effect.provide(fakeLayer(temp.root, pressScript([[popupTab, homeTab], [homeTab]]))))
  )
})
