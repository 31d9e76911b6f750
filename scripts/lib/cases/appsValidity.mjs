// Cases: a single-page app's routes (pushState, a hash), a form the browser's own validation blocks, a button that is
// enabled later, two controls with one name, a scroll container and a hover menu. Each effect is read outside the
// tool: the page's own log or a raw `agent-browser eval` of its real state.
import { saw, says, show } from "./helpers.mjs"

const clickB = () => [["click", "#b"]]

// A list page whose link routes in script: the URL becomes orders/7 and the title "Order 7" with no load; back pops.
const spaPage =
  `<title>Orders</title><h1 id="h">Orders</h1><a id="b" href="orders/7" onclick="event.preventDefault();` +
  `history.pushState({},'','orders/7');document.title='Order 7';h.textContent='Order 7';log('pushed')">Order 7</a>` +
  `<script>onpopstate=()=>{document.title='Orders';h.textContent='Orders';log('pop')}</script>`

export const spas = [
  {
    id: "spa.pushstate-link",
    page: spaPage,
    act: clickB,
    effect: async (c) => {
      const path = (await c.waitEvent("pushed")) ? await c.eval("location.pathname") : undefined
      return saw(String(path).endsWith("/orders/7"), `path ${show(path)}`)
    },
    said: (t) => says(t, "orders/7") || says(t, /Order 7(?!")/)
  },
  {
    id: "spa.back-after-pushstate",
    page: spaPage,
    setup: (c) => [
      ["open", c.url],
      ["click", "#b"]
    ],
    act: () => [["back"]],
    effect: async (c) => {
      const title = (await c.waitEvent("pop")) ? await c.eval("document.title") : undefined
      return saw(title === "Orders", `title ${show(title)}`)
    },
    // the list's title, not the order's URL (the URL of the list is a prefix of the order's)
    said: (t) => /Orders(?!\/)/.test(t),
    wrong: (t) => (/Order 7/.test(t) && !/Orders/.test(t) ? "names the page it left" : undefined)
  },
  {
    id: "spa.hash-route",
    page:
      `<h1 id="h">Home</h1><a id="b" href="#/settings">Settings</a><script>onhashchange=()=>{` +
      `h.textContent='Account settings';document.title='Account settings';log('routed')}</script>`,
    act: clickB,
    effect: async (c) => saw(await c.waitEvent("routed"), "routed"),
    said: (t) => says(t, "#/settings") || says(t, "Account settings")
  }
]

// A sign-up form the browser checks before it submits: `invalid` fires on the field and no submit happens.
const signup = (extra = "") => ({
  page:
    `<form action="done" onsubmit="log('submit')"><label>Email <input id="e" type="email" required ${extra} ` +
    `oninvalid="log('invalid',{msg:this.validationMessage})"></label><button id="b">Sign up</button></form>`,
  files: { done: `<title>Welcome aboard</title><script>log('arrived')</script>` }
})
const blocked = async (c) => {
  const invalid = await c.waitEvent("invalid")
  const submitted = !(await c.quiet("submit", 500)) || c.has("arrived")
  const msg = c.events().find((e) => e.type === "invalid")?.msg
  return saw(invalid && !submitted, submitted ? "the form submitted" : `browser blocked it: ${show(msg)}`)
}
const saysBlocked = (t) => says(t, /required|fill (?:out|in)|invalid|not submitted|validation|include an '@'/i)

export const validity = [
  {
    id: "validity.required-empty",
    ...signup(),
    act: clickB,
    effect: blocked,
    said: saysBlocked
  },
  {
    id: "validity.bad-email",
    ...signup(),
    setup: (c) => [
      ["open", c.url],
      ["fill", "#e", "ada.example.com"]
    ],
    act: clickB,
    effect: blocked,
    said: saysBlocked
  }
]

export const enables = [
  {
    id: "enable.fill-then-click",
    page:
      `<label>Project <input id="n" oninput="b.disabled=!this.value"></label>` +
      `<button id="b" disabled onclick="log('click')">Create</button>`,
    act: () => [
      ["fill", "#n", "Apollo"],
      ["click", "#b"]
    ],
    effect: (c) => c.waitEvent("click"),
    said: (t) => says(t, "Apollo", /click/i)
  },
  {
    id: "enable.enabled-600ms-later",
    page:
      `<button id="b" disabled onclick="log('click')">Pay</button>` +
      `<script>setTimeout(()=>{b.disabled=false;log('enabled')},600)</script>`,
    act: clickB,
    effect: (c) => c.waitEvent("click", undefined, 3000),
    said: (t) => says(t, /click/i)
  }
]

const row = (id, label) => `<li>${label} <button id="${id}" onclick="log('click',{id:this.id})">Delete</button></li>`
const oneClick = (want) => async (c) => {
  await c.waitEvent("click")
  await c.quiet("never", 300)
  const ids = c
    .events()
    .filter((e) => e.type === "click")
    .map((e) => e.id)
  return saw(ids.length === 1 && (want === undefined || ids[0] === want), `clicks on ${show(ids)}`)
}
const hiddenTwin =
  `<div hidden><button id="h" onclick="log('click',{id:this.id})">Continue</button></div>` +
  `<button id="v" onclick="log('click',{id:this.id})">Continue</button>`

export const twins = [
  {
    id: "twins.text-both-visible",
    page: `<ul>${row("d1", "Invoice 1")}${row("d2", "Invoice 2")}</ul>`,
    act: () => [["find", "text", "Delete", "click"]],
    effect: oneClick(),
    // the model must learn which of the two got the click
    said: (t) => says(t, /\b2\b|two|first|Invoice 1/i)
  },
  {
    id: "twins.role-one-hidden",
    page: hiddenTwin,
    act: () => [["find", "role", "button", "click", "--name", "Continue"]],
    effect: oneClick("v"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "twins.text-one-hidden",
    page: hiddenTwin,
    act: () => [["find", "text", "Continue", "click"]],
    effect: oneClick("v"),
    said: (t) => says(t, /click/i)
  }
]

const box =
  `<div id="box" style="height:120px;overflow:auto;border:1px solid"><div style="height:1500px">Older messages</div>` +
  `<button id="t" onclick="log('click')">Load older</button></div>`

export const scrollboxes = [
  {
    id: "scrollbox.click-below-fold",
    page: box,
    act: () => [["click", "#t"]],
    effect: (c) => c.waitEvent("click"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "scrollbox.scrollintoview",
    page: box,
    act: () => [["scrollintoview", "#t"]],
    effect: async (c) => {
      const top = await c.eval("box.scrollTop")
      return saw(top > 1000, `scrollTop ${show(top)}`)
    },
    said: (t) => says(t, /scroll/i)
  }
]

const menu =
  `<style>#sub{display:none}#menu:hover #sub{display:block}</style><div id="menu" style="width:200px">` +
  `<span>Account</span><div id="sub"><a id="out" href="#" onclick="log('click');return false">Sign out</a></div></div>`

export const hovermenus = [
  {
    id: "hovermenu.hover-then-click",
    page: menu,
    act: () => [
      ["hover", "#menu"],
      ["click", "#out"]
    ],
    effect: (c) => c.waitEvent("click"),
    said: (t) => says(t, /click/i)
  },
  {
    id: "hovermenu.hover-reveals",
    page: menu,
    act: () => [["hover", "#menu"]],
    effect: async (c) => {
      const d = await c.eval("getComputedStyle(sub).display")
      return saw(d === "block", `menu display ${show(d)}`)
    },
    said: (t) => says(t, "Sign out")
  },
  {
    id: "hovermenu.item-before-hover",
    refusal: true,
    page: menu,
    act: () => [["click", "#out"]],
    effect: async (c) => saw(await c.quiet("click"), "no click"),
    said: (t) => says(t, /hover|hidden|not visible/i)
  }
]
