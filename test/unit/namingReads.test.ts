/** The reads beside an interactive snapshot (standalone or a job/batch step), read into its naming, over recorded trees. */
import { describe, expect, it } from "vitest"
import type { StepRow } from "../../src/domain/Outcome.js"
import { namesControls, NAMING_ROWS, namingOf } from "../../src/page/namingReads.js"
import { TODOS_FULL, TODOS_INTERACTIVE } from "./recordedSnapshots.js"

const ok = (result: unknown): StepRow => ({ command: [], success: true, result })

describe("namingOf", () => {
  it("names the unnamed controls from the full tree's row and says a hidden twin on the same line", () => {
    const twins = ok({ result: { "checkbox\u0000": [false, true, true] } })
    const naming = namingOf(TODOS_INTERACTIVE, ok({ snapshot: TODOS_FULL }), twins)
    expect(naming?.contexts["e148"]).toBe('in listitem "Buy milk"')
    expect(naming?.contexts["e149"]).toBe('in listitem "Pay rent"')
    expect(naming?.contexts["e147"]).toBe('in listitem "Walk the dog"; hidden: a pointer cannot reach it; use @e148')
    expect(naming?.hidden).toEqual({ e147: "e148" })
    expect(naming?.pageTextChars).toBeGreaterThan(0)
  })

  it("adds nothing when the reads did not answer", () => {
    const failed: StepRow = { command: ["snapshot"], success: false, error: { _tag: "UpstreamFailure" } as never }
    expect(namingOf(TODOS_INTERACTIVE, failed, undefined)).toBeUndefined()
  })

  it("applies to interactive snapshots that are not deltas, with the full tree read first", () => {
    expect(namesControls(["snapshot", "-i"])).toBe(true)
    expect(namesControls(["snapshot", "--interactive", "-c"])).toBe(true)
    expect(namesControls(["snapshot", "-i", "--delta"])).toBe(false)
    expect(namesControls(["snapshot"])).toBe(false)
    expect(namesControls(["click", "-i"])).toBe(false)
    expect(NAMING_ROWS[0]).toEqual(["snapshot"])
  })
})
