// Cases: upstream's other locators (alt, title, testid, first/last/nth, role with a substring name, `text` as the
// action), what eval gives back for values a page commonly returns, and a trace file. Each effect is read outside
// the tool: the page's own log, a raw `agent-browser eval`, or the file on disk.
import { saw, says, show } from "./helpers.mjs"

const item = (i, label) => `<li><button id="i${i}" onclick="log('click',{id:this.id})">${label}</button></li>`
const list = `<ul>${item(0, "Open first")}${item(1, "Open second")}${item(2, "Open third")}</ul>`
const clickedId = (id) => (c) => c.waitEvent("click", (e) => e.id === id)

export const finds = [
  {
    id: "find.alt-image-link",
    page: `<a href="#" onclick="log('click',{id:'logo'});return false"><img alt="Company logo" width="20" height="20"></a>`,
    act: () => [["find", "alt", "Company logo", "click"]],
    effect: clickedId("logo"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "find.title-attribute",
    page: `<button id="x" title="Close dialog" onclick="log('click',{id:'x'})">×</button>`,
    act: () => [["find", "title", "Close dialog", "click"]],
    effect: clickedId("x"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "find.testid",
    page: `<button data-testid="save-btn" onclick="log('click',{id:'save'})">Save</button>`,
    act: () => [["find", "testid", "save-btn", "click"]],
    effect: clickedId("save"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "find.last-of-list",
    page: list,
    act: () => [["find", "last", "li button", "click"]],
    effect: clickedId("i2"),
    said: (t) => says(t, /click/i),
    wrong: (t, c) => (c.has("click", (e) => e.id !== "i2") ? "clicked another item" : undefined)
  },
  {
    id: "find.nth-of-list",
    page: list,
    act: () => [["find", "nth", "1", "li button", "click"]],
    effect: clickedId("i1"),
    said: (t) => says(t, /click/i),
    wrong: (t, c) => (c.has("click", (e) => e.id !== "i1") ? "clicked another item" : undefined)
  },
  {
    id: "find.role-heading-text",
    page: `<h2>Quarterly report 2025</h2><p>body</p>`,
    act: () => [["find", "role", "heading", "text", "--name", "Quarterly"]],
    effect: async (c) => saw((await c.eval("document.querySelector('h2').textContent")) !== undefined, "heading"),
    said: (t) => says(t, "Quarterly report 2025")
  },
  {
    id: "find.label-fill",
    page: `<label for="em">Work email</label><input id="em">`,
    act: () => [["find", "label", "Work email", "fill", "ada@example.org"]],
    effect: async (c) => {
      const v = await c.eval("em.value")
      return saw(v === "ada@example.org", `value ${show(v)}`)
    },
    said: (t) => says(t, "ada@example.org")
  }
]

export const evals = [
  {
    id: "eval.promise-value",
    page: `<p>x</p>`,
    act: () => [["eval", "new Promise((r) => setTimeout(() => r(6 * 7), 200))"]],
    effect: async () => saw(true, "nothing to change"),
    said: (t) => says(t, "42")
  },
  {
    id: "eval.object-value",
    page: `<p>x</p>`,
    act: () => [["eval", "({ total: 3, items: ['a', 'b'] })"]],
    effect: async () => saw(true, "nothing to change"),
    said: (t) => says(t, "total") && says(t, '"b"')
  },
  {
    id: "eval.undefined-value",
    page: `<p>x</p>`,
    act: () => [["eval", "window.doesNotExist"]],
    effect: async () => saw(true, "nothing to change"),
    said: (t) => says(t, /undefined|no value/i),
    wrong: (t) => (/^✓ Done\s*$/.test(t.trim()) ? "says done with no value" : undefined)
  },
  {
    id: "eval.changes-page",
    page: `<p id="p">old</p>`,
    act: () => [["eval", "p.textContent = 'new text 9'; 'ok'"]],
    effect: async (c) => saw((await c.eval("p.textContent")) === "new text 9", "changed"),
    said: (t) => says(t, "ok")
  }
]

export const traces = [
  {
    id: "trace.start-stop",
    page: `<button id="b" onclick="log('click')">Go</button>`,
    act: (c) => [
      ["trace", "start"],
      ["click", "#b"],
      ["trace", "stop", c.rel("run.zip")]
    ],
    effect: (c) => c.until(() => (c.file("run.zip")?.length ?? 0) > 100, 5000),
    said: (t) => says(t, "run.zip")
  }
]
