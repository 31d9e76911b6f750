// Cases: more of the thin areas, written the way real widget code does it. Web components (an open shadow root whose
// own button changes its own text, a field in one, slotted light-DOM content, nested roots, a Lit-style render one
// microtask after connect); a single-page app's router (pushState swaps the view with no load, a hash set by a
// button, back after two routes, a route whose content comes from a fetch, upstream's `pushstate`); native selects
// (multiple values, an optgroup, a disabled optgroup, a change that navigates, a value whose label differs); editors
// (a contenteditable whose placeholder clears on input, a live "12/280" counter, a textarea's maxlength cut, a phone
// mask, a counter past its soft limit); and the browser's own validation (required on Enter, a pattern, a custom
// message, a number over its max, a form that checks in script, a custom message cleared). Each effect is read
// outside the tool (the page's own log and a raw eval); `said` wants the effect's own words.
import { refIn, saw, says, show } from "./helpers.mjs"

/** Waits for the page's `type` log, then reads `expr` by raw eval. */
const after = async (c, type, expr, pred, ms) => ((await c.waitEvent(type, pred, ms)) ? c.eval(expr) : undefined)

const openAndSnapshot = (c) => [
  ["open", c.url],
  ["snapshot", "-i"]
]

/** Defines custom element `tag`: it attaches an open shadow root holding `html`, then runs `wire` (root: `r`). */
const component = (tag, html, wire = "") =>
  `<script>customElements.define('${tag}',class extends HTMLElement{connectedCallback(){if(this.shadowRoot)return;` +
  `const r=this.attachShadow({mode:'open'});r.innerHTML=${JSON.stringify(html)};${wire}}})</script>`

/** JS reading element `id` inside the shadow root of the first `tag` in the document. */
const inRoot = (tag, id) => `document.querySelector('${tag}').shadowRoot.getElementById('${id}')`

export const shadowMore = [
  {
    // a like button web component: its own click handler updates the count inside its own shadow root
    id: "shadowx.component-button-updates-root",
    page:
      `<h1>Post</h1><p>Ada: version 2.0 is out today</p><like-button></like-button>` +
      component(
        "like-button",
        `<button id="b" aria-pressed="false">Like</button> <span id="n">12 likes</span>`,
        `const b=r.getElementById('b'),n=r.getElementById('n');let k=12;b.onclick=()=>{k++;` +
          `b.setAttribute('aria-pressed','true');b.textContent='Liked';n.textContent=k+' likes';log('liked',{k})}`
      ),
    setup: openAndSnapshot,
    act: (c) => [["click", refIn(c.last, "button", "Like")]],
    effect: async (c) => {
      const v = await after(c, "liked", `${inRoot("like-button", "n")}.textContent`)
      return saw(v === "13 likes", `count ${show(v)}`)
    },
    said: (t) => says(t, "13 likes"),
    wrong: (t) => (/12 likes/.test(t) && !/13 likes/.test(t) ? "names the count before the click" : undefined)
  },
  {
    // an address component normalises the postcode on input; the value read back is the page's, not the typed one
    id: "shadowx.fill-then-get-value",
    page:
      `<h1>Delivery</h1><address-form></address-form>` +
      component(
        "address-form",
        `<label>Postcode <input id="pc" autocomplete="postal-code"></label>`,
        `const pc=r.getElementById('pc');pc.addEventListener('input',()=>{pc.value=pc.value.toUpperCase();` +
          `log('input',{v:pc.value})})`
      ),
    setup: openAndSnapshot,
    act: (c) => {
      const ref = refIn(c.last, "textbox", "Postcode")
      return [
        ["fill", ref, "sw1a 1aa"],
        ["get", "value", ref]
      ]
    },
    effect: async (c) => {
      const v = await c.eval(`${inRoot("address-form", "pc")}.value`)
      return saw(v === "SW1A 1AA", `value ${show(v)}`)
    },
    // the read (the last call) names what the field holds
    said: (t, c) => says(c.last, "SW1A 1AA"),
    wrong: (t, c) =>
      /sw1a 1aa/.test(c.last) && !/SW1A 1AA/.test(c.last) ? "the read names the typed text, not the value" : undefined
  },
  {
    // a card component with slots: the light-DOM button is slotted in; the component's status lives in its root
    id: "shadowx.slotted-button",
    page:
      `<terms-card><span slot="title">Terms of service, version 4</span><button slot="action" id="ok">Accept</button>` +
      `</terms-card>` +
      component(
        "terms-card",
        `<h2><slot name="title"></slot></h2><p id="st">Not accepted yet</p><slot name="action"></slot>`,
        `this.addEventListener('click',(e)=>{if(e.target.closest('[slot=action]')){` +
          `r.getElementById('st').textContent='Accepted on this device';log('accepted')}})`
      ),
    act: () => [["click", "#ok"]],
    effect: async (c) => {
      const v = await after(c, "accepted", `${inRoot("terms-card", "st")}.textContent`)
      return saw(v === "Accepted on this device", `status ${show(v)}`)
    },
    said: (t) => says(t, "Accepted on this device")
  },
  {
    // an app shell whose shadow root holds a signup component with a shadow root of its own
    id: "shadowx.nested-roots",
    page:
      `<app-shell></app-shell>` +
      component(
        "news-signup",
        `<label>Email <input id="em" type="email"></label><button id="go">Subscribe</button>` +
          `<p id="msg" role="status"></p>`,
        `const em=r.getElementById('em'),msg=r.getElementById('msg');r.getElementById('go').onclick=()=>{` +
          `msg.textContent='Subscribed '+em.value+' to the weekly digest';log('subscribed',{v:em.value})}`
      ) +
      component("app-shell", `<header>Newsroom</header><main><news-signup></news-signup></main>`),
    setup: openAndSnapshot,
    act: (c) => [
      ["fill", refIn(c.last, "textbox", "Email"), "ada@example.com"],
      ["click", refIn(c.last, "button", "Subscribe")]
    ],
    effect: async (c) => {
      const expr =
        `document.querySelector('app-shell').shadowRoot.querySelector('news-signup').shadowRoot` +
        `.getElementById('msg').textContent`
      const v = await after(c, "subscribed", expr)
      return saw(v === "Subscribed ada@example.com to the weekly digest", `message ${show(v)}`)
    },
    said: (t) => says(t, "to the weekly digest")
  },
  {
    // a Lit-style component: connect schedules the render one microtask later; the button is found by its role
    id: "shadowx.render-after-microtask",
    page:
      `<h1>Desk lamp</h1><p>39 EUR</p><cart-button></cart-button><script>customElements.define('cart-button',` +
      `class extends HTMLElement{connectedCallback(){const r=this.attachShadow({mode:'open'});` +
      `Promise.resolve().then(()=>{r.innerHTML='<button id="add">Add to basket</button> <span id="c">Basket: ` +
      `empty</span>';let n=0;r.getElementById('add').onclick=()=>{n++;r.getElementById('c').textContent=` +
      `'Basket: '+n+(n>1?' items':' item');log('added',{n})};log('rendered')})}})</script>`,
    act: () => [["find", "role", "button", "click", "--name", "Add to basket"]],
    effect: async (c) => {
      const v = await after(c, "added", `${inRoot("cart-button", "c")}.textContent`)
      return saw(v === "Basket: 1 item", `basket ${show(v)}`)
    },
    said: (t) => says(t, "Basket: 1 item"),
    wrong: (t) =>
      /Basket: empty/.test(t) && !/Basket: 1 item/.test(t) ? "names the basket before the click" : undefined
  }
]

// A small client-side router, as React Router or Vue Router do it: links are intercepted, pushState changes the URL,
// the view is redrawn with no load (`boot` is logged once per document), and popstate redraws on back/forward.
const router = (views, extra = "") =>
  `<title>Acme</title><nav><a id="home" href="./">Inbox</a></nav><main id="view"></main><script>log('boot');` +
  `const base=location.pathname;const views=${JSON.stringify(views)};const render=()=>{` +
  `const k=location.pathname.slice(base.length);view.innerHTML=views[k]??'<h1>Not found</h1>';` +
  `document.title=(view.querySelector('h1')?.textContent??'')+' · Acme';log('render',{k})};` +
  `document.addEventListener('click',(e)=>{const a=e.target.closest('a');if(!a||a.origin!==location.origin)return;` +
  `e.preventDefault();history.pushState(null,'',a.href);render()});addEventListener('popstate',render);` +
  `${extra}render()</script>`

const inbox = {
  "": `<h1>Inbox</h1><p>4 open tickets</p><a id="o7" href="orders/7">Order 7</a>`,
  "orders/7": `<h1>Order 7</h1><p>2 items, shipped on Monday</p><a id="inv" href="orders/7/invoice">Invoice</a>`,
  "orders/7/invoice": `<h1>Invoice INV-0007</h1><p>Amount due: 0 EUR</p>`
}

/** The view of route `k` was drawn (after a `render` log for it) and the document never reloaded. */
const routed = (k, want) => async (c) => {
  const v = await after(c, "render", "[location.pathname, view.textContent]", (e) => e.k === k)
  const boots = c.count("boot")
  const ok = String(v?.[0]).endsWith(`/${k}`) && String(v?.[1]).includes(want) && boots === 1
  return saw(ok, `path, view ${show(v)}, documents loaded ${boots}`)
}

export const spaMore = [
  {
    // a router link: the URL changes, the view is swapped, nothing loads
    id: "spax.pushstate-swaps-view",
    page: router({
      "": `<h1>Inbox</h1><p>4 open tickets</p><a id="pr" href="settings/profile">Profile</a>`,
      "settings/profile": `<h1>Profile settings</h1><p>Signed in as ada@example.com</p>`
    }),
    act: () => [["click", "#pr"]],
    effect: routed("settings/profile", "Signed in as ada@example.com"),
    said: (t) => says(t, "Profile settings")
  },
  {
    // a button (not a link) sets the hash; a hashchange router draws the billing tab
    id: "spax.hash-set-by-button",
    page:
      `<h1 id="h">Account</h1><button id="bill" onclick="location.hash='#/billing'">Billing</button>` +
      `<section id="tab">Overview: 3 projects</section><script>onhashchange=()=>{if(location.hash==='#/billing'){` +
      `h.textContent='Billing';tab.textContent='Next invoice: 1 July, 24 EUR';log('routed',{h:location.hash})}}` +
      `</script>`,
    act: () => [["click", "#bill"]],
    effect: async (c) => {
      const v = await after(c, "routed", "[location.hash, tab.textContent]")
      return saw(v?.[0] === "#/billing" && v?.[1] === "Next invoice: 1 July, 24 EUR", `hash, tab ${show(v)}`)
    },
    said: (t) => says(t, "Next invoice") || /Heading now: "Billing"/.test(t)
  },
  {
    // two routes deep (order, then its invoice), one back: the order's view is drawn again by popstate
    id: "spax.back-after-two-routes",
    page: router(inbox),
    setup: (c) => [
      ["open", c.url],
      ["click", "#o7"],
      ["click", "#inv"]
    ],
    act: () => [["back"]],
    effect: async (c) => {
      const drawn = await c.until(() => c.count("render", (e) => e.k === "orders/7") >= 2)
      const v = drawn ? await c.eval("[location.pathname, view.querySelector('h1').textContent]") : undefined
      const boots = c.count("boot")
      const ok = String(v?.[0]).endsWith("/orders/7") && v?.[1] === "Order 7" && boots === 1
      return saw(ok, `path, heading ${show(v)}, documents loaded ${boots}`)
    },
    said: (t) => /Order 7/.test(t) || says(t, "shipped on Monday"),
    wrong: (t) => (/INV-0007/.test(t) && !/Order 7/.test(t) ? "names the invoice view the browser left" : undefined)
  },
  {
    // the route's view shows "Loading order…" and fills in when its fetch (350 ms) answers
    id: "spax.route-content-after-fetch",
    page: router(
      {
        "": `<h1>Inbox</h1><a id="o9" href="orders/9">Order 9</a>`,
        "orders/9": `<h1>Order 9</h1><p>Loading order…</p>`
      },
      `const load=async()=>{if(!location.pathname.endsWith('/orders/9'))return;` +
        `const o=await fetch(base+'api/orders/9').then((r)=>r.json());view.querySelector('p').textContent=` +
        `'Shipped to '+o.city+' on '+o.day;log('loaded',{city:o.city})};` +
        `document.addEventListener('click',()=>setTimeout(load,0));`
    ),
    files: { "api/orders/9": { json: { city: "Leeds", day: "3 June" }, delayMs: 350 } },
    act: () => [["click", "#o9"]],
    effect: async (c) => {
      const v = await after(c, "loaded", "view.querySelector('p').textContent", undefined, 3000)
      return saw(v === "Shipped to Leeds on 3 June" && c.count("boot") === 1, `view ${show(v)}`)
    },
    said: (t) => says(t, "Shipped to Leeds"),
    wrong: (t) =>
      /Loading order…/.test(t) && !/Shipped to Leeds/.test(t) ? "names the loading placeholder as the view" : undefined
  },
  {
    // upstream's `pushstate` command: history.pushState plus a popstate the router draws from
    id: "spax.pushstate-command",
    page: router(inbox),
    act: (c) => [["pushstate", c.u("orders/7")]],
    effect: routed("orders/7", "2 items, shipped on Monday"),
    said: (t) => /Order 7/.test(t) || says(t, "shipped on Monday")
  }
]

const destinations = (spain = '<optgroup label="Spain">') =>
  `<label>Destination <select id="to"><option value="">Choose a city</option><optgroup label="Portugal">` +
  `<option value="LIS">Lisbon</option><option value="OPO">Porto</option></optgroup>${spain}` +
  `<option value="MAD">Madrid</option><option value="BCN">Barcelona</option></optgroup></select></label>` +
  `<p id="fare">Pick a destination to see fares</p><script>const fares={LIS:89,OPO:74,MAD:61,BCN:58};` +
  `to.onchange=()=>{fare.textContent='Flights to '+to.selectedOptions[0].text+' from '+fares[to.value]+' EUR';` +
  `log('change',{v:to.value})}</script>`

export const selectMore = [
  {
    // a filter list: two amenities picked by value; the page's summary names their labels
    id: "selectx.multiple-two-values",
    page:
      `<label>Amenities <select id="am" multiple size="4"><option value="wifi">Wi-Fi</option>` +
      `<option value="park">Free parking</option><option value="pool">Pool</option>` +
      `<option value="pets">Pets allowed</option></select></label><p id="sum">Any amenities</p><script>` +
      `am.onchange=()=>{const l=[...am.selectedOptions];sum.textContent=l.length?l.length+' filters: '+` +
      `l.map((o)=>o.text).join(', '):'Any amenities';log('change',{v:l.map((o)=>o.value).join()})}</script>`,
    act: () => [["select", "#am", "wifi", "pool"]],
    effect: async (c) => {
      const v = await after(c, "change", "[[...am.selectedOptions].map(o=>o.value).join(), sum.textContent]")
      return saw(v?.[0] === "wifi,pool" && v?.[1] === "2 filters: Wi-Fi, Pool", `selected, summary ${show(v)}`)
    },
    said: (t) => says(t, "2 filters")
  },
  {
    // an option inside an optgroup, picked by its visible label
    id: "selectx.optgroup-by-label",
    page: destinations(),
    act: () => [["select", "#to", "Porto"]],
    effect: async (c) => {
      const v = await after(c, "change", "[to.value, fare.textContent]")
      return saw(v?.[0] === "OPO" && v?.[1] === "Flights to Porto from 74 EUR", `value, fare ${show(v)}`)
    },
    said: (t) => says(t, "from 74 EUR")
  },
  {
    // the whole group is disabled (sold out): its options have no `disabled` of their own, yet no user can pick them
    id: "selectx.disabled-optgroup",
    refusal: true,
    page: destinations(`<optgroup label="Spain (sold out)" disabled>`),
    act: () => [["select", "#to", "Madrid"]],
    effect: async (c) => {
      const quiet = await c.quiet("change")
      const v = await c.eval("to.value")
      return saw(quiet && v === "", `value ${show(v)}, change ${c.has("change")}`)
    },
    said: (t) => says(t, /disabled|sold out|cannot be (?:picked|selected)|not selectable/i)
  },
  {
    // a language switcher: its change handler sends the browser to the German pages
    id: "selectx.change-navigates",
    page:
      `<title>Home</title><label>Language <select id="lang" onchange="log('change',{v:this.value});` +
      `location.href=this.value+'/'"><option value="en" selected>English</option><option value="de">Deutsch</option>` +
      `<option value="fr">Français</option></select></label><h1>Welcome</h1>`,
    files: { "de/": `<title>Startseite</title><h1>Willkommen</h1><script>log('arrived')</script>` },
    act: () => [["select", "#lang", "Deutsch"]],
    effect: async (c) => {
      const v = (await c.waitEvent("arrived", undefined, 3000)) ? await c.eval("document.title") : undefined
      return saw(v === "Startseite", `title ${show(v)}`)
    },
    said: (t) => says(t, "Startseite") || says(t, "Willkommen"),
    wrong: (t) => (/Page: Home\b/.test(t) && !/Startseite/.test(t) ? "names the page the browser left" : undefined)
  },
  ...[0, 800].map((delay) => ({
    // an "in stock only" filter whose change handler loads the filtered page (from a server answering after `delay`)
    id: delay === 0 ? "selectx.check-filter-reloads" : "selectx.check-filter-reloads-slowly",
    page:
      `<title>Desks</title><label><input type="checkbox" id="stock" onchange="log('change');` +
      `location.href='instock/?delay=${delay}'"> In stock only</label><p>Showing 4 of 4</p>`,
    files: {
      "instock/":
        `<title>Desks in stock</title><label><input type="checkbox" id="stock" checked> In stock only</label>` +
        `<p>Showing 2 of 4</p><script>log('arrived')</script>`
    },
    act: () => [["check", "#stock"]],
    effect: async (c) => {
      const v = (await c.waitEvent("arrived", undefined, 3000))
        ? await c.eval("[document.title, stock.checked]")
        : undefined
      return saw(v?.[0] === "Desks in stock" && v?.[1] === true, `title, box ${show(v)}`)
    },
    said: (t) => says(t, "Desks in stock"),
    wrong: (t) => (/Page: Desks —/.test(t) ? "names the page the browser left" : undefined)
  })),
  {
    // picked by its value; the label the user sees differs, and the page's note names the city
    id: "selectx.by-value-label-differs",
    page:
      `<label>Time zone <select id="tz"><option value="America/New_York">New York (UTC-5)</option>` +
      `<option value="Europe/London" selected>London (UTC+0)</option><option value="Europe/Berlin">Berlin (UTC+1)` +
      `</option></select></label><p id="note">Meetings shown in London time</p><script>tz.onchange=()=>{` +
      `note.textContent='Meetings shown in '+tz.selectedOptions[0].text.split(' (')[0]+' time';` +
      `log('change',{v:tz.value})}</script>`,
    act: () => [["select", "#tz", "Europe/Berlin"]],
    effect: async (c) => {
      const v = await after(c, "change", "[tz.value, note.textContent]")
      return saw(v?.[0] === "Europe/Berlin" && v?.[1] === "Meetings shown in Berlin time", `value, note ${show(v)}`)
    },
    said: (t) => says(t, "Berlin time"),
    wrong: (t) =>
      /London time/.test(t) && !/Berlin time/.test(t) ? "names the note from before the change" : undefined
  }
]

const gift = "Happy birthday, Grandma! Love from all of us in Leeds"
const headline = "Local bakery wins national award for its sourdough and rye loaves"

export const editorMore = [
  {
    // a TipTap-style placeholder: a CSS ::before shown while the editor is empty; input clears it and enables Post
    id: "editorx.placeholder-clears",
    page:
      `<style>#ed.empty::before{content:attr(data-placeholder);color:#999}</style>` +
      `<div id="ed" class="empty" contenteditable role="textbox" aria-label="Comment" ` +
      `data-placeholder="Write a comment…" style="min-height:40px;border:1px solid"></div>` +
      `<button id="post" disabled>Post</button><script>ed.addEventListener('input',()=>{` +
      `const t=ed.textContent.trim();` +
      `ed.classList.toggle('empty',!t);post.disabled=!t;log('input',{t})})</script>`,
    act: () => [["fill", "#ed", "Looks good to me"]],
    effect: async (c) => {
      const v = await after(c, "input", "[ed.innerText.trim(), ed.classList.contains('empty'), post.disabled]")
      const ok = v?.[0] === "Looks good to me" && v?.[1] === false && v?.[2] === false
      return saw(ok, `text, placeholder shown, Post disabled ${show(v)}`)
    },
    said: (t) => says(t, "Looks good to me")
  },
  {
    // a bio box whose input handler redraws an "n/280" counter at once
    id: "editorx.textarea-counter",
    page:
      `<label>Bio <textarea id="bio"></textarea></label><span id="cnt">0/280</span><script>` +
      `bio.addEventListener('input',()=>{cnt.textContent=bio.value.length+'/280';log('count',{n:bio.value.length})})` +
      `</script>`,
    act: () => [["fill", "#bio", "Hello, world"]],
    effect: async (c) => {
      const v = await after(c, "count", "cnt.textContent", (e) => e.n === 12)
      return saw(v === "12/280", `counter ${show(v)}`)
    },
    said: (t) => says(t, "12/280")
  },
  {
    // a gift message with maxlength 40: the browser keeps the first 40 characters
    id: "editorx.textarea-maxlength-cut",
    page:
      `<label>Gift message <textarea id="gm" maxlength="40" oninput="log('input',{n:this.value.length})">` +
      `</textarea></label><p>Up to 40 characters</p>`,
    act: () => [["fill", "#gm", gift]],
    effect: async (c) => {
      const v = await c.eval("gm.value")
      return saw(v === gift.slice(0, 40), `value ${show(v)}`)
    },
    said: (t) => says(t, gift.slice(0, 40)),
    wrong: (t) =>
      t.includes(gift) && !/maxlength|cut|truncat|only \d+|first 40|40 char/i.test(t)
        ? "names the whole typed text as what the field holds"
        : undefined
  },
  {
    // a phone mask: the input handler rewrites the digits as (555) 123-4567
    id: "editorx.phone-mask",
    page:
      `<label>Phone <input id="ph" type="tel" inputmode="numeric" placeholder="(555) 555-0100"></label><script>` +
      `ph.addEventListener('input',()=>{const d=ph.value.replace(/\\D/g,'').slice(0,10);let f=d;if(d.length>6)` +
      `f='('+d.slice(0,3)+') '+d.slice(3,6)+'-'+d.slice(6);else if(d.length>3)f='('+d.slice(0,3)+') '+d.slice(3);` +
      `ph.value=f;log('masked',{v:f})})</script>`,
    act: () => [["fill", "#ph", "5551234567"]],
    effect: async (c) => {
      const v = await after(c, "masked", "ph.value", (e) => e.v === "(555) 123-4567")
      return saw(v === "(555) 123-4567", `value ${show(v)}`)
    },
    said: (t) => says(t, "(555) 123-4567"),
    wrong: (t) =>
      /holds "5551234567"/.test(t) && !/\(555\) 123-4567/.test(t) ? "names the typed digits as the value" : undefined
  },
  {
    // a soft limit with no maxlength: the counter goes past 0 and the Save button is disabled
    id: "editorx.counter-over-limit",
    page:
      `<label>Headline <textarea id="hl"></textarea></label><p id="left">60 characters left</p>` +
      `<button id="save">Save</button><script>hl.addEventListener('input',()=>{const n=60-hl.value.length;` +
      `left.textContent=n>=0?n+' characters left':(-n)+' characters over the limit';save.disabled=n<0;` +
      `log('count',{n})})</script>`,
    act: () => [["fill", "#hl", headline]],
    effect: async (c) => {
      const v = await after(c, "count", "[left.textContent, save.disabled]", (e) => e.n === 60 - headline.length)
      const want = `${headline.length - 60} characters over the limit`
      return saw(v?.[0] === want && v?.[1] === true, `counter, Save disabled ${show(v)}`)
    },
    said: (t) => says(t, "over the limit")
  }
]

/** A form the browser checks before it sends: fields log `invalid` with their message; `sent` logs its arrival. */
const checked = (fields, button = "Send", extra = "") => ({
  page:
    `<form id="f" action="sent" onsubmit="log('submit')">${fields}<button id="b">${button}</button></form><script>` +
    `for(const el of f.elements)el.addEventListener('invalid',()=>log('invalid',{id:el.id,msg:el.validationMessage}))` +
    `;${extra}</script>`,
  files: { sent: `<title>Thanks</title><h1>Your request was sent</h1><script>log('arrived')</script>` }
})

/** The browser refused field `id` with a message matching `msg`; no submit reached the page or the server. */
const refused = (id, msg) => async (c) => {
  const invalid = await c.waitEvent("invalid", (e) => e.id === id)
  const sent = !(await c.quiet("submit", 500)) || c.has("arrived") || c.hit("sent")
  const m = c.events().find((e) => e.type === "invalid" && e.id === id)?.msg
  return saw(invalid && !sent && msg.test(m ?? ""), sent ? "the form was sent" : `browser refused ${id}: ${show(m)}`)
}

/** A sign-up form whose confirm field sets a custom message while the two addresses differ. */
const confirmEmail = checked(
  `<label>Email <input id="em" name="em" type="email" required></label>` +
    `<label>Confirm email <input id="em2" type="email" required></label>`,
  "Create account",
  `const same=()=>em2.setCustomValidity(em2.value&&em2.value!==em.value?'Email addresses do not match':'');` +
    `em.oninput=same;em2.oninput=same`
)
/** Its start: the confirm field holds a mistyped address. */
const mistypedConfirm = (c) => [
  ["open", c.url],
  ["fill", "#em", "ada@example.com"],
  ["fill", "#em2", "ada@exmaple.com"]
]

export const validMore = [
  {
    // Enter in the filled e-mail field submits implicitly; the empty required name stops it
    id: "validx.required-on-enter",
    ...checked(
      `<label>Full name <input id="nm" name="nm" required></label>` +
        `<label>Email <input id="em" name="em" type="email"></label>`
    ),
    setup: (c) => [
      ["open", c.url],
      ["fill", "#em", "ada@example.com"]
    ],
    act: () => [["press", "Enter"]],
    effect: refused("nm", /fill (?:out|in) this field/i),
    said: (t) => says(t, /fill (?:out|in) this field/i)
  },
  {
    // a passport number field with a pattern and a title that explains it
    id: "validx.pattern-mismatch",
    ...checked(
      `<label>Passport number <input id="pp" name="pp" required pattern="[A-Z]{2}[0-9]{7}" ` +
        `title="Two capital letters, then 7 digits"></label>`,
      "Check in"
    ),
    setup: (c) => [
      ["open", c.url],
      ["fill", "#pp", "ab1234567"]
    ],
    act: () => [["click", "#b"]],
    effect: refused("pp", /match the requested format/i),
    said: (t) => says(t, /match the requested format/i)
  },
  {
    // the confirm field's input handler sets a custom message while the two addresses differ
    id: "validx.custom-validity",
    ...confirmEmail,
    setup: mistypedConfirm,
    act: () => [["click", "#b"]],
    effect: refused("em2", /Email addresses do not match/),
    said: (t) => says(t, "Email addresses do not match")
  },
  {
    // a guests field with max 8: 12 guests is refused by the browser on submit
    id: "validx.number-over-max",
    ...checked(
      `<label>Guests <input id="g" name="g" type="number" min="1" max="8" value="2" required></label>`,
      "Book"
    ),
    setup: (c) => [
      ["open", c.url],
      ["fill", "#g", "12"]
    ],
    act: () => [["click", "#b"]],
    effect: refused("g", /less than or equal to 8/),
    said: (t) => says(t, /less than or equal to 8/)
  },
  {
    // a form library's own check (novalidate): the submit reaches the page, which refuses it with its own message
    id: "validx.script-validation",
    page:
      `<form id="f" action="sent" novalidate><label>Delivery date <input id="dd" name="dd" type="date" ` +
      `aria-describedby="err"></label><p id="err" role="alert"></p><button id="b">Place order</button></form>` +
      `<script>f.addEventListener('submit',(e)=>{if(!dd.value){e.preventDefault();err.textContent=` +
      `'Choose a delivery date';dd.setAttribute('aria-invalid','true');log('refused')}else log('submit')})</script>`,
    files: { sent: `<title>Thanks</title><script>log('arrived')</script>` },
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = await after(c, "refused", "[err.textContent, dd.getAttribute('aria-invalid')]")
      const sent = !(await c.quiet("arrived", 300))
      return saw(v?.[0] === "Choose a delivery date" && v?.[1] === "true" && !sent, `message, invalid ${show(v)}`)
    },
    said: (t) => says(t, "Choose a delivery date")
  },
  {
    // the addresses are made to match: the custom message is cleared and the form is sent
    id: "validx.custom-validity-cleared",
    ...confirmEmail,
    setup: mistypedConfirm,
    act: () => [
      ["fill", "#em2", "ada@example.com"],
      ["click", "#b"]
    ],
    effect: async (c) => {
      const v = (await c.waitEvent("arrived", undefined, 3000)) ? await c.eval("document.title") : undefined
      return saw(v === "Thanks" && !c.has("invalid"), `title ${show(v)}, invalid events ${c.count("invalid")}`)
    },
    said: (t) => says(t, "Your request was sent") || /Page: Thanks\b/.test(t),
    wrong: (t) => (/do not match/.test(t) ? "names the message the page cleared" : undefined)
  }
]
