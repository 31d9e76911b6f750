/**
 * C3: the compact `snapshot -i` view never hides an editable control without naming it. Editable fields are kept
 * before buttons and links; controls worth acting on that still do not fit are named in `Omitted high-value controls`
 * (and `highValueControlRefIds`); the `Not shown` line counts what was cut by role and says how to list it.
 * Real-browser counterpart: test/integration/contractRowsH43.test.ts.
 */
import { describe, expect, it } from "vitest"
import { presentSnapshot } from "../../src/presenters/text/presentSnapshot.js"
import {
  compactInteractive,
  HIGH_VALUE_LINES,
  INTERACTIVE_BYTES,
  notShownLine
} from "../../src/snapshot/compactInteractive.js"
import { parseSnapshot } from "../../src/snapshot/parseSnapshot.js"

const buttons = (n: number, from = 10) =>
  Array.from({ length: n }, (_, i) => `- button "Action number ${i}" [ref=e${from + i}]`)

describe("C3: compact snapshot -i keeps editable fields and names the controls it cuts", () => {
  it("600 buttons then a search box, a contenteditable and a checkbox: the fields are listed, cut buttons named", () => {
    const raw = [
      ...buttons(600),
      '- searchbox "Search" [ref=e900]',
      '- generic "Notes" [ref=e901] editable [contenteditable]: draft',
      '- checkbox "Agree" [checked=false, ref=e902]'
    ].join("\n")
    const view = compactInteractive(raw, "http://127.0.0.1/dense.html")
    const [list = "", rest = ""] = view.text.split("\nOmitted high-value controls")
    expect(list).toContain('\nsearchbox "Search" @e900\n')
    expect(list).toContain('\ngeneric "Notes" @e901 [editable]: draft\n')
    expect(list).toContain('\ncheckbox "Agree" @e902 [checked=false]')
    // the cut buttons: the first of them named by role, name and ref, the others counted, with the filter
    const named = rest.split("\n").filter((l) => l.startsWith("button "))
    expect(named).toHaveLength(HIGH_VALUE_LINES)
    expect(view.meta.highValueControlRefIds).toEqual(named.map((l) => /@(e\d+)/.exec(l)?.[1]))
    const left = 603 - Number(/(\d+) of 603 refs shown/.exec(view.text)?.[1] ?? "0")
    expect(left).toBeGreaterThan(300)
    expect(rest).toContain(`(${left} more: snapshot -i --filter role=button)`)
    expect(view.text).toContain(
      `\nNot shown: ${left} button. List them by role: snapshot -i --filter role=button; by name: snapshot -i --search <text>.`
    )
    expect(view.text).not.toContain("navigation links")
    expect(view.omitted).toEqual({ button: left })
    expect(view.meta.previewSections.map((s) => s.title)).toEqual([
      "Interactive elements",
      "Omitted high-value controls"
    ])
    expect(Buffer.byteLength(view.text)).toBeLessThanOrEqual(INTERACTIVE_BYTES + 600)
  })

  it("more editable fields than the budget holds: the list is fields only, and the section names more fields first", () => {
    const raw = [
      ...buttons(5),
      ...Array.from({ length: 400 }, (_, i) => `- textbox "Field number ${i}" [ref=e${1000 + i}]`)
    ].join("\n")
    const view = compactInteractive(raw, "http://127.0.0.1/form.html")
    const [list = "", rest = ""] = view.text.split("\nOmitted high-value controls")
    expect(list).not.toContain('button "Action')
    const named = rest.split("\n").filter((l) => l.startsWith("textbox "))
    expect(named).toHaveLength(HIGH_VALUE_LINES)
    expect(rest).toMatch(/\n\(\d+ more: snapshot -i --filter role=textbox, snapshot -i --filter role=button\)/)
    expect(view.text).toMatch(
      /\nNot shown: \d+ textbox, 5 button\. List them by role: snapshot -i --filter role=textbox;/
    )
  })

  it("a page whose controls all fit: no section; cut links are counted as links, repeats said as such", () => {
    const raw = [
      '- textbox "Search" [ref=e1]',
      ...Array.from({ length: 600 }, (_, i) => `- link "Nav ${i}" [ref=e${i + 10}]`),
      ...Array.from({ length: 5 }, (_, i) => `- link "Nav ${i}" [ref=e${i + 700}]`)
    ].join("\n")
    const view = compactInteractive(raw, "https://news.test/")
    expect(view.text).not.toContain("Omitted high-value controls")
    expect(view.meta.highValueControlRefIds).toBeUndefined()
    expect(view.text).toMatch(
      /\nNot shown: \d+ link \(5 of them repeat a link name or have none\)\. List them by role: snapshot -i --filter role=link;/
    )
  })

  it("notShownLine: by role, most first; nothing cut says nothing", () => {
    expect(notShownLine({ link: 3, button: 40 }, 0)).toBe(
      "Not shown: 40 button, 3 link. List them by role: snapshot -i --filter role=button; by name: snapshot -i --search <text>."
    )
    expect(notShownLine({}, 0)).toBe("")
  })

  it("parseSnapshot reads upstream's marks after the attributes, and the value after them", () => {
    const root = parseSnapshot(
      '- generic "Notes" [ref=e2] editable [contenteditable]: x\n- generic "Go" [ref=e3] clickable [cursor:pointer, onclick]'
    )
    expect(root.children[0]).toMatchObject({ role: "generic", ref: "e2", marks: ["editable"], value: "x" })
    expect(root.children[1]).toMatchObject({ ref: "e3", marks: ["clickable"], value: undefined })
  })

  it("presentSnapshot: the section's refs are details' highValueControlRefIds", () => {
    const raw = [...buttons(600), '- searchbox "Search" [ref=e900]'].join("\n")
    const p = presentSnapshot(["snapshot", "-i"], { origin: "http://127.0.0.1/dense.html", refs: {}, snapshot: raw })
    expect(p.text).toContain('\nsearchbox "Search" @e900\n')
    expect(p.compaction?.highValueControlRefIds).toHaveLength(HIGH_VALUE_LINES)
  })
})
