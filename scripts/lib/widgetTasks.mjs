// The widget-libs tasks (fixtures/widget-libs: 9 libraries) for scripts/bench-widgets.mjs. `naive` is how a model first drives a
// page (snapshot, then act by ref, one command per call, following a failure's or a warning's first next action
// when there is one); it runs through the tool's `args` and, the same commands, through the raw agent-browser CLI
// (which gives no next actions). `best` is the tool's best mode (one job, controls known in advance). Every action
// names its effect as a page expression, read independently after the call: a success without it is a false
// success unless it warned, a warning with it is a wrong warning. `check` is the task's end state.
import { expandRuns } from "./snapshotRuns.mjs"

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The ref of the n-th `role "name"` in a snapshot (tool or CLI text), or throws (the task then fails honestly). */
const ref = (snapshot, role, name, nth = 1) => {
  const refs = [
    ...expandRuns(snapshot).matchAll(new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=(e\\d+)`, "g"))
  ].map((m) => m[1])
  if (refs[nth - 1] === undefined)
    throw new Error(`no ref for ${role} "${name}" #${nth} in ${JSON.stringify(snapshot.slice(0, 200))}`)
  return `@${refs[nth - 1]}`
}

const CHOSEN = `choices.getValue(true).join(",") === "Mushrooms"`
const COUNTRY = `tom.getValue() === "France"`
const DEPARTURE = `document.querySelector("#departure").value === "2025-03-20"`
const NOTE = `quill.getText().trim() === "Buy milk"`
const PROFILE = `document.querySelector("#name").value === "Ada" && document.querySelector("#subscribe").checked === true`
const SORTED = `JSON.stringify(grid.getColumnState().filter((c) => c.sort).map((c) => c.colId + ":" + c.sort)) === '["price:asc"]'`
const ORDER = `[...document.querySelectorAll("#tasks li")].map((li) => li.textContent).join(",") === "Build,Test,Design,Ship"`
const MESSAGE = `tinymce.activeEditor.getContent({ format: "text" }).trim() === "Hello there"`
/** The page's own record of the request Execute sends (resource timing: what the browser fetched). */
const EXECUTED = `performance.getEntriesByType("resource").some((e) => e.name.endsWith("/api/pets?limit=2"))`
const TRY_OUT = `document.querySelector(".try-out__btn") !== null`
const LIMIT_FIELD = `document.querySelector("input[placeholder=limit]") !== null`

export const widgetTasks = (u) => [
  {
    name: "Choices.js: choose a topping",
    check: CHOSEN,
    naive: async (s) => {
      await s.read(["open", u("/choices.html")])
      const snap = await s.read(["snapshot", "-i"])
      const miss = await s.act(["click", ref(snap, "option", "Mushrooms")], CHOSEN)
      // the tool's first next action clicks the widget's own option of that name
      if (miss.failed && miss.next !== undefined) await s.act(miss.next, CHOSEN)
    },
    best: [
      { action: "open", url: u("/choices.html") },
      { action: "click", selector: ".choices" },
      { action: "click", selector: ".choices__list--dropdown [data-value=Mushrooms]" },
      { action: "assertText", text: "Toppings: Mushrooms" }
    ]
  },
  {
    name: "Tom Select: choose a country",
    check: COUNTRY,
    naive: async (s) => {
      await s.read(["open", u("/tomselect.html")])
      await s.act(["click", ref(await s.read(["snapshot", "-i"]), "combobox", "Country")], "tom.isOpen")
      const miss = await s.act(["click", ref(await s.read(["snapshot", "-i"]), "option", "France")], COUNTRY)
      if (miss.failed && miss.next !== undefined) await s.act(miss.next, COUNTRY)
    },
    best: [
      { action: "open", url: u("/tomselect.html") },
      { action: "click", locator: "role", value: "combobox", name: "Country" },
      { action: "click", selector: ".ts-dropdown [data-value=France]" },
      { action: "assertText", text: "Country: France" }
    ]
  },
  {
    name: "flatpickr: pick a date",
    check: DEPARTURE,
    naive: async (s) => {
      await s.read(["open", u("/flatpickr.html")])
      const input = ref(await s.read(["snapshot", "-i"]), "textbox", "Departure")
      const fill = await s.act(["fill", input, "2025-03-20"], DEPARTURE)
      if (!fill.warned && !fill.failed) return
      // the first next action opens the picker and shows it in one job (its own snapshot lists the days)
      const opened = fill.next !== undefined ? await s.act(fill.next, "picker.isOpen") : undefined
      const calendar = opened?.text.includes("March 20, 2025") ? opened.text : await s.read(["snapshot", "-i"])
      await s.act(["click", ref(calendar, "generic", "March 20, 2025")], DEPARTURE)
    },
    best: [
      { action: "open", url: u("/flatpickr.html") },
      { action: "click", locator: "label", value: "Departure" },
      { action: "click", locator: "label", value: "March 20, 2025" },
      { action: "assertText", text: "Departure: 2025-03-20" }
    ]
  },
  {
    name: "Quill: write a note",
    check: NOTE,
    naive: async (s) => {
      await s.read(["open", u("/quill.html")])
      await s.act(["fill", ref(await s.read(["snapshot", "-i"]), "generic", "Note"), "Buy milk"], NOTE)
    },
    best: [
      { action: "open", url: u("/quill.html") },
      { action: "fill", locator: "label", value: "Note", text: "Buy milk" }
    ]
  },
  {
    name: "Shoelace: name and checkbox",
    check: PROFILE,
    naive: async (s) => {
      await s.read(["open", u("/shoelace.html")])
      const snap = await s.read(["snapshot", "-i"])
      await s.act(["fill", ref(snap, "textbox", "Name"), "Ada"], `document.querySelector("#name").value === "Ada"`)
      await s.act(
        ["click", ref(snap, "checkbox", "Subscribe to news")],
        `document.querySelector("#subscribe").checked === true`
      )
    },
    best: [
      { action: "open", url: u("/shoelace.html") },
      { action: "fill", locator: "role", value: "textbox", name: "Name", text: "Ada" },
      { action: "click", locator: "role", value: "checkbox", name: "Subscribe to news" }
    ]
  },
  {
    name: "TinyMCE (iframe body): write a message",
    check: MESSAGE,
    naive: async (s) => {
      await s.read(["open", u("/tinymce.html")])
      // its editor is built after load (a loaded machine can take seconds): the frame is waited for, in every strategy
      await s.read(["wait", ".tox-edit-area iframe", "--timeout", "60000"])
      await s.act(["fill", ref(await s.read(["snapshot", "-i"]), "Iframe", "Rich Text Area"), "Hello there"], MESSAGE)
    },
    best: [
      { action: "open", url: u("/tinymce.html") },
      { action: "fill", selector: ".tox-edit-area iframe", text: "Hello there" }
    ]
  },
  {
    name: "Swagger UI: call GET /api/pets?limit=2",
    check: EXECUTED,
    naive: async (s) => {
      await s.read(["open", u("/swagger.html")])
      await s.read(["wait", ".opblock-summary", "--timeout", "60000"])
      await s.act(["click", ref(await s.read(["snapshot", "-i"]), "button", "GET /api /pets List pets")], TRY_OUT)
      await s.act(["click", ref(await s.read(["snapshot", "-i"]), "button", "Try it out")], LIMIT_FIELD)
      const form = await s.read(["snapshot", "-i"])
      await s.act(
        ["fill", ref(form, "textbox", "limit"), "2"],
        `document.querySelector("input[placeholder=limit]").value === "2"`
      )
      await s.act(["click", ref(form, "button", "Execute")], EXECUTED)
    },
    best: [
      { action: "open", url: u("/swagger.html") },
      { action: "click", selector: ".opblock-summary" },
      { action: "click", selector: ".try-out__btn" },
      { action: "fill", selector: "input[placeholder=limit]", text: "2" },
      { action: "click", selector: ".execute" }
    ]
  },
  {
    name: "AG Grid: sort by price",
    check: SORTED,
    naive: async (s) => {
      await s.read(["open", u("/aggrid.html")])
      await s.act(["click", ref(await s.read(["snapshot", "-i"]), "columnheader", "Price")], SORTED)
    },
    best: [
      { action: "open", url: u("/aggrid.html") },
      { action: "click", locator: "role", value: "columnheader", name: "Price" }
    ]
  },
  {
    name: "SortableJS: move a task",
    check: ORDER,
    naive: async (s) => {
      await s.read(["open", u("/sortable.html")])
      const snap = await s.read(["snapshot", "-i", "-C"])
      await s.act(["drag", ref(snap, "listitem", "Design"), ref(snap, "listitem", "Test")], ORDER)
    },
    best: [
      { action: "open", url: u("/sortable.html") },
      { action: "drag", selector: "#tasks li:nth-child(1)", target: "#tasks li:nth-child(3)" },
      { action: "assertText", text: "Order: Build, Test, Design, Ship" }
    ]
  }
]
