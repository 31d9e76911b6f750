// Cases: reading the page (snapshots and their search). The page's own text is known; the check is whether the
// text shows what was asked for and nothing it should have left out.
import { saw, says } from "./helpers.mjs"

const items = Array.from({ length: 30 }, (_, i) => `<li>Invoice ${i + 1}</li>`)
const invoices = `<h1>Invoices</h1><ul>${items.join("")}</ul>`
const rendered = (needle) => async (c) => saw(String(await c.eval("document.body.innerText")).includes(needle), "shown")
const withRef = (line) => new RegExp(`${line}[^\\n]*ref=e\\d+`)
const lineOf = (t, needle) => t.split("\n").some((l) => new RegExp(`\\b${needle}\\b`).test(l))

export const snapshots = [
  {
    id: "snapshots.interactive-refs",
    page: `<button>Alpha</button><a href="#x">Beta link</a><input aria-label="Gamma">`,
    act: () => [["snapshot", "-i"]],
    effect: rendered("Alpha"),
    said: (t) => ['button "Alpha"', 'link "Beta link"', 'textbox "Gamma"'].every((l) => withRef(l).test(t))
  },
  {
    id: "snapshots.search-literal",
    page: invoices,
    act: () => [["snapshot", "--search", "Invoice 17"]],
    effect: rendered("Invoice 17"),
    said: (t) => lineOf(t, "Invoice 17") && !lineOf(t, "Invoice 18")
  },
  {
    id: "snapshots.search-regex",
    primitive: "regex search",
    page: invoices,
    act: () => [["snapshot", "--search", "/Invoice 1[0-2]\\b/"]],
    effect: rendered("Invoice 12"),
    said: (t) => lineOf(t, "Invoice 10") && lineOf(t, "Invoice 12") && !lineOf(t, "Invoice 13")
  },
  {
    id: "snapshots.search-context",
    primitive: "search context",
    page: invoices,
    act: () => [["snapshot", "--search", "Invoice 17", "--context", "1"]],
    effect: rendered("Invoice 17"),
    said: (t) => lineOf(t, "Invoice 16") && lineOf(t, "Invoice 18") && !lineOf(t, "Invoice 25")
  },
  {
    id: "snapshots.depth-one",
    page: `<main><h1>Quarterly report</h1><p>Revenue grew.</p></main>`,
    act: () => [["snapshot", "-d", "1"]],
    effect: rendered("Quarterly report"),
    said: (t) => says(t, /main|heading|Quarterly/),
    wrong: (t) =>
      t.trim().length < 20 && !/empty|nothing/i.test(t) ? "an empty success; the page has text" : undefined
  },
  {
    id: "snapshots.hidden-text-left-out",
    page: `<p>Visible note</p><p style="display:none">Secret draft text</p>`,
    act: () => [["snapshot"]],
    effect: rendered("Visible note"),
    said: (t) => says(t, "Visible note") && !says(t, "Secret draft text")
  },
  {
    id: "snapshots.iframe-content",
    page: `<h1>Host page</h1><iframe id="f" src="inner"></iframe>`,
    files: { inner: `<p>Inner frame paragraph</p><button>Inner action</button>` },
    setup: (c) => [
      ["open", c.url],
      ["wait", "#f"]
    ],
    act: () => [["snapshot"]],
    effect: async () => saw(true, "the frame has its content"),
    said: (t) => says(t, "Inner action")
  },
  {
    id: "snapshots.get-text",
    page: `<p id="total">Total: 42.50 EUR</p>`,
    act: () => [["get", "text", "#total"]],
    effect: rendered("42.50"),
    said: (t) => says(t, "Total: 42.50 EUR")
  }
]
