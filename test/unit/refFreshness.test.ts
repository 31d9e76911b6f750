/** Whether a session's refs are still current after later calls: navigation marks them gone, page changes mark them unproven. */
import { describe, expect, it } from "@effect/vitest"
import { afterCall, preflightArgs, preflightBatch, provablyCurrent } from "../../src/session/refPreflight.js"
import type { RefSnapshot } from "../../src/domain/RefSnapshot.js"

const snap: RefSnapshot = {
  url: "http://127.0.0.1:9/plain.html?k=one",
  daemonPid: "42",
  refs: new Map([
    ["e1", { role: "textbox", name: "Password" }],
    ["e2", { role: "checkbox", name: "Remember" }]
  ])
}
const plain: RefSnapshot = { ...snap, url: "http://127.0.0.1:9/plain.html" }
const here = { pid: "42", url: "http://127.0.0.1:9/plain.html" } // the target file: origin and path only

describe("afterCall", () => {
  it("marks an open (also query-only) as a navigation, a click as a possible change, and leaves form rows alone", () => {
    expect(afterCall(snap, [["open", "http://127.0.0.1:9/plain.html?k=two"]]).changedSince).toEqual({
      command: "open",
      navigated: true
    })
    expect(afterCall(snap, [["click", "#go"]]).changedSince).toEqual({ command: "click", navigated: false })
    expect(
      afterCall(snap, [
        ["fill", "@e1", "x"],
        ["click", "@e2"],
        ["get", "title"]
      ])
    ).toBe(snap)
    expect(afterCall(afterCall(snap, [["click", "#go"]]), [["reload"]]).changedSince).toEqual({
      command: "reload",
      navigated: true
    })
  })
})

describe("stale refs after a query-only navigation", () => {
  it("the preflight refuses refs (direct and in a job's steps) once the page was navigated, though the target file shows the same path", () => {
    const moved = afterCall(snap, [["open", "http://127.0.0.1:9/plain.html?k=two"]])
    expect(preflightArgs(["fill", "@e1", "x"], snap, here)).toBeUndefined()
    expect(preflightArgs(["fill", "@e1", "x"], moved, here)?.message).toContain("navigated since (open)")
    expect(preflightBatch(JSON.stringify([["fill", "@e1", "x"]]), moved, here)?.message).toContain("batch step 1")
  })

  it("pre-resolution needs proof: same daemon, same URL with its query, nothing since", () => {
    expect(provablyCurrent(plain, here)).toBe(true)
    expect(provablyCurrent(snap, here)).toBe(false) // the query cannot be seen in the target file
    expect(provablyCurrent(afterCall(plain, [["open", "http://127.0.0.1:9/plain.html?k=two"]]), here)).toBe(false)
    expect(provablyCurrent(afterCall(plain, [["click", "#go"]]), here)).toBe(false)
    expect(provablyCurrent(plain, { ...here, pid: "43" })).toBe(false)
    expect(provablyCurrent({ ...plain, daemonPid: undefined }, here)).toBe(false)
  })
})
