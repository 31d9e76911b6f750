/**
 * A repeat snapshot of the same page is what changed since the last tree the model read whole (snapshotDelta.ts,
 * shownSnapshot.ts): the delta rebuilds the current tree exactly from the previous one; a moved line is shown, not
 * assumed; another page, other flags, --full, a filtered view, JSON, a failure or pi's compaction give the whole tree.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { ShownTree } from "../../src/domain/ShownTree.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { forgetShownSnapshots } from "../../src/program/page/shownSnapshot.js"
import { snapshotDelta } from "../../src/snapshot/snapshotDelta.js"
import { call, fakeLayer, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const tree = (lines: ReadonlyArray<string>, origin = "http://a.test/"): ShownTree => ({ flags: "-i", origin, lines })
const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, k) => `- button "Row ${k + from}" [ref=e${k + from}]`)

/** What a reader of the previous tree and the delta rebuilds: runs of "as before" lines are the earlier lines in order, without those gone or shown again. */
const rebuild = (before: ShownTree, text: string): ReadonlyArray<string> => {
  const body = text.split("\n").slice(1)
  const shownRefs = new Set(body.map((l) => /ref=(e\d+)/.exec(l)?.[1]).filter((r) => r !== undefined))
  const gone = new Set<string>()
  for (const range of /gone: ([^;(]*)/.exec(text.split("\n")[0] ?? "")?.[1]?.split(", ") ?? []) {
    const [a = "", b = a] = range.trim().split("-")
    for (let n = Number(a.slice(1)); n <= Number(b.slice(1)); n++) gone.add(`e${n}`)
  }
  const pool = before.lines.filter((l) => {
    const ref = /ref=(e\d+)/.exec(l)?.[1]
    return ref === undefined || (!gone.has(ref) && !shownRefs.has(ref))
  })
  const out: Array<string> = []
  for (const line of body) {
    const run = /^\s*… (\d+) as before$/.exec(line)
    if (run === null) out.push(line)
    else out.push(...pool.splice(0, Number(run[1])))
  }
  return out
}

describe("snapshotDelta", () => {
  it("rebuilds the current tree exactly: a changed state, new lines, gone refs", () => {
    const before = tree(rows(30))
    const lines = [
      ...rows(10),
      `- button "Row 11" [expanded=true, ref=e11]`,
      `  - menuitem "New" [ref=e31]`,
      ...rows(10, 12),
      ...rows(6, 25)
    ]
    const delta = snapshotDelta(before, tree(lines))
    expect(delta).toBeDefined()
    expect(delta?.text.split("\n")[0]).toBe(
      `Since the last snapshot: 1 new, 1 changed; gone: e22-e24 (other refs still work; --full shows all).`
    )
    expect(rebuild(before, delta?.text ?? "")).toEqual(lines)
    expect(delta).toMatchObject({ added: 1, changed: 1, gone: 3, unchanged: 26 })
  })

  it("a moved line (a sorted list) is shown where it is now, never assumed in its old place", () => {
    const before = tree(rows(20))
    const lines = [rows(20)[19]!, ...rows(19)]
    const delta = snapshotDelta(before, tree(lines))
    expect(delta?.text).toContain(`- button "Row 20" [ref=e20]\n… 19 as before`)
    // nothing gone: every ref shown before still works
    expect(delta?.text.split("\n")[0]).toBe("Since the last snapshot: 1 changed (refs still work; --full shows all).")
    expect(rebuild(before, delta?.text ?? "")).toEqual(lines)
  })

  it("the same page read again: no change, said in one line", () => {
    expect(snapshotDelta(tree(rows(12)), tree(rows(12)))?.text).toBe(
      "No change since the last snapshot of this page (12 lines; refs still work)."
    )
  })

  it("random edits always rebuild exactly", () => {
    let seed = 7
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n
    for (let trial = 0; trial < 200; trial++) {
      const before = rows(40)
      let next = 41
      const now = before
        .filter(() => rand(10) > 1)
        .map((l) => (rand(12) === 0 ? l.replace(" [ref", " [checked=true, ref") : l))
      for (let k = 0; k < rand(6); k++) now.splice(rand(now.length + 1), 0, `  - option "New ${next}" [ref=e${next++}]`)
      const delta = snapshotDelta(tree(before), tree(now))
      if (delta !== undefined) expect(rebuild(tree(before), delta.text)).toEqual(now)
    }
  })

  it("a popup that opened amid the page's controls (a calendar) is the delta: the lines around it are not repeated", () => {
    const page = rows(15)
    const calendar = Array.from(
      { length: 42 },
      (_, k) => `- gridcell "Choose day ${k + 1}, 2025" [ref=e${k + 100}] clickable`
    )
    const now = [...page.slice(0, 5), ...calendar, ...page.slice(5)]
    const delta = snapshotDelta(tree(page), tree(now))
    expect(delta?.text.split("\n").slice(0, 3)).toEqual([
      "Since the last snapshot: 42 new (refs still work; --full shows all).",
      "… 5 as before",
      calendar[0]
    ])
    expect(delta?.text.endsWith("\n… 10 as before")).toBe(true)
    expect(rebuild(tree(page), delta?.text ?? "")).toEqual(now)
  })

  it("no delta for another page, other flags, or when it would not be much shorter", () => {
    expect(snapshotDelta(tree(rows(20)), tree(rows(20), "http://a.test/other"))).toBeUndefined()
    expect(snapshotDelta(tree(rows(20)), { ...tree(rows(20)), flags: "-i -c" })).toBeUndefined()
    expect(snapshotDelta(tree(rows(20)), tree(rows(20, 100)))).toBeUndefined()
    expect(snapshotDelta(undefined, tree(rows(20)))).toBeUndefined()
  })
})

describe("a repeat snapshot through the tool", () => {
  /** A page of 20 rows; `#add` adds a row, `#nav` goes to another page, `#fail` fails. */
  const page = () => {
    let lines = rows(20)
    let url = "http://a.test/"
    const snapshot = () => ({
      origin: url,
      refs: Object.fromEntries(
        lines.map((l) => [/ref=(e\d+)/.exec(l)?.[1], { role: "button", name: /"(.*)"/.exec(l)?.[1] }])
      ),
      snapshot: lines.join("\n")
    })
    const answer = (step: ReadonlyArray<string>): unknown => {
      if (step.includes("snapshot")) return snapshot()
      if (step.includes("#add")) lines = [...lines, `- button "Row ${lines.length + 1}" [ref=e${lines.length + 1}]`]
      if (step.includes("#nav")) url = "http://a.test/next"
      return { clicked: step[step.length - 1] }
    }
    const row = (step: ReadonlyArray<string>) =>
      step.includes("#fail")
        ? { command: step, success: false, result: null, error: "Element not found: #fail" }
        : { command: step, success: true, result: answer(step), error: null }
    return [
      {
        when: (r: { args: ReadonlyArray<string> }) => r.args.includes("batch"),
        reply: (r: { stdin?: string }) => ({
          exitCode: 0,
          stdout: JSON.stringify((JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>).map(row))
        }),
        repeat: true
      },
      {
        when: (r: { args: ReadonlyArray<string> }) => r.args.includes("#fail"),
        reply: FakeAgentBrowser.fail("Element not found: #fail"),
        repeat: true
      },
      { reply: (r: { args: ReadonlyArray<string> }) => FakeAgentBrowser.ok(answer(r.args)), repeat: true }
    ]
  }
  const snap = (...flags: Array<string>) =>
    Effect.map(runToResult({ args: ["snapshot", "-i", ...flags] }, call), resultText)

  it.scoped("the second snapshot is the delta; --full, another page, JSON and a failed call give the whole tree", () =>
    Effect.gen(function* () {
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
      expect(yield* snap()).toMatch(/^No change since the last snapshot of this page \(20 lines/)
      yield* runToResult({ args: ["click", "#add"] }, call)
      expect(yield* snap()).toMatch(
        /^Since the last snapshot: 1 new \(.*\n… 20 as before\n- button "Row 21" \[ref=e21\]$/
      )
      expect(yield* snap("--full")).toContain(`- button "Row 1" [ref=e1]`)
      // JSON is read whole by the caller; the next plain snapshot is whole too
      yield* runToResult({ args: ["snapshot", "-i", "--json"] }, call)
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
      // a failed batch that ran a snapshot: what the model read of it is not relied on
      yield* snap()
      const failed = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["snapshot", "-i"],
            ["click", "#fail"]
          ])
        },
        call
      )
      expect(failed.isError).toBe(true)
      // a batch with a failed step: each row marked and its command whole
      expect(resultText(failed)).toContain("1. ✓ snapshot -i")
      expect(resultText(failed)).toContain("2. ✗ click #fail")
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
      // any failed call: the recovery snapshot is whole
      yield* snap()
      expect((yield* runToResult({ args: ["click", "#fail"] }, call)).isError).toBe(true)
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
      // another page
      yield* snap()
      yield* runToResult({ args: ["click", "#nav"] }, call)
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
    }).pipe(Effect.provide(fakeLayer(temp.root, page())))
  )

  it.scoped("a batch's snapshot row is the delta of the last snapshot, and the next one of that row", () =>
    Effect.gen(function* () {
      yield* snap()
      const batch = resultText(
        yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["click", "#add"],
              ["snapshot", "-i"],
              ["click", "#add"],
              ["snapshot", "-i"]
            ])
          },
          call
        )
      )
      expect(batch).toContain(`2. snapshot\nSince the last snapshot: 1 new (`)
      expect(batch).toMatch(
        /4\. snapshot\nSince the last snapshot: 1 new \(.*\n… 21 as before\n- button "Row 22" \[ref=e22\]$/
      )
      expect(yield* snap()).toMatch(/^No change since the last snapshot of this page \(22 lines/)
    }).pipe(Effect.provide(fakeLayer(temp.root, page())))
  )

  it.scoped("after pi compacts the model's context, the next snapshot is whole again", () =>
    Effect.gen(function* () {
      yield* snap()
      yield* forgetShownSnapshots
      expect(yield* snap()).toContain(`- button "Row 1" [ref=e1]`)
    }).pipe(Effect.provide(fakeLayer(temp.root, page())))
  )
})
