/** The stale-ref preflight rules, pure. */
import { describe, expect, it } from "vitest"
import { hiddenRefOf, preflightArgs, preflightBatch, samePage } from "../../src/session/refPreflight.js"
import type { RefSnapshot } from "../../src/domain/RefSnapshot.js"

const snapshot: RefSnapshot = {
  url: "http://app.test/form?step=1",
  daemonPid: "100",
  refs: new Map([
    ["e1", { role: "textbox", name: "Name" }],
    ["e2", { role: "checkbox", name: "Gift" }],
    ["e3", { role: "button", name: "Save" }],
    ["e4", { role: "link", name: "About" }]
  ])
}
const here = { pid: "100", url: "http://app.test/form" }

describe("preflightArgs", () => {
  it("lets current refs through, in every accepted spelling", () => {
    for (const ref of ["@e3", "e3", "ref=e3"]) expect(preflightArgs(["click", ref], snapshot, here)).toBeUndefined()
    expect(preflightArgs(["get", "text", "@e9"], snapshot, here)).toBeUndefined() // reads are not guarded
    expect(preflightArgs(["click", "#save"], snapshot, here)).toBeUndefined()
  })

  it("refuses refs from a restarted daemon, another page, or outside the latest snapshot, each with its reason", () => {
    const restarted = preflightArgs(["click", "@e3"], snapshot, { ...here, pid: "200" })
    expect(restarted).toMatchObject({ _tag: "StaleRef", reason: "daemon-restarted" })
    expect(restarted?.message).toContain("restarted")
    const moved = preflightArgs(["click", "@e3"], snapshot, { ...here, url: "http://app.test/about" })
    expect(moved).toMatchObject({ _tag: "StaleRef", reason: "page-moved" })
    expect(moved?.message).toContain("came from")
    const missing = preflightArgs(["fill", "@e9", "x"], snapshot, here)
    expect(missing).toMatchObject({ _tag: "StaleRef", reason: "not-in-snapshot" })
    expect(missing?.message).toContain("not in the latest snapshot")
  })

  it("does not guard without a snapshot or without observations", () => {
    expect(preflightArgs(["click", "@e9"], undefined, here)).toBeUndefined()
    expect(preflightArgs(["click", "@e3"], snapshot, { pid: undefined, url: undefined })).toBeUndefined()
  })
})

describe("preflightBatch", () => {
  const batch = (steps: ReadonlyArray<ReadonlyArray<string>>) => preflightBatch(JSON.stringify(steps), snapshot, here)

  it("allows same-snapshot form rows before a final submit", () => {
    expect(
      batch([
        ["fill", "@e1", "Ada"],
        ["check", "@e2"],
        ["click", "@e2"],
        ["click", "@e3"]
      ])
    ).toBeUndefined()
  })

  it("latches after a page-changing step until a snapshot step", () => {
    expect(
      batch([
        ["click", "@e4"],
        ["click", "@e3"]
      ])
    ).toMatchObject({ _tag: "StaleRef", reason: "after-page-change" })
    expect(
      batch([
        ["click", "@e4"],
        ["click", "@e3"]
      ])?.message
    ).toContain("batch step 2")
    expect(
      batch([
        ["open", "http://x"],
        ["fill", "@e1", "a"]
      ])?.message
    ).toContain("step 1 (open)")
    expect(
      batch([
        ["click", "@e4"],
        ["snapshot", "-i"],
        ["click", "@e77"]
      ])
    ).toBeUndefined()
  })

  it("a key press leaves the field the batch typed into (a to-do input: type, Enter, type again); other refs latch", () => {
    expect(
      batch([
        ["fill", "@e1", "Buy milk"],
        ["press", "Enter"],
        ["fill", "@e1", "Walk dog"],
        ["press", "Enter"]
      ])
    ).toBeUndefined()
    expect(
      batch([
        ["fill", "@e1", "Buy milk"],
        ["press", "Enter"],
        ["click", "@e3"]
      ])?.message
    ).toContain("step 2 (press)")
    expect(
      batch([
        ["click", "@e4"],
        ["press", "Enter"],
        ["fill", "@e1", "x"]
      ])?.message
    ).toContain("batch step 3")
    expect(
      batch([
        ["fill", "@e1", "a"],
        ["press", "Enter"],
        ["click", "@e4"],
        ["fill", "@e1", "b"]
      ])?.message
    ).toContain("batch step 3")
  })

  it("applies the direct rules to each step and ignores malformed stdin", () => {
    expect(batch([["fill", "@e9", "x"]])?.message).toContain("batch step 1")
    expect(preflightBatch("not json", snapshot, here)).toBeUndefined()
  })
})

describe("samePage", () => {
  it("ignores fragments, and the query only when the observation has none", () => {
    expect(samePage("http://a/p?x=1#top", "http://a/p")).toBe(true)
    expect(samePage("http://a/p?x=1", "http://a/p?x=2")).toBe(false)
    expect(samePage("http://a/p", "http://a/q")).toBe(false)
  })
})

describe("hiddenRefOf", () => {
  const marked: RefSnapshot = {
    ...snapshot,
    refs: new Map([
      ...snapshot.refs,
      ["e9", { role: "option", name: "France" }],
      ["e19", { role: "option", name: "France" }]
    ]),
    hidden: new Map([["e9", "e19"]])
  }

  it("refuses a pointer command on a ref the latest snapshot marked hidden, naming the reachable twin", () => {
    const refused = hiddenRefOf(["click", "@e9"], marked)
    expect(refused?._tag).toBe("SelectorNotFound")
    expect(refused?.message).toContain('@e9 (option "France") is hidden')
    expect(refused?.fallback).toEqual({ action: "click", refs: [{ ref: "e19", role: "option", name: "France" }] })
  })

  it("lets the twin, reads, and any ref after the page may have changed through", () => {
    expect(hiddenRefOf(["click", "@e19"], marked)).toBeUndefined()
    expect(hiddenRefOf(["get", "text", "@e9"], marked)).toBeUndefined()
    expect(
      hiddenRefOf(["click", "@e9"], { ...marked, changedSince: { command: "click", navigated: false } })
    ).toBeUndefined()
  })
})
