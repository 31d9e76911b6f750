// Cases: controls inside an open shadow root, inside a same-origin iframe, waits that outlast a slow page, reads
// (is, get attr, get count, get value) and a PDF. Each effect is read outside the tool: the page's own log, a raw
// `agent-browser eval` of the real state, or the file on disk.
import { loggedButton, refIn, saw, says, show } from "./helpers.mjs"

/** A page whose one element hosts an open shadow root holding `inner`. */
const shadowHost = (inner) =>
  `<h1>Card</h1><div id="host"></div><script>host.attachShadow({mode:"open"}).innerHTML=${JSON.stringify(inner)}` +
  "</script>"
const inShadow = (sel) => `host.shadowRoot.querySelector(${JSON.stringify(sel)})`
const withSnapshot = (c) => [
  ["open", c.url],
  ["snapshot", "-i"]
]
const clickedOnce = (c) => c.waitEvent("click")

export const shadows = [
  {
    id: "shadow.click-by-ref",
    page: shadowHost(`<button onclick="log('click')">Save draft</button>`),
    setup: withSnapshot,
    act: (c) => [["click", refIn(c.last, "button", "Save draft")]],
    effect: clickedOnce,
    said: (t) => says(t, /click/i)
  },
  {
    id: "shadow.fill-by-ref",
    page: shadowHost(`<label>Nickname <input id="nick"></label>`),
    setup: withSnapshot,
    act: (c) => [["fill", refIn(c.last, "textbox", "Nickname"), "Ada"]],
    effect: async (c) => {
      const v = await c.eval(`${inShadow("#nick")}.value`)
      return saw(v === "Ada", `value ${show(v)}`)
    },
    said: (t) => says(t, "Ada")
  },
  {
    // the label is built in script, as a web component's is, so no page text outside the shadow root holds it
    id: "shadow.click-by-text",
    page:
      `<h1>Card</h1><div id="host"></div><script>const b=document.createElement("button");` +
      `b.textContent="Publish"+" now";b.onclick=()=>log("click");host.attachShadow({mode:"open"}).append(b)</script>`,
    act: () => [["find", "text", "Publish now", "click"]],
    effect: clickedOnce,
    said: (t) => says(t, /click/i)
  }
]

const framed = (inner) => ({
  page: `<h1>Checkout</h1>${loggedButton("outer", "Outer help")}<iframe id="f" src="inner"></iframe>`,
  files: { inner }
})
const frameReady = (c) => [
  ["open", c.url],
  ["wait", "#f"]
]
const innerValue = (sel) => `document.querySelector('#f').contentDocument.querySelector(${JSON.stringify(sel)}).value`

export const frames = [
  {
    id: "frames.fill-inside",
    ...framed(`<label>City <input id="city"></label>`),
    setup: frameReady,
    act: () => [
      ["frame", "#f"],
      ["fill", "#city", "Oslo"]
    ],
    teardown: () => [["frame", "main"]],
    effect: async (c) => {
      const v = await c.eval(innerValue("#city"))
      return saw(v === "Oslo", `value ${show(v)}`)
    },
    said: (t) => says(t, "Oslo")
  },
  {
    id: "frames.ref-from-snapshot",
    ...framed(`<button onclick="parent.log('click',{inner:true})">Pay now</button>`),
    setup: (c) => [...frameReady(c), ["snapshot", "-i"]],
    act: (c) => [["click", refIn(c.last, "button", "Pay now")]],
    effect: (c) => c.waitEvent("click", (e) => e.inner === true),
    said: (t) => says(t, /click/i)
  },
  {
    id: "frames.back-to-main",
    ...framed(`<p>Inner</p>`),
    setup: (c) => [...frameReady(c), ["frame", "#f"]],
    act: () => [
      ["frame", "main"],
      ["click", "#outer"]
    ],
    effect: (c) => c.waitEvent("click", (e) => e.id === "outer"),
    said: (t) => says(t, /click/i)
  }
]

export const waits = [
  {
    id: "waits.selector-hidden",
    page: `<p id="sp">Loading results</p><script>setTimeout(()=>{sp.hidden=true;log('hidden')},800)</script>`,
    act: () => [["wait", "#sp", "--state", "hidden"]],
    effect: async (c) => {
      const hidden = await c.eval("sp.hidden")
      return saw((await c.waitEvent("hidden")) && hidden === true, `hidden ${show(hidden)}`)
    },
    said: (t) => says(t, /hidden|gone|#sp/i)
  },
  {
    id: "waits.text-appears-later",
    page: `<div id="out"></div><script>setTimeout(()=>{out.textContent='Order #42 confirmed'},800)</script>`,
    act: () => [["wait", "--text", "Order #42"]],
    effect: async (c) => saw(String(await c.eval("out.textContent")).includes("Order #42"), "shown"),
    said: (t) => says(t, "Order #42")
  },
  {
    id: "waits.function-true",
    page: `<script>setTimeout(()=>{window.ready=1;log('ready')},800)</script>`,
    act: () => [["wait", "--fn", "window.ready === 1"]],
    effect: (c) => c.waitEvent("ready"),
    said: (t) => says(t, /true|ready|met|done/i)
  }
]

export const reads = [
  {
    id: "reads.is-checked",
    page: `<label><input type="checkbox" id="c" checked> Subscribe</label>`,
    act: () => [["is", "checked", "#c"]],
    effect: async (c) => saw((await c.eval("c.checked")) === true, "checked"),
    said: (t) => says(t, /true|checked/i) && !says(t, /false|not checked/i)
  },
  {
    id: "reads.is-visible-false",
    page: `<p id="p" hidden>Draft note</p>`,
    act: () => [["is", "visible", "#p"]],
    effect: async (c) => saw((await c.eval("p.checkVisibility()")) === false, "hidden"),
    said: (t) => says(t, /false|not visible|hidden/i),
    wrong: (t) => (/\btrue\b/.test(t) ? "says the hidden element is visible" : undefined)
  },
  {
    id: "reads.attribute-missing",
    page: `<a id="a">Plain anchor</a>`,
    act: () => [["get", "attr", "#a", "href"]],
    effect: async (c) => saw((await c.eval("a.getAttribute('href')")) === null, "no href"),
    said: (t) => says(t, /null|no href|not set|missing|absent|has no/i),
    wrong: (t) => (/^✓ Done\s*$/.test(t.trim()) ? "says done with no value" : undefined)
  },
  {
    id: "reads.count",
    page: `<ul><li>one</li><li>two</li><li>three</li></ul>`,
    act: () => [["get", "count", "li"]],
    effect: async (c) => saw((await c.eval("document.querySelectorAll('li').length")) === 3, "3 items"),
    said: (t) => says(t, /\b3\b/)
  },
  {
    id: "reads.value-set-by-page",
    page: `<input id="n" aria-label="Quantity"><script>n.value = "42"</script>`,
    act: () => [["get", "value", "#n"]],
    effect: async (c) => saw((await c.eval("n.value")) === "42", "42"),
    said: (t) => says(t, "42")
  }
]

export const pdfs = [
  {
    id: "pdf.save",
    page: `<h1>Invoice 7</h1><p>Total 12 EUR</p>`,
    act: (c) => [["pdf", c.rel("invoice.pdf")]],
    effect: (c) => c.until(() => c.file("invoice.pdf")?.subarray(0, 5).toString() === "%PDF-", 3000),
    said: (t) => says(t, "invoice.pdf")
  }
]
