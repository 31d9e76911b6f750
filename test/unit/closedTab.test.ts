/**
 * A click whose page closed its own tab (a sign-in popup's window.close), on the fake graph: the tab it ran on is no
 * longer listed after it, so the text names the tab in front and its page; a click whose tab is still listed says no
 * such thing (real-browser counterpart: test/integration/popupClosesItself.test.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, contentText, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

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
