/**
 * Locator misses as agent-browser 0.41.2 really answers them (messages captured from the binary): the right
 * category, said in the caller's terms, and never upstream's internal marker selector.
 */
import { describe, expect, it } from "vitest"
import { categoryOf } from "../../src/schema/ToolError.js"
import { stepRowOf } from "../../src/upstream/classifyReply.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { LOCATED_MARKER, locatorLabel } from "../../src/upstream/locatorMiss.js"

const MARKER_HIDDEN = "Element '[data-agent-browser-located='true']' is not visible, so the click would not reach it"
const classify = (message: string, argv: ReadonlyArray<string>) =>
  classifyErrorText(message, { stderr: "", exitCode: 1, argv })

describe("locator misses", () => {
  it("a text click whose first match is hidden is selector-not-found and names the text, not the marker", () => {
    const error = classify(MARKER_HIDDEN, ["find", "text", "Archive", "click"])
    expect(categoryOf(error)).toBe("selector-not-found")
    expect(error._tag === "SelectorNotFound" && error.selector).toBe('text "Archive"')
    expect(error.message).toBe(
      'The first element matching text "Archive" is hidden, so the click would not reach it (upstream acts on the first match).'
    )
    expect(JSON.stringify(error)).not.toContain("data-agent-browser-located")
  })

  it("a role that has no element yet (with or without a name) is selector-not-found", () => {
    const named = classify(
      "No element found: getByRole('tab', { name: 'Foo' }). Verify the selector, role, or name is correct and the element exists in the DOM.",
      ["find", "role", "tab", "click", "--name", "Foo"]
    )
    expect(categoryOf(named)).toBe("selector-not-found")
    expect(named._tag === "SelectorNotFound" && named.selector).toBe('role "tab" named "Foo"')
    const bare = classify(
      "No element found: getByRole('tab'). Verify the selector, role, or name is correct and the element exists in the DOM.",
      ["find", "role", "tab", "click"]
    )
    expect(bare._tag === "SelectorNotFound" && bare.selector).toBe('role "tab"')
  })

  it("an index past the matches and a hidden CSS target are selector-not-found", () => {
    const index = classify(
      "No element at index 2 for selector '.nope'. Verify the selector, role, or name is correct and the element exists in the DOM.",
      ["find", "nth", "2", ".nope", "click"]
    )
    expect(index._tag === "SelectorNotFound" && index.selector).toBe(".nope")
    const hidden = classify("Element '#hidden-save' is not visible, so the click would not reach it", [
      "click",
      "#hidden-save"
    ])
    expect(hidden._tag === "SelectorNotFound" && hidden.selector).toBe("#hidden-save")
  })

  it("other failures that quote the marker keep their category and say what was asked for instead", () => {
    const disabled = classify(
      "Element '[data-agent-browser-located='true']' is disabled, so the click would not reach it",
      ["find", "text", "Gone", "click"]
    )
    expect(categoryOf(disabled)).toBe("upstream-error")
    expect(disabled.message).toBe('Element text "Gone" is disabled, so the click would not reach it')
    const covered = classifyErrorText(
      "Element '[data-agent-browser-located='true']' is covered by <div#cover> at its click point",
      { stderr: `✗ Element '${LOCATED_MARKER}' is covered`, exitCode: 1, argv: ["find", "label", "Name", "click"] }
    )
    expect(JSON.stringify(covered)).not.toContain("data-agent-browser-located")
    expect(covered.message).toContain('Element label "Name" is covered')
  })

  it("a batch row is said in its own step's terms", () => {
    const row = stepRowOf({
      command: ["find", "text", "Archive", "click"],
      success: false,
      error: MARKER_HIDDEN,
      result: null
    })
    expect(row.success === false && categoryOf(row.error)).toBe("selector-not-found")
    expect(JSON.stringify(row)).not.toContain("data-agent-browser-located")
  })

  it("the existing locator rules are unchanged", () => {
    expect(
      categoryOf(
        classify(
          "No element found by label 'Nope'. Verify the selector, role, or name is correct and the element exists in the DOM.",
          ["find", "label", "Nope", "click"]
        )
      )
    ).toBe("selector-not-found")
    const names = classify('1 element has role "button", but none match name "Archive". Names seen: "Visible"', [
      "find",
      "role",
      "button",
      "click",
      "--name",
      "Archive"
    ])
    expect(names._tag === "SelectorNotFound" && names.selector).toBe('role "button" named "Archive"')
    expect(locatorLabel(["click", "#x"])).toBeUndefined()
  })
})
