/**
 * `find`'s grammar read once (upstream/findArgs.ts): `find nth <index> <selector> <action>` takes its action one place
 * later than the other locators. Before, the result read `li button: nth "1"` (the selector taken for the action) and
 * an nth fill's text was never checked for a secret-named field.
 */
import { describe, expect, it } from "vitest"
import { ACTION_TEXTS } from "../../src/presenters/text/actionText.js"
import { redactArgs } from "../../src/redaction/redactArgs.js"
import { findArgsOf } from "../../src/upstream/findArgs.js"

const findText = ACTION_TEXTS.find(([command]) => command === "find")?.[1]
const said = (positionals: ReadonlyArray<string>, data: Record<string, unknown> = { clicked: "x" }) =>
  findText?.({
    positionals,
    command: "find",
    sub: positionals[1],
    target: positionals[1] ?? "",
    data,
    sessionName: undefined,
    crashedTabs: []
  })?.text

describe("find's parts (#45)", () => {
  it("reads each locator's value, action and its place; nth's selector", () => {
    expect(findArgsOf(["find", "text", "Save", "click"])).toEqual({
      locator: "text",
      value: "Save",
      action: "click",
      actionAt: 3
    })
    expect(findArgsOf(["find", "nth", "1", "li button", "click"])).toEqual({
      locator: "nth",
      value: "1",
      selector: "li button",
      action: "click",
      actionAt: 4
    })
    expect(findArgsOf(["find", "role", "button", "click", "--name", "Go"])).toMatchObject({ name: "Go" })
    expect(findArgsOf(["find", "last", ".row"])).toEqual({ locator: "last", value: ".row", action: "click" })
    expect(findArgsOf(["click", "#a"])).toBeUndefined()
  })

  it("says what an nth action acted on", () => {
    expect(said(["find", "nth", "1", "li button", "click"])).toBe('Clicked nth 1 "li button"')
    expect(said(["find", "nth", "0", ".card", "hover"], { hovered: "x" })).toBe('Hovered nth 0 ".card"')
    expect(said(["find", "last", "li button", "click"])).toBe('Clicked last "li button"')
  })

  it("an nth fill into a field named like a secret keeps its text hidden, as the other locators do", () => {
    expect(redactArgs(["find", "nth", "0", "input.password", "fill", "hunter2"]).secrets).toContain("hunter2")
    expect(redactArgs(["find", "label", "Password", "fill", "hunter2"]).secrets).toContain("hunter2")
    expect(redactArgs(["find", "nth", "0", "input.city", "fill", "Oslo"]).secrets).not.toContain("Oslo")
  })
})
