/**
 * The one-process click's pure parts: which click targets the recorder can judge, how its read is decoded, and when
 * a click counts as a dispatch miss.
 */
import { describe, expect, it } from "vitest"
import type { RefSnapshot } from "../../src/domain/RefSnapshot.js"
import {
  clickDispatchMessage,
  clickDispatchOf,
  clickRecordOf,
  clickTargetOf,
  twinOf,
  widgetOptionClick
} from "../../src/page/clickDispatch.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { UpstreamFailed } from "../../src/schema/ToolError.js"

const refs: RefSnapshot = {
  refs: new Map([
    ["e1", { role: "button", name: "Save" }],
    ["e2", { role: "link", name: "Home" }],
    ["e3", { role: "button", name: "Save" }],
    ["e4", { role: "checkbox", name: "" }],
    ["e6", { role: "option", name: "Mushrooms" }],
    ["e11", { role: "option", name: "Mushrooms" }]
  ]),
  url: "http://127.0.0.1:1/",
  daemonPid: undefined
}

describe("clickTargetOf", () => {
  it("judges CSS selectors, xpath= targets and role-gated named refs (with their duplicate index)", () => {
    expect(clickTargetOf(["click", "#go"], refs)).toEqual({ kind: "selector", selector: "#go" })
    expect(clickTargetOf(["click", "xpath=//button"], refs)).toEqual({ kind: "xpath", selector: "//button" })
    expect(clickTargetOf(["click", "@e3"], refs)).toEqual({
      kind: "accessible",
      refId: "e3",
      role: "button",
      name: "Save",
      duplicateIndex: 1
    })
    expect(clickTargetOf(["click", "@e1"], refs)).toMatchObject({ duplicateIndex: 0 })
  })

  it("judges links and options (a widget's hidden native <option> is the observed false success)", () => {
    expect(clickTargetOf(["click", "@e2"], refs)).toEqual({
      kind: "accessible",
      refId: "e2",
      role: "link",
      name: "Home"
    })
    expect(clickTargetOf(["click", "@e6"], refs)).toEqual({
      kind: "accessible",
      refId: "e6",
      role: "option",
      name: "Mushrooms",
      duplicateIndex: 0
    })
  })

  it("leaves unnamed refs, unknown refs, locator dialects, flags and other commands to upstream", () => {
    expect(clickTargetOf(["click", "@e4"], refs)).toBeUndefined()
    expect(clickTargetOf(["click", "@e9"], refs)).toBeUndefined()
    expect(clickTargetOf(["click", "text=Save"], refs)).toBeUndefined()
    expect(clickTargetOf(["click", "#go", "--new-tab"], refs)).toBeUndefined()
    expect(clickTargetOf(["dblclick", "#go"], refs)).toBeUndefined()
  })

  it("judges find text|role clicks by what the locator could mean; other locators, actions and flags are left alone", () => {
    expect(clickTargetOf(["find", "text", "Olives", "click"], refs)).toEqual({ kind: "text", text: "Olives" })
    expect(clickTargetOf(["find", "text", "Olives", "click", "--exact"], refs)).toEqual({
      kind: "text",
      text: "Olives",
      exact: true
    })
    expect(clickTargetOf(["find", "role", "option", "click", "--name", "Olives"], refs)).toEqual({
      kind: "role",
      role: "option",
      name: "Olives"
    })
    expect(clickTargetOf(["find", "role", "button", "click"], refs)).toEqual({ kind: "role", role: "button" })
    expect(clickTargetOf(["find", "text", "Olives", "hover"], refs)).toBeUndefined()
    expect(clickTargetOf(["find", "label", "Email", "click"], refs)).toBeUndefined()
    expect(clickTargetOf(["find", "role", "button", "click", "--name"], refs)).toBeUndefined()
    expect(clickTargetOf(["find", "text", "Olives", "click", "--new-tab"], refs)).toBeUndefined()
    expect(clickTargetOf(["find", "text", " ", "click"], refs)).toBeUndefined()
  })
})

describe("clickDispatchOf", () => {
  const target = { kind: "selector", selector: "#go" } as const
  const record = (over: Partial<Record<string, unknown>>) =>
    clickRecordOf({ resolved: true, events: 5, hits: 0, landedOn: "div#cover", navigating: false, ...over })

  it("a resolved target no trusted event reached is a miss that says where the events landed", () => {
    const miss = clickDispatchOf(target, record({})!)
    expect(miss).toEqual({
      status: "no-native-event-observed",
      reason: "native-click-produced-no-target-dom-event",
      nativeEventCount: 5,
      target,
      landedOn: "div#cover"
    })
    expect(clickDispatchMessage(miss!)).toContain(
      "no trusted pointer or mouse event reached #go (5 landed on div#cover)"
    )
  })

  it("a hit, an unresolved target, a press no top-document event saw (a frame) or a navigation is not judged a miss", () => {
    expect(clickDispatchOf(target, record({ events: 0, landedOn: undefined })!)).toBeUndefined()
    expect(clickDispatchOf(target, record({ hits: 2 })!)).toBeUndefined()
    expect(clickDispatchOf(target, record({ resolved: false })!)).toBeUndefined()
    expect(clickDispatchOf(target, record({ navigating: true })!)).toBeUndefined()
  })

  it("a read from another document (no record) or a malformed one decodes to nothing", () => {
    expect(clickRecordOf(undefined)).toBeUndefined()
    expect(clickRecordOf({ resolved: "yes", events: 1, hits: 0 })).toBeUndefined()
  })
})

describe("a miss on a hidden native option or a hidden twin", () => {
  const target = { kind: "accessible", refId: "e6", role: "option", name: "Mushrooms", duplicateIndex: 0 } as const
  const record = clickRecordOf({
    resolved: true,
    nativeOption: true,
    events: 5,
    hits: 0,
    landedOn: "div.choices__inner",
    navigating: false
  })!

  it("names the reachable twin of the same role and name: the snapshot's mark first, else the only other ref", () => {
    expect(twinOf("e6", refs)).toBe("e11")
    expect(twinOf("e6", { ...refs, hidden: new Map([["e6", "e99"]]) })).toBe("e99")
    expect(
      twinOf("e1", { ...refs, refs: new Map([...refs.refs, ["e5", { role: "button", name: "Save" }]]) })
    ).toBeUndefined()
    const miss = clickDispatchOf(target, record, "e11")
    expect(miss).toMatchObject({ twin: "e11", nativeOption: true })
    expect(clickDispatchMessage(miss!)).toContain(
      "so it did not act on it. A pointer cannot reach that element; @e11 has the same role and name and can be reached: click @e11."
    )
  })

  it("without a twin, says it is a native <select>'s option under the page's widget and what to do", () => {
    const miss = clickDispatchOf(target, record)
    expect(clickDispatchMessage(miss!)).toContain(
      "It is an <option> of a native <select> that the page hides under its own widget"
    )
    expect(clickDispatchMessage(miss!)).toContain(
      "Click the widget's own option of that name: find role option click --name Mushrooms (resolved past the hidden one by a fresh snapshot -i)."
    )
  })

  it("offers first the role click that reaches the widget's own option, then the look; a target without a name only the look", () => {
    expect(widgetOptionClick(target)).toEqual(["find", "role", "option", "click", "--name", "Mushrooms"])
    expect(widgetOptionClick({ kind: "text", text: "Olives" })).toEqual([
      "find",
      "role",
      "option",
      "click",
      "--name",
      "Olives"
    ])
    expect(widgetOptionClick({ kind: "selector", selector: "#toppings option" })).toBeUndefined()
    const failed = formatFailure(
      undefined,
      new UpstreamFailed({ detail: "miss", stderr: "", exitCode: 0, clickDispatch: clickDispatchOf(target, record)! }),
      ["click", "@e6"]
    )
    expect(failed.nextActions.map((a) => [a.id, a.params?.args])).toEqual([
      ["retry-click-after-dispatch-miss", ["find", "role", "option", "click", "--name", "Mushrooms"]],
      ["inspect-click-dispatch-miss", ["snapshot", "-i"]]
    ])
    const unnamed = formatFailure(
      undefined,
      new UpstreamFailed({
        detail: "miss",
        stderr: "",
        exitCode: 0,
        clickDispatch: clickDispatchOf({ kind: "selector", selector: "#toppings option" }, record)!
      }),
      []
    )
    expect(unnamed.nextActions.map((a) => a.id)).toEqual(["inspect-click-dispatch-miss"])
  })
})
