/**
 * A click that makes controls appear names their refs (issue #45) over FakeAgentBrowser: the click's read counted
 * controls among what appeared, so one `snapshot -i` after it gives the refs the model's last snapshot did not have;
 * no count, or no snapshot of the model's to tell the new ones by: no look. Real-browser counterpart:
 * test/integration/newControls.test.ts (the refs named act on the right elements).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import {
  batchRows,
  call,
  commandsRun,
  contentText,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const URL = "http://shop.test/news"
type Refs = Record<string, { role: string; name: string }>
const BEFORE: Refs = { e1: { role: "heading", name: "Newsletter" }, e2: { role: "button", name: "Subscribe" } }
const AFTER: Refs = {
  ...BEFORE,
  e3: { role: "button", name: "Confirm" },
  e4: { role: "textbox", name: "Email" },
  e5: { role: "heading", name: "Your email" }
}
const treeOf = (refs: Refs, order: ReadonlyArray<string>) =>
  order.map((ref) => `- ${refs[ref]?.role} "${refs[ref]?.name}" [ref=${ref}]`).join("\n")

const LISTED: Refs = {
  ...BEFORE,
  e6: { role: "listbox", name: "" },
  e7: { role: "option", name: "Slow" },
  e8: { role: "option", name: "Fast" }
}

/**
 * The page: the first snapshot `BEFORE`, later ones `after` in `order` (by default the field listed before the button);
 * the click's read counts `controls`.
 */
const page = (
  controls: number,
  after: Refs = AFTER,
  order: ReadonlyArray<string> = ["e1", "e2", "e5", "e4", "e3"]
): ReadonlyArray<ScriptedRun> => {
  let snapshots = 0
  const result = (command: ReadonlyArray<string>): unknown => {
    if (command[0] === "snapshot") {
      snapshots++
      return snapshots === 1
        ? { origin: URL, refs: BEFORE, snapshot: treeOf(BEFORE, ["e1", "e2"]) }
        : { origin: URL, refs: after, snapshot: treeOf(after, order) }
    }
    if (command[0] !== "eval") return { clicked: command[1] }
    const effects = { count: 0, errors: [], control: {}, appeared: { count: 1, texts: ["Email Confirm"], controls } }
    return {
      result: {
        title: "News",
        url: URL,
        challenge: NO_CHALLENGE,
        click: { resolved: true, events: 1, hits: 1 },
        effects
      }
    }
  }
  return [
    openBatch({ url: URL, title: "News" }, undefined, true),
    batchRows(result),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ]
}

const clickSubscribe = (snapshotFirst: boolean, reopen = false) =>
  Effect.gen(function* () {
    yield* runToResult({ args: ["open", URL] }, call)
    if (snapshotFirst) yield* runToResult({ args: ["snapshot", "-i"] }, call)
    // a navigation since the model's snapshot: its refs are gone, so none can be told new
    if (reopen) yield* runToResult({ args: ["open", URL] }, call)
    const fake = yield* FakeAgentBrowser
    const earlier = (yield* fake.requests).length
    const result = yield* runToResult({ args: ["click", snapshotFirst ? "@e2" : "#subscribe"] }, call)
    // the snapshots the click's own call ran
    const snapshots = commandsRun((yield* fake.requests).slice(earlier)).filter((c) => c[0] === "snapshot")
    return { text: contentText(result.content), snapshots: snapshots.length }
  })

describe("a click that makes controls appear names their refs (#45)", () => {
  it.scoped("controls counted: one snapshot after the click; the refs the model's snapshot lacked, in page order", () =>
    Effect.gen(function* () {
      const { text, snapshots } = yield* clickSubscribe(true)
      expect(text).toContain('New controls: textbox "Email" [ref=e4], button "Confirm" [ref=e3]')
      expect(text).not.toContain("Your email")
      expect(snapshots).toBe(1)
    }).pipe(Effect.provide(fakeLayer(temp.root, page(2))))
  )

  it.scoped("an unnamed list around the options named beside it is not named; its options are", () =>
    Effect.gen(function* () {
      const { text } = yield* clickSubscribe(true)
      expect(text).toContain('New controls: option "Slow" [ref=e7], option "Fast" [ref=e8]')
      expect(text).not.toContain("listbox")
    }).pipe(Effect.provide(fakeLayer(temp.root, page(3, LISTED, ["e1", "e2", "e6", "e7", "e8"]))))
  )

  it.scoped("no control among what appeared: no look, no line", () =>
    Effect.gen(function* () {
      const { text, snapshots } = yield* clickSubscribe(true)
      expect(text).not.toContain("New controls")
      expect(snapshots).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, page(0))))
  )

  it.scoped("no snapshot of the model's to tell the new ones by: no look, no line", () =>
    Effect.gen(function* () {
      const { text, snapshots } = yield* clickSubscribe(false)
      expect(text).not.toContain("New controls")
      expect(snapshots).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, page(2))))
  )

  it.scoped("the page opened again since the model's snapshot: no look, no line", () =>
    Effect.gen(function* () {
      const { text, snapshots } = yield* clickSubscribe(true, true)
      expect(text).not.toContain("New controls")
      expect(snapshots).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, page(2))))
  )
})
