/**
 * The step kinds and the select guidance on pages built from real npm UI libraries (fixtures/ui-apps): TodoMVC in
 * React (hover-revealed delete, double-click to edit, unnamed toggles), react-select, react-datepicker and a
 * sortablejs list, against the real agent-browser. Every test reads the page state back with the raw binary.
 */
import { describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { uiWorld } from "../support/uiApps.js"

const live = uiWorld()
const todos = () => `${live.apps.origin}/todo.html?items=Buy milk,Walk dog,Pay rent`
const widgets = () => `${live.apps.origin}/widgets.html`
const TITLES = `[...document.querySelectorAll(".todo-list li")].map((li) => (li.classList.contains("completed") ? "*" : "") + li.querySelector("label").textContent).join(",")`
const textAt = (selector: string) => `document.querySelector(${JSON.stringify(selector)}).textContent`
const sessionOf = (result: ToolResult): string => {
  const session = result.details.sessionName
  if (session === undefined) throw new Error(`no session in ${textOf(result)}`)
  return session
}
const ok = (result: ToolResult): ToolResult => {
  expect(result.isError, textOf(result)).toBe(false)
  return result
}

describe("TodoMVC (React)", () => {
  it("the delete button is hidden until hover; job hover + click deletes the row", async () => {
    const opened = ok(await live.tool.call({ args: ["open", todos()] }))
    const unhovered = await live.tool.call({ args: ["click", ".todo-list li:nth-child(2) .destroy"] })
    expect(unhovered.isError).toBe(true)
    expect(unhovered.details.failureCategory).toBe("selector-not-found")
    expect(textOf(unhovered)).toContain("It exists but is hidden: hover its row")
    expect(live.page(sessionOf(opened), TITLES)).toBe("Buy milk,Walk dog,Pay rent")
    const job = ok(
      await live.tool.call({
        job: {
          steps: [
            { action: "hover", selector: ".todo-list li:nth-child(2)" },
            { action: "click", selector: ".todo-list li:nth-child(2) .destroy" }
          ]
        }
      })
    )
    // the click's row says what the page shows after it: the count and the row it removed
    expect(textOf(job)).toBe(
      [
        "✓ 2/2 steps",
        "2. click .todo-list li:nth-child(2) .destroy",
        '   New text: "2"',
        '   Hidden: "Walk dog"; still shown in their list: "Buy milk"; "Pay rent"'
      ].join("\n")
    )
    expect(live.page(sessionOf(job), TITLES)).toBe("Buy milk,Pay rent")
    expect(live.page(sessionOf(job), textAt(".todo-count"))).toBe("2 items left")
  })

  it("dblclick a title opens the editor; fill + press Enter saves the new title", async () => {
    const job = ok(
      await live.tool.call({
        job: {
          steps: [
            { action: "open", url: todos() },
            { action: "dblclick", selector: ".todo-list li:nth-child(3) label" },
            { action: "fill", selector: ".todo-list li.editing .edit", text: "Pay rent today" },
            { action: "press", text: "Enter" }
          ]
        }
      })
    )
    expect(textOf(job)).toMatch(/^✓ 4\/4 steps\n1\. open/)
    expect(live.page(sessionOf(job), TITLES)).toBe("Buy milk,Walk dog,Pay rent today")
    expect(live.page(sessionOf(job), `document.querySelector(".todo-list li.editing") === null`)).toBe(true)
  })

  it("check and uncheck an unnamed input.toggle complete and reopen its todo", async () => {
    const checked = ok(
      await live.tool.call({
        job: {
          steps: [
            { action: "open", url: todos() },
            { action: "check", selector: ".todo-list li:nth-child(2) .toggle" }
          ]
        }
      })
    )
    const session = sessionOf(checked)
    expect(live.page(session, TITLES)).toBe("Buy milk,*Walk dog,Pay rent")
    expect(live.page(session, textAt(".todo-count"))).toBe("2 items left")
    ok(await live.tool.call({ semanticAction: { action: "uncheck", selector: ".todo-list li:nth-child(2) .toggle" } }))
    expect(live.page(session, TITLES)).toBe("Buy milk,Walk dog,Pay rent")
    expect(live.page(session, `document.querySelector(".todo-list li:nth-child(2) .toggle").checked`)).toBe(false)
  })
})

describe("widget libraries", () => {
  it("drag moves a sortablejs item (default options, native drag and drop) and the list reorders", async () => {
    const job = ok(
      await live.tool.call({
        job: {
          steps: [
            { action: "open", url: widgets() },
            { action: "drag", selector: "#sortable li:nth-child(3)", target: "#sortable li:nth-child(1)" }
          ]
        }
      })
    )
    expect(textOf(job)).toMatch(/^✓ 2\/2 steps\n1\. open/)
    // upstream's plain drag stops one place short under CPU load (page/dragLanding.ts): the row must then say so, as
    // the page holds it, and the retry it names must land
    if (textOf(job).includes("→ landed")) {
      expect(textOf(job)).toContain('→ landed after "Alpha" (position 2 of 3, aimed at 1). To move it on, drag it onto')
      expect(live.page(sessionOf(job), textAt("#order-result"))).toBe("Order: Alpha, Charlie, Bravo")
      ok(await live.tool.call({ args: ["drag", "#sortable li:nth-child(2)", "#sortable li:nth-child(1)", "--human"] }))
    }
    expect(live.page(sessionOf(job), textAt("#order-result"))).toBe("Order: Charlie, Alpha, Bravo")
    expect(
      live.page(sessionOf(job), `[...document.querySelectorAll("#sortable li")].map((li) => li.textContent).join(",")`)
    ).toBe("Charlie,Alpha,Bravo")
  })

  it("select on the react-select combobox fails with the combobox guidance (args, semanticAction, job); click + option click selects", async () => {
    const opened = ok(await live.tool.call({ args: ["open", widgets()] }))
    const session = sessionOf(opened)
    for (const input of [
      { args: ["select", "#speed-input", "Fast"] },
      { semanticAction: { action: "select", selector: "#speed-input", value: "Fast" } },
      { job: { steps: [{ action: "select", selector: "#speed-input", value: "Fast" }] } }
    ]) {
      const result = await live.tool.call(input)
      expect(result.isError, JSON.stringify(input)).toBe(true)
      expect(result.details.failureCategory).toBe("selector-not-found")
      expect(textOf(result)).toContain("#speed-input is not a native <select>, so select changed nothing")
      expect(textOf(result)).toContain("click it to open its list")
      expect(live.page(session, textAt("#speed-result"))).toBe("Selected: none")
    }
    ok(await live.tool.call({ semanticAction: { action: "click", locator: "role", value: "combobox", name: "Speed" } }))
    const snapshot = textOf(ok(await live.tool.call({ args: ["snapshot", "-i"] })))
    const option = /option "Fast"[^\n]*ref=(e\d+)/.exec(snapshot)?.[1]
    expect(option, snapshot).toBeDefined()
    const picked = textOf(ok(await live.tool.call({ args: ["click", `@${option}`] })))
    expect(live.page(session, textAt("#speed-result"))).toBe("Selected: Fast")
    // the result the page shows is said; react-select's screen-reader announcement ("option Fast, selected.") is not
    expect(picked).toContain('"Selected: Fast"')
    expect(picked).not.toContain("option Fast, selected")
  })

  it("react-datepicker: fill types a date; clicking the input and a calendar day picks one", async () => {
    const opened = ok(await live.tool.call({ args: ["open", widgets()] }))
    const session = sessionOf(opened)
    ok(
      await live.tool.call({
        semanticAction: { action: "fill", locator: "label", value: "Delivery date", text: "2025-03-14" }
      })
    )
    expect(live.page(session, textAt("#date-result"))).toBe("Date: 2025-03-14")
    ok(
      await live.tool.call({
        job: {
          steps: [
            { action: "press", text: "Escape" },
            { action: "click", selector: "#delivery-date" },
            { action: "click", locator: "role", value: "gridcell", name: "Choose Friday, March 21st, 2025" }
          ]
        }
      })
    )
    expect(live.page(session, textAt("#date-result"))).toBe("Date: 2025-03-21")
    expect(live.page(session, `document.querySelector("#delivery-date").value`)).toBe("2025-03-21")
  })

  it("react-datepicker's 42 days say the words every name shares once; a day's line gives the ref that picks it", async () => {
    const session = sessionOf(ok(await live.tool.call({ args: ["open", widgets()] })))
    ok(await live.tool.call({ args: ["click", "#delivery-date"] }))
    const shown = textOf(ok(await live.tool.call({ args: ["snapshot", "-i", "--full"] })))
    expect(shown).toContain('- gridcell ×42, each clickable, named "Choose …, 2025":')
    const day = /- "Friday, March 21st" \[ref=(e\d+)\]/.exec(shown)?.[1]
    expect(day, shown).toBeDefined()
    // upstream's own lines for the same calendar, read with the raw binary: every day's whole name, longer
    const raw = live.world.raw(["--session", session, "snapshot", "-i"])
    expect(raw).toContain('gridcell "Choose Friday, March 21st, 2025"')
    expect(shown.length).toBeLessThan(raw.length)
    ok(await live.tool.call({ args: ["click", `@${day}`] }))
    expect(live.page(session, textAt("#date-result"))).toBe("Date: 2025-03-21")
  })

  it("a job that opens the page and fills the late widget's Tags input (rendered 800 ms after load) waits for it", async () => {
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: widgets() },
          { action: "fill", locator: "label", value: "Tags", text: "urgent" },
          { action: "click", locator: "role", value: "button", name: "Save tags" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(job.details.readinessWait?.waitedMs).toBeGreaterThan(0)
    expect(live.page(sessionOf(job), textAt("#tags-result"))).toBe("Tags saved: urgent")
  })
})
