// Cases: clicks and keys. Each page logs what it receives; checks read that log or the page by raw eval.
import { loggedButton, refIn, saw, says, show } from "./helpers.mjs"

const click = (c) => [["click", "#b"]]
const clicked = (pred) => (c) => c.waitEvent("click", pred)

export const clicks = [
  {
    id: "clicks.css-button",
    page: loggedButton("b", "Go"),
    act: click,
    effect: clicked(),
    said: (t) => says(t, /click/i)
  },
  {
    id: "clicks.ref-from-snapshot",
    page: `<h1>Inbox</h1>${loggedButton("b", "Archive")}`,
    setup: (c) => [
      ["open", c.url],
      ["snapshot", "-i"]
    ],
    act: (c) => [["click", refIn(c.last, "button", "Archive")]],
    effect: clicked(),
    said: (t) => says(t, /click/i)
  },
  {
    id: "clicks.heading-changes",
    page: `<h1 id="h">Draft order</h1><button id="b" onclick="h.textContent='Order saved';log('click')">Save</button>`,
    act: click,
    effect: async (c) => {
      const heading = (await clicked()(c)) ? await c.eval("h.textContent") : undefined
      return saw(heading === "Order saved", `heading ${show(heading)}`)
    },
    said: (t) => says(t, "Order saved")
  },
  {
    id: "clicks.link-navigates",
    page: `<a id="b" href="next">Next step</a>`,
    files: { next: `<title>Shipping step</title><h1>Shipping</h1><script>log('arrived')</script>` },
    act: click,
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, "Shipping step") || says(t, "/next")
  },
  {
    id: "clicks.navigates-100ms-later",
    page: `<button id="b" onclick="setTimeout(()=>location.href='later',100)">Continue</button>`,
    files: { later: `<title>Review page</title><script>log('arrived')</script>` },
    act: click,
    effect: (c) => c.waitEvent("arrived", undefined, 3000),
    said: (t) => says(t, "Review page") || says(t, "/later")
  },
  {
    id: "clicks.logs-console-error",
    page: `<button id="b" onclick="console.error('quota exceeded: 7 of 5 slots');log('click')">Book</button>`,
    act: click,
    effect: clicked(),
    said: (t) => says(t, "quota exceeded")
  },
  {
    id: "clicks.disabled-button",
    refusal: true,
    page: `<button id="b" disabled onclick="log('click')">Pay now</button>`,
    act: click,
    effect: async (c) => saw(await c.quiet("click"), "no click reached the page"),
    said: (t) => says(t, /disabled/i)
  },
  {
    id: "clicks.covered-by-overlay",
    refusal: true,
    page:
      `${loggedButton("b", "Accept terms")}<div onclick="log('overlay')" ` +
      `style="position:fixed;inset:0;background:rgba(0,0,0,.2)">cookie banner</div>`,
    act: click,
    effect: async (c) => saw(await c.quiet("click"), c.has("overlay") ? "the overlay got the click" : "no click"),
    said: (t) => says(t, /cover|intercept|obscur|overlay|banner/i)
  },
  {
    id: "clicks.hidden-button",
    refusal: true,
    page: `<button id="b" style="display:none" onclick="log('click')">Ghost</button>`,
    act: click,
    effect: async (c) => saw(await c.quiet("click"), "no click"),
    said: (t) => says(t, /visible|hidden/i)
  },
  {
    id: "clicks.missing-selector",
    refusal: true,
    page: `<p>nothing to click</p>`,
    act: () => [["click", "#absent"]],
    effect: async (c) => saw(true, "no such element"),
    said: (t) => says(t, /not found|no element|does not exist/i)
  },
  {
    id: "clicks.text-link-not-instruction",
    page:
      `<p>Click on the link "nam".</p>` +
      `<p>Words and then <a href="#" onclick="log('click');return false">nam</a> here.</p>`,
    act: () => [["find", "text", "nam", "click"]],
    effect: clicked(),
    said: (t) => says(t, /link/i)
  },
  {
    id: "clicks.semantic-text-link",
    cli: false,
    page:
      `<p>Click on the link "nam".</p>` +
      `<p>Words and then <a href="#" onclick="log('click');return false">nam</a> here.</p>`,
    act: () => [{ semanticAction: { action: "click", locator: "text", value: "nam" } }],
    effect: clicked(),
    said: (t) => says(t, /link/i)
  },
  {
    id: "clicks.role-exact-name",
    page: `${loggedButton("d", "Save draft")} ${loggedButton("b", "Save")}`,
    act: () => [["find", "role", "button", "click", "--name", "Save"]],
    effect: async (c) => {
      const ok = await clicked((e) => e.id === "b")(c)
      const wrongOne = c.has("click", (e) => e.id === "d")
      return saw(ok, wrongOne ? "'Save draft' got the click" : ok ? "'Save' clicked" : "no click")
    },
    said: (t) => says(t, /Save/)
  },
  {
    id: "clicks.link-opens-tab",
    fresh: true,
    page: `<a id="b" href="report" target="_blank">Open report</a>`,
    files: { report: `<title>Monthly report</title><script>log('arrived')</script>` },
    act: click,
    effect: (c) => c.waitEvent("arrived", undefined, 3000),
    said: (t) => says(t, /tab|Monthly report|\/report/i)
  },
  {
    id: "clicks.dblclick-element",
    page: `<div id="b" style="padding:20px" ondblclick="log('dblclick')">Rename me</div>`,
    act: () => [["dblclick", "#b"]],
    effect: (c) => c.waitEvent("dblclick"),
    said: (t) => says(t, /double|dblclick/i)
  },
  {
    id: "clicks.label-toggles-checkbox",
    page: `<label><input type="checkbox" id="cb" onchange="log('change',{checked:this.checked})"> Remember me</label>`,
    act: () => [["find", "label", "Remember me", "click"]],
    effect: (c) => c.waitEvent("change", (e) => e.checked),
    said: (t) => says(t, /checked|Remember me/i)
  },
  {
    id: "clicks.inside-iframe",
    page: `<h1>Outer</h1><iframe id="f" src="inner"></iframe>`,
    files: { inner: loggedButton("b", "Inner button") },
    setup: (c) => [
      ["open", c.url],
      ["wait", "#f"]
    ],
    act: () => [
      ["frame", "#f"],
      ["click", "#b"]
    ],
    teardown: () => [["frame", "main"]],
    effect: clicked(),
    said: (t) => says(t, /click/i)
  },
  {
    id: "clicks.ctrl-click",
    primitive: "modifier click",
    page: loggedButton("b", "Row 3"),
    act: () => [["click", "#b", "--modifiers", "Control"]],
    effect: clicked((e) => e.ctrl),
    said: (t) => says(t, /Control|Ctrl/i)
  },
  {
    id: "clicks.shift-click",
    primitive: "modifier click",
    page: loggedButton("b", "Row 7"),
    act: () => [["click", "#b", "--modifiers", "Shift"]],
    effect: clicked((e) => e.shift),
    said: (t) => says(t, /Shift/)
  },
  {
    id: "clicks.right-click",
    primitive: "right click",
    page: loggedButton("b", "File", ["contextmenu"]),
    act: () => [["click", "#b", "--button", "right"]],
    effect: (c) => c.waitEvent("contextmenu"),
    said: (t) => says(t, /right/i)
  },
  {
    id: "clicks.alt-dblclick",
    primitive: "modifier double click",
    page: loggedButton("b", "Cell", ["dblclick"]),
    act: () => [["dblclick", "#b", "--modifiers", "Alt"]],
    effect: (c) => c.waitEvent("dblclick", (e) => e.alt),
    said: (t) => says(t, /Alt/)
  }
]

const input = (extra = "") =>
  `<input id="q" ${extra} onkeydown="log('keydown',{key:event.key,ctrl:event.ctrlKey})" ` +
  `onkeyup="log('keyup',{key:event.key})" oninput="log('input',{value:this.value})">`
const focused = (c) => [
  ["open", c.url],
  ["focus", "#q"]
]
const value = (c) => c.eval("document.querySelector('#q').value")
const typed = (text, keys) => async (c) => {
  await c.until(() => c.count("keydown") >= keys, 1500)
  const v = await value(c)
  return saw(v === text && c.count("keydown") >= keys, `value ${show(v)}, ${c.count("keydown")} keydown events`)
}

export const keys = [
  {
    id: "keys.press-enter",
    page: input(),
    setup: focused,
    act: () => [["press", "Enter"]],
    effect: (c) => c.waitEvent("keydown", (e) => e.key === "Enter"),
    said: (t) => says(t, "Enter")
  },
  {
    id: "keys.type-sends-key-events",
    page: input(),
    act: () => [["type", "#q", "hello"]],
    effect: typed("hello", 5),
    said: (t) => says(t, "hello")
  },
  {
    id: "keys.keyboard-type",
    page: input(),
    setup: focused,
    act: () => [["keyboard", "type", "abc"]],
    effect: typed("abc", 3),
    said: (t) => says(t, "abc")
  },
  {
    id: "keys.keyboard-inserttext",
    page: input(),
    setup: focused,
    act: () => [["keyboard", "inserttext", "xyz"]],
    effect: async (c) => {
      const v = await value(c)
      return saw(v === "xyz", `value ${show(v)}`)
    },
    said: (t) => says(t, "xyz")
  },
  {
    id: "keys.keydown-letter",
    page: input(),
    setup: focused,
    act: () => [["keydown", "h"]],
    teardown: () => [["keyup", "h"]],
    effect: typed("h", 1),
    said: (t) => says(t, /keydown|key down|\bh\b/i)
  },
  {
    id: "keys.keyup-shift",
    page: input(),
    setup: (c) => [...focused(c), ["keydown", "Shift"]],
    act: () => [["keyup", "Shift"]],
    effect: (c) => c.waitEvent("keyup", (e) => e.key === "Shift"),
    said: (t) => says(t, /Shift/)
  },
  {
    id: "keys.ctrl-a-selects",
    page: input(`value="select all of me"`),
    setup: focused,
    act: () => [["press", "Control+a"]],
    effect: async (c) => {
      const sel = await c.eval("[q.selectionStart, q.selectionEnd]")
      const whole = sel?.[0] === 0 && sel?.[1] === 16
      return saw(c.has("keydown", (e) => e.key === "a" && e.ctrl) && whole, `selection ${show(sel)}`)
    },
    said: (t) => says(t, /Control\+a|Ctrl\+a/i)
  },
  {
    id: "keys.tab-moves-focus",
    page: `<input id="q" aria-label="First name"><input id="two" aria-label="Last name">`,
    setup: focused,
    act: () => [["press", "Tab"]],
    effect: async (c) => {
      const id = await c.eval("document.activeElement.id")
      return saw(id === "two", `focus on ${show(id)}`)
    },
    said: (t) => says(t, /Last name|#two/i)
  },
  {
    id: "keys.unknown-key-name",
    refusal: true,
    page: input(),
    setup: focused,
    act: () => [["press", "NotAKey"]],
    effect: async (c) => saw(await c.quiet("input"), c.has("input") ? "text was inserted" : "nothing typed"),
    said: (t) => says(t, /unknown|not a key|invalid|no key/i)
  },
  {
    id: "keys.enter-submits-form",
    page: `<form onsubmit="log('submit',{q:q.value});return false">${input()}</form>`,
    act: () => [
      ["type", "#q", "books"],
      ["press", "Enter"]
    ],
    effect: (c) => c.waitEvent("submit", (e) => e.q === "books"),
    said: (t) => says(t, "books", /submit|Enter/i)
  },
  {
    id: "keys.type-contenteditable",
    page: `<div id="ed" contenteditable="true" style="min-height:40px;border:1px solid" oninput="log('input')"></div>`,
    act: () => [["type", "#ed", "note one"]],
    effect: async (c) => {
      const v = await c.eval("document.querySelector('#ed').textContent")
      return saw(v === "note one", `text ${show(v)}`)
    },
    said: (t) => says(t, "note one")
  },
  {
    id: "keys.escape-closes-popup",
    page:
      `<div id="pop" role="dialog" aria-label="Tips">Tip of the day</div>` +
      `<script>addEventListener('keydown',e=>{if(e.key==='Escape'){pop.remove();log('closed')}})</script>`,
    act: () => [["press", "Escape"]],
    effect: (c) => c.waitEvent("closed"),
    said: (t) => says(t, /Escape/)
  },
  {
    id: "keys.job-paced-typing",
    cli: false,
    page: input(),
    act: () => [{ job: { steps: [{ action: "type", selector: "#q", text: "slow", delayMs: 30 }] } }],
    effect: typed("slow", 4),
    said: (t) => says(t, "slow")
  },
  {
    id: "keys.search-as-you-type",
    page:
      `${input()}<ul id="list"><li>apple</li><li>banana</li><li>cherry</li></ul>` +
      "<script>q.addEventListener('input',()=>{for(const li of list.children)" +
      "li.hidden=!li.textContent.includes(q.value)})</script>",
    act: () => [["type", "#q", "ap"]],
    effect: async (c) => {
      const v = await c.eval("[...list.children].filter(l=>!l.hidden).map(l=>l.textContent).join()")
      return saw(v === "apple", `visible items ${show(v)}`)
    },
    said: (t) => says(t, "apple")
  }
]
