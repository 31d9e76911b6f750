// Cases: a native select with a disabled option and one whose change updates the page, a contenteditable editor, a
// page that moves on by itself after load, a long list, and keys on a focused control. Each effect is read outside
// the tool: the page's own log or a raw `agent-browser eval` of its real state.
import { refIn, saw, says, show } from "./helpers.mjs"

const shipping =
  `<label>Shipping <select id="s" onchange="tot.textContent='Total '+(this.value==='fast'?19:12)+' EUR';` +
  `log('change',{v:this.value})"><option value="std">Standard</option><option value="fast">Express</option>` +
  `<option value="drone" disabled>Drone</option></select></label><p id="tot">Total 12 EUR</p>`

export const selects = [
  {
    id: "selects.disabled-option",
    refusal: true,
    page: shipping,
    act: () => [["select", "#s", "drone"]],
    effect: async (c) => {
      const v = await c.eval("s.value")
      return saw(v === "std", `value ${show(v)}`)
    },
    said: (t) => says(t, /disabled/i)
  },
  {
    // the same by the ref a snapshot gave the select (the path a model takes first)
    id: "selects.disabled-option-by-ref",
    refusal: true,
    page: shipping,
    setup: (c) => [
      ["open", c.url],
      ["snapshot", "-i"]
    ],
    act: (c) => [["select", refIn(c.last, "combobox", "Shipping"), "drone"]],
    effect: async (c) => {
      const v = await c.eval("s.value")
      return saw(v === "std", `value ${show(v)}`)
    },
    said: (t) => says(t, /disabled/i)
  },
  {
    id: "selects.change-updates-page",
    page: shipping,
    act: () => [["select", "#s", "Express"]],
    effect: async (c) => {
      const v = (await c.waitEvent("change")) ? await c.eval("tot.textContent") : undefined
      return saw(v === "Total 19 EUR", `total ${show(v)}`)
    },
    said: (t) => says(t, "Express")
  }
]

const editorText = async (c, want) => {
  const v = await c.eval("ed.innerText.trim()")
  return saw(v === want, `editor holds ${show(v)}`)
}

export const editors = [
  {
    id: "editor.fill-empty",
    page: `<div id="ed" contenteditable style="min-height:40px;border:1px solid" oninput="log('input')"></div>`,
    act: () => [["fill", "#ed", "Meeting at noon"]],
    effect: (c) => editorText(c, "Meeting at noon"),
    said: (t) => says(t, "Meeting at noon")
  },
  {
    id: "editor.fill-replaces",
    page: `<div id="ed" contenteditable oninput="log('input')"><p>Old <b>draft</b> text</p></div>`,
    act: () => [["fill", "#ed", "New text"]],
    effect: (c) => editorText(c, "New text"),
    said: (t) => says(t, "New text"),
    wrong: (t) => (/Old draft/.test(t) && !/New text/.test(t) ? "names the old text" : undefined)
  }
]

const finalPage = { final: `<title>Final page</title><h1>Landed</h1><script>log('arrived')</script>` }
const landed = async (c) => {
  const title = (await c.waitEvent("arrived", undefined, 3000)) ? await c.eval("document.title") : undefined
  return saw(title === "Final page", `title ${show(title)}`)
}
// the read right after open must not name the page the browser already left
const leftBehind = (t, c) => (/Start page/.test(c.last) ? "the read names the page the browser left" : undefined)

export const selfnavs = [
  {
    id: "selfnav.meta-refresh",
    page: `<title>Start page</title><meta http-equiv="refresh" content="0;url=final"><p>Moving</p>`,
    files: finalPage,
    setup: () => [],
    act: (c) => [
      ["open", c.url],
      ["get", "title"]
    ],
    effect: landed,
    said: (t, c) => says(c.last, "Final page"),
    wrong: leftBehind
  },
  {
    id: "selfnav.replace-after-300ms",
    page: `<title>Start page</title><p>Moving</p><script>setTimeout(()=>location.replace('final'),300)</script>`,
    files: finalPage,
    setup: () => [],
    act: (c) => [
      ["open", c.url],
      ["get", "title"]
    ],
    effect: landed,
    // no `wrong`: the read runs about 20 ms after the open answers, before the page's 300 ms timer moves it on, so
    // "Start page" is the title it had then (the raw CLI reads the same); that the page will move later is unsaid
    said: (t, c) => says(c.last, "Final page")
  }
]

const rows = (n, tag) => Array.from({ length: n }, (_, i) => tag(i + 1)).join("")

export const longlists = [
  {
    id: "longlist.count-500",
    page: `<ul>${rows(500, (i) => `<li>Item ${i}</li>`)}</ul>`,
    act: () => [["get", "count", "li"]],
    effect: async (c) => saw((await c.eval("document.querySelectorAll('li').length")) === 500, "500 items"),
    said: (t) => says(t, /\b500\b/)
  },
  {
    id: "longlist.snapshot-300-buttons",
    page: rows(300, (i) => `<button>Row ${i}</button>`),
    act: () => [["snapshot", "-i"]],
    effect: async (c) => saw((await c.eval("document.querySelectorAll('button').length")) === 300, "300 buttons"),
    // either every row is listed, or the text says how many it left out
    said: (t) => /Row 300\b/.test(t) || says(t, /\b(?:\d+ more|omitted|left out|truncat|not shown)/i),
    wrong: (t) =>
      !/Row 300\b/.test(t) && !/more|omit|left out|truncat|not shown/i.test(t) ? "cuts silently" : undefined
  }
]

const focusOn = (sel) => (c) => [
  ["open", c.url],
  ["focus", sel]
]

export const focuskeys = [
  {
    id: "focuskeys.shift-tab-back",
    page: `<button id="a">First step</button><button id="b">Second step</button>`,
    setup: focusOn("#b"),
    act: () => [["press", "Shift+Tab"]],
    effect: async (c) => {
      const id = await c.eval("document.activeElement.id")
      return saw(id === "a", `focus on ${show(id)}`)
    },
    said: (t) => says(t, "First step")
  },
  {
    id: "focuskeys.space-checkbox",
    page: `<label><input type="checkbox" id="c" onchange="log('change',{v:this.checked})"> Remember me</label>`,
    setup: focusOn("#c"),
    act: () => [["press", "Space"]],
    effect: async (c) => saw((await c.waitEvent("change")) && (await c.eval("c.checked")) === true, "checked"),
    said: (t) => says(t, /checked/i) && !says(t, /unchecked|not checked/i)
  },
  {
    id: "focuskeys.enter-on-link",
    page: `<a id="l" href="next">Next page</a>`,
    files: { next: `<title>Second page</title><script>log('arrived')</script>` },
    setup: focusOn("#l"),
    act: () => [["press", "Enter"]],
    effect: (c) => c.waitEvent("arrived", undefined, 3000),
    said: (t) => says(t, "Second page") || says(t, "/next")
  }
]
