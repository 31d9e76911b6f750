/** Overlay evidence from a full snapshot tree: only open dialogs count, at most three dismiss-like controls. */
import { describe, expect, it } from "vitest"
import { overlayBlockersOf } from "../../src/snapshot/overlayBlockers.js"

describe("overlayBlockersOf", () => {
  it("names the dialog and its dismiss-like controls in tree order, at most three", () => {
    const tree = [
      '- heading "Shop" [level=1, ref=e1]',
      '- dialog "Newsletter"',
      '  - textbox "Email" [ref=e2]',
      '  - button "Close" [ref=e3]',
      '  - button "Subscribe" [ref=e4]',
      '  - button "No thanks" [ref=e5]',
      "- alertdialog",
      '  - button "×" [ref=e6]',
      '  - link "Not now" [ref=e7]',
      '- button "Dismiss" [ref=e8]'
    ].join("\n")
    const found = overlayBlockersOf(tree)
    expect(found?.dialogs).toEqual(['dialog "Newsletter"', "alertdialog"])
    expect(found?.candidates.map((c) => c.ref)).toEqual(["@e3", "@e5", "@e6"])
    expect(found?.candidates[0]).toEqual({
      ref: "@e3",
      role: "button",
      name: "Close",
      args: ["click", "@e3"],
      reason: 'inside open dialog "Newsletter"'
    })
  })

  it("dismiss words outside a dialog, or a dialog without one, are not evidence", () => {
    expect(
      overlayBlockersOf('- link "Privacy" [ref=e1]\n- button "Close" [ref=e2]\n- link "Sign in" [ref=e3]')
    ).toBeUndefined()
    expect(
      overlayBlockersOf('- dialog "Edit todo"\n  - textbox "Title" [ref=e1]\n  - button "Save" [ref=e2]')
    ).toBeUndefined()
  })
})
