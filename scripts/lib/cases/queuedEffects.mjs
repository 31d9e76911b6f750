// Cases: effects an action starts that land a little after it, the way real widget code schedules them: a `toggle`
// event (fired in a task), a dialog's `close` after Escape, a requestAnimationFrame render, a MessageChannel scheduler
// (React's), a microtask chain, a transition's or animation's end, a 0 ms timer that starts another, a `reset` handler
// that reads the reset values one task later, `popstate` after history.back(), ResizeObserver and IntersectionObserver
// callbacks, blur validation (sync, on Tab, on a fill elsewhere, and a server check), a select whose change fetches,
// a debounced filter, and toasts that fade in or leave after 2 s. Each page logs when its late effect landed; each
// effect is read outside the tool (that log and a raw eval); `said` wants the late effect's own words.
import { saw, says, show } from "./helpers.mjs"

/** The page changed and the text says nothing did. */
const saysNothing = (t) =>
  /nothing (visible )?(happened|changed)|no visible (change|effect)|no effect|did not change/i.test(t)
    ? "says nothing changed; the page did change a moment later"
    : undefined

/** Waits for the page's `type` log, then reads `expr` by raw eval. */
const after = async (c, type, expr, ms) => ((await c.waitEvent(type, undefined, ms)) ? c.eval(expr) : undefined)

const dialogPage =
  `<p id="st">Draft: Quarterly report</p><button id="open" onclick="dlg.showModal()">Rename</button>` +
  `<dialog id="dlg" aria-label="Rename"><form method="dialog"><label>Title <input id="ti" value="Q3 report">` +
  `</label><button value="ok">Save</button></form></dialog><script>dlg.addEventListener('close',()=>{` +
  `st.textContent=dlg.returnValue==='ok'?'Draft: '+ti.value:'Rename cancelled, title kept';log('closed',` +
  `{v:dlg.returnValue})})</script>`

const emailField =
  `<form novalidate><label>Email <input id="em" type="email" aria-describedby="err"></label>` +
  `<p id="err" role="alert"></p><label>Full name <input id="nm"></label>` +
  `<button type="button" id="next">Continue</button></form>`
const syncBlur =
  emailField +
  `<script>em.addEventListener('focusout',()=>{err.textContent=/^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/i.test(em.value)?` +
  `'':'Enter a complete email address, like name@example.com';em.setAttribute('aria-invalid',String(!!err.textContent));` +
  `log('validated',{msg:err.textContent})})</script>`

/** The blur cases' start: the e-mail field holds an incomplete address; their words: the field's error. */
const emailFilled = (c) => [
  ["open", c.url],
  ["fill", "#em", "ada@"]
]
const saysEmailError = (t) => says(t, "Enter a complete email address")

export const queued = [
  {
    // the toggle event is fired in a task after the details opened; its handler fills the body
    id: "queued.details-toggle-fills",
    page:
      `<details id="d"><summary id="sm">Delivery</summary><p id="body">Loading…</p></details><script>` +
      `d.addEventListener('toggle',()=>{if(d.open){body.textContent='Ships in 2 days from Berlin';log('filled')}})` +
      `</script>`,
    act: () => [["click", "#sm"]],
    effect: async (c) => {
      const v = await after(c, "filled", "[d.open, body.textContent]")
      return saw(v?.[0] === true && v?.[1] === "Ships in 2 days from Berlin", `open, body ${show(v)}`)
    },
    said: (t) => says(t, "Ships in 2 days"),
    wrong: (t) =>
      /Loading…/.test(t) && !/Ships in 2 days/.test(t) ? "names the placeholder as the content" : undefined
  },
  {
    // Escape cancels the modal; its close event (a task later) says the rename was cancelled
    id: "queued.dialog-escape-close",
    page: dialogPage,
    setup: (c) => [
      ["open", c.url],
      ["click", "#open"]
    ],
    act: () => [["press", "Escape"]],
    effect: async (c) => {
      const v = await after(c, "closed", "[st.textContent, dlg.open]")
      return saw(v?.[0] === "Rename cancelled, title kept" && v?.[1] === false, `status, open ${show(v)}`)
    },
    said: (t) => says(t, "Rename cancelled")
  },
  {
    // the click handler shows its message in the next animation frame
    id: "queued.raf-message",
    page:
      `<button id="fav" onclick="requestAnimationFrame(()=>{msg.textContent='Added to your favourites';` +
      `this.textContent='Saved';log('shown')})">Save to favourites</button><p id="msg" role="status"></p>`,
    act: () => [["click", "#fav"]],
    effect: async (c) => {
      const v = await after(c, "shown", "msg.textContent")
      return saw(v === "Added to your favourites", `message ${show(v)}`)
    },
    said: (t) => says(t, "Added to your favourites"),
    wrong: saysNothing
  },
  {
    // a React-like scheduler: the click sets state, the render runs from a MessageChannel message
    id: "queued.messagechannel-render",
    page:
      `<button id="add">Add to cart</button><p id="cart">Cart: 2 items</p><script>let n=2,queued=false;` +
      `const ch=new MessageChannel();ch.port1.onmessage=()=>{queued=false;cart.textContent='Cart: '+n+' items';` +
      `log('rendered',{n})};const setN=(v)=>{n=v;if(!queued){queued=true;ch.port2.postMessage(null)}};` +
      `add.onclick=()=>setN(n+1)</script>`,
    act: () => [["click", "#add"]],
    effect: async (c) => {
      const v = await after(c, "rendered", "cart.textContent")
      return saw(v === "Cart: 3 items", `cart ${show(v)}`)
    },
    said: (t) => says(t, "Cart: 3 items"),
    wrong: (t) => (/Cart: 2 items/.test(t) && !/Cart: 3 items/.test(t) ? "names the old count" : undefined)
  },
  {
    // an async handler: three awaits (microtasks) before the counter changes
    id: "queued.microtask-chain",
    page:
      `<button id="b">Apply discount</button><p id="tot">Total: 120 EUR</p><script>` +
      `b.onclick=async()=>{const r=await Promise.resolve(0.1);const p=await Promise.resolve(120*(1-r));` +
      `await null;queueMicrotask(()=>{tot.textContent='Total: '+p+' EUR (10% off)';log('applied')})}</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = await after(c, "applied", "tot.textContent")
      return saw(v === "Total: 108 EUR (10% off)", `total ${show(v)}`)
    },
    said: (t) => says(t, "108 EUR")
  },
  {
    // the panel slides open in 150 ms; its content is put in when the transition ends
    id: "queued.transitionend-fills",
    page:
      `<style>#pan{overflow:hidden;height:0;transition:height 150ms ease}#pan.open{height:80px}</style>` +
      `<button id="b" aria-expanded="false" aria-controls="pan">Warranty</button><div id="pan"></div><script>` +
      `b.onclick=()=>{pan.classList.add('open');b.setAttribute('aria-expanded','true')};` +
      `pan.addEventListener('transitionend',()=>{pan.innerHTML='<p>2-year warranty, free returns within 30 days</p>';` +
      `log('filled')})</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = await after(c, "filled", "pan.textContent")
      return saw(v === "2-year warranty, free returns within 30 days", `panel ${show(v)}`)
    },
    said: (t) => says(t, "2-year warranty")
  },
  {
    // the row fades out for 150 ms; when the animation ends it is removed and the status says so
    id: "queued.animationend-removes",
    page:
      `<style>@keyframes out{to{opacity:0;transform:translateX(40px)}}.leaving{animation:out 150ms forwards}</style>` +
      `<ul id="ul"><li id="r1">Desk lamp <button id="rm">Remove</button></li><li>Monitor</li></ul>` +
      `<p id="st" role="status"></p><script>rm.onclick=()=>{r1.classList.add('leaving');` +
      `r1.addEventListener('animationend',()=>{r1.remove();st.textContent='Desk lamp removed from your cart';` +
      `log('removed')},{once:true})}</script>`,
    act: () => [["click", "#rm"]],
    effect: async (c) => {
      const v = await after(c, "removed", "[ul.children.length, st.textContent]")
      return saw(v?.[0] === 1 && v?.[1] === "Desk lamp removed from your cart", `rows, status ${show(v)}`)
    },
    said: (t) => says(t, "removed from your cart")
  },
  {
    // a 0 ms timer shows "Checking…", then starts a 60 ms one that shows the outcome
    id: "queued.nested-timers",
    page:
      `<label>Coupon <input id="cp" value="SAVE10"></label><button id="ap">Apply</button><p id="st"></p><script>` +
      `ap.onclick=()=>setTimeout(()=>{st.textContent='Checking…';setTimeout(()=>{` +
      `st.textContent='Coupon SAVE10 applied: 10% off';log('applied')},60)},0)</script>`,
    act: () => [["click", "#ap"]],
    effect: async (c) => {
      const v = await after(c, "applied", "st.textContent")
      return saw(v === "Coupon SAVE10 applied: 10% off", `status ${show(v)}`)
    },
    said: (t) => says(t, "SAVE10 applied"),
    wrong: (t) =>
      /Checking…/.test(t) && !/SAVE10 applied/.test(t) ? "names the interim 'Checking…' as the result" : undefined
  },
  {
    // a reset event fires before the fields reset: the handler reads them one task later to redo the total
    id: "queued.form-reset-total",
    page:
      `<form id="f"><label>Quantity <input id="q" type="number" value="0"></label><p id="tot">Total: 0 EUR</p>` +
      `<button type="reset" id="rs">Clear</button></form><script>const draw=()=>{tot.textContent='Total: '+` +
      `(Number(q.value)*12)+' EUR'};q.oninput=draw;f.addEventListener('reset',()=>setTimeout(()=>{draw();` +
      `log('reset',{t:tot.textContent})},0))</script>`,
    setup: (c) => [
      ["open", c.url],
      ["fill", "#q", "3"]
    ],
    act: () => [["click", "#rs"]],
    effect: async (c) => {
      const v = await after(c, "reset", "[q.value, tot.textContent]")
      return saw(v?.[0] === "0" && v?.[1] === "Total: 0 EUR", `quantity, total ${show(v)}`)
    },
    said: (t) => says(t, "Total: 0 EUR"),
    wrong: (t) => (/Total: 36 EUR/.test(t) && !/Total: 0 EUR/.test(t) ? "names the total before the reset" : undefined)
  },
  {
    // a single-page app's Back button calls history.back(); the popstate handler (later) renders the inbox
    id: "queued.popstate-back",
    page:
      `<main id="view"></main><script>const render=()=>{if(location.hash==='#m1'){view.innerHTML=` +
      `'<h1>Lunch on Friday?</h1><p>From Ada</p><button id="bk" onclick="history.back()">Back to inbox</button>'}` +
      `else{view.innerHTML='<h1>Inbox</h1><p>3 unread messages</p><a id="m1" href="#m1">Lunch on Friday?</a>'}` +
      `log('render',{h:location.hash})};addEventListener('popstate',render);` +
      `addEventListener('click',(e)=>{const a=e.target.closest('a');if(a){e.preventDefault();` +
      `history.pushState(null,'',a.getAttribute('href'));render()}});render()</script>`,
    setup: (c) => [
      ["open", c.url],
      ["click", "#m1"]
    ],
    act: () => [["click", "#bk"]],
    effect: async (c) => {
      const ok = await c.until(() => c.count("render", (e) => e.h === "") >= 2)
      const v = ok ? await c.eval("[location.hash, view.textContent]") : undefined
      return saw(v?.[0] === "" && /3 unread messages/.test(v?.[1] ?? ""), `hash, view ${show(v)}`)
    },
    said: (t) => says(t, "3 unread messages")
  },
  {
    // a container query done in script: a ResizeObserver callback (after layout) says how many columns fit
    id: "queued.resize-observer",
    page:
      `<button id="wide" onclick="grid.style.width='860px'">Wide view</button>` +
      `<section id="grid" style="width:300px;border:1px solid #ccc"><p id="cols"></p></section><script>` +
      `new ResizeObserver(([e])=>{const n=Math.max(1,Math.floor(e.contentRect.width/200));cols.textContent=` +
      `'Showing '+n+(n>1?' columns':' column');log('cols',{n})}).observe(grid)</script>`,
    act: () => [["click", "#wide"]],
    effect: async (c) => {
      const v = (await c.waitEvent("cols", (e) => e.n === 4)) ? await c.eval("cols.textContent") : undefined
      return saw(v === "Showing 4 columns", `columns ${show(v)}`)
    },
    said: (t) => says(t, "Showing 4 columns"),
    wrong: (t) =>
      /Showing 1 column\b/.test(t) && !/Showing 4 columns/.test(t) ? "names the narrow layout's count" : undefined
  },
  {
    // a lazy section: shown by the click, filled by an IntersectionObserver callback once it is in view
    id: "queued.intersection-lazy",
    page:
      `<button id="b" onclick="rev.hidden=false">Show reviews</button><section id="rev" hidden><h2>Reviews</h2>` +
      `<p id="lz">Loading reviews…</p></section><script>new IntersectionObserver((es)=>{for(const e of es)` +
      `if(e.isIntersecting){lz.textContent='Rated 4.8 out of 5 by 120 buyers';log('loaded')}}).observe(lz)</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = await after(c, "loaded", "lz.textContent")
      return saw(v === "Rated 4.8 out of 5 by 120 buyers", `reviews ${show(v)}`)
    },
    said: (t) => says(t, "Rated 4.8 out of 5"),
    wrong: (t) =>
      /Loading reviews/.test(t) && !/Rated 4\.8/.test(t) ? "names the placeholder as the content" : undefined
  },
  {
    // blur validation: a click on the next field moves focus off the e-mail field, whose focusout shows the error
    id: "queued.blur-validate-click",
    page: syncBlur,
    setup: emailFilled,
    act: () => [["click", "#nm"]],
    effect: async (c) => {
      const v = await after(c, "validated", "err.textContent")
      return saw(/Enter a complete email address/.test(v ?? ""), `error ${show(v)}`)
    },
    said: saysEmailError
  },
  {
    // the same validation on Tab
    id: "queued.blur-validate-tab",
    page: syncBlur,
    setup: emailFilled,
    act: () => [["press", "Tab"]],
    effect: async (c) => {
      const v = await after(c, "validated", "[err.textContent, document.activeElement.id]")
      return saw(/Enter a complete email address/.test(v?.[0] ?? ""), `error, focus ${show(v)}`)
    },
    said: saysEmailError
  },
  {
    // the same validation when the next field is filled: the fill takes focus off the e-mail field
    id: "queued.blur-validate-fill",
    page: syncBlur,
    setup: emailFilled,
    act: () => [["fill", "#nm", "Ada Lovelace"]],
    effect: async (c) => {
      const v = await after(c, "validated", "[err.textContent, nm.value]")
      return saw(/Enter a complete email address/.test(v?.[0] ?? "") && v?.[1] === "Ada Lovelace", `error ${show(v)}`)
    },
    said: saysEmailError
  },
  {
    // a validation library's async rule: the blur runs the validator, whose promise settles a task later
    id: "queued.blur-validate-async",
    page:
      emailField +
      `<script>const rule=(v)=>new Promise((r)=>setTimeout(()=>r(/^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/i.test(v)?'':` +
      `'Enter a complete email address, like name@example.com'),0));em.addEventListener('focusout',async()=>{` +
      `const m=await rule(em.value);err.textContent=m;log('validated',{msg:m})})</script>`,
    setup: emailFilled,
    act: () => [["click", "#nm"]],
    effect: async (c) => {
      const v = await after(c, "validated", "err.textContent")
      return saw(/Enter a complete email address/.test(v ?? ""), `error ${show(v)}`)
    },
    said: saysEmailError
  },
  {
    // a username field checked with the server on blur (120 ms answer): the click elsewhere starts the check
    id: "queued.blur-username-check",
    page:
      `<label>Username <input id="un"></label><p id="hint" role="status"></p><label>Password ` +
      `<input id="pw" type="password"></label><script>un.addEventListener('blur',async()=>{hint.textContent=` +
      `'Checking…';const j=await fetch('check?u='+encodeURIComponent(un.value)).then(r=>r.json());` +
      `hint.textContent=j.free?'Username is available':'Username '+un.value+' is already taken';` +
      `log('checked',{free:j.free})})</script>`,
    files: { check: { json: { free: false }, delayMs: 120 } },
    setup: (c) => [
      ["open", c.url],
      ["fill", "#un", "ada"]
    ],
    act: () => [["click", "#pw"]],
    effect: async (c) => {
      const v = await after(c, "checked", "hint.textContent")
      return saw(v === "Username ada is already taken", `hint ${show(v)}`)
    },
    said: (t) => says(t, "already taken"),
    wrong: (t) => (/Checking…/.test(t) && !/already taken/.test(t) ? "names 'Checking…' as the result" : undefined)
  },
  {
    // a country select whose change fetches the cities (100 ms) and renders them
    id: "queued.select-fetch",
    page:
      `<label>Country <select id="co"><option value="">Choose…</option><option value="de">Germany</option>` +
      `<option value="fr">France</option></select></label><p id="ci">Choose a country to see its cities</p><script>` +
      `co.onchange=async()=>{ci.textContent='Loading cities…';const j=await fetch('cities?c='+co.value)` +
      `.then(r=>r.json());ci.textContent='Cities: '+j.join(', ');log('cities',{n:j.length})}</script>`,
    files: { cities: { json: ["Berlin", "Hamburg", "Munich"], delayMs: 100 } },
    act: () => [["select", "#co", "de"]],
    effect: async (c) => {
      const v = await after(c, "cities", "ci.textContent")
      return saw(v === "Cities: Berlin, Hamburg, Munich", `cities ${show(v)}`)
    },
    said: (t) => says(t, "Berlin, Hamburg, Munich"),
    wrong: (t) =>
      /Loading cities/.test(t) && !/Berlin, Hamburg/.test(t) ? "names 'Loading cities…' as the result" : undefined
  },
  {
    // a filter checkbox whose change batches the render into the next animation frame
    id: "queued.check-raf-render",
    page:
      `<label><input type="checkbox" id="fs"> Free shipping</label><p id="cnt">12 products</p><script>` +
      `let pending=false;fs.onchange=()=>{if(pending)return;pending=true;requestAnimationFrame(()=>{pending=false;` +
      `cnt.textContent=fs.checked?'5 products with free shipping':'12 products';log('render',{on:fs.checked})})}` +
      `</script>`,
    act: () => [["check", "#fs"]],
    effect: async (c) => {
      const v = await after(c, "render", "cnt.textContent")
      return saw(v === "5 products with free shipping", `count ${show(v)}`)
    },
    said: (t) => says(t, "5 products with free shipping")
  },
  {
    // a shipping select whose change batches the price render into the next animation frame
    id: "queued.select-raf-render",
    page:
      `<label>Shipping <select id="sh"><option value="std">Standard</option><option value="exp">Express</option>` +
      `</select></label><p id="pr">Delivery: 4.90 EUR, 3-5 days</p><script>sh.onchange=()=>requestAnimationFrame(()=>` +
      `{pr.textContent=sh.value==='exp'?'Delivery: 14.90 EUR, next day':'Delivery: 4.90 EUR, 3-5 days';` +
      `log('render',{v:sh.value})})</script>`,
    act: () => [["select", "#sh", "exp"]],
    effect: async (c) => {
      const v = await after(c, "render", "pr.textContent")
      return saw(v === "Delivery: 14.90 EUR, next day", `price ${show(v)}`)
    },
    said: (t) => says(t, "14.90 EUR")
  },
  {
    // a password strength meter redrawn in the next animation frame after each input
    id: "queued.fill-raf-meter",
    page:
      `<label>New password <input id="pw" type="password"></label><p id="sg">Strength: none</p><script>` +
      `let f=0;pw.oninput=()=>{cancelAnimationFrame(f);f=requestAnimationFrame(()=>{const v=pw.value;` +
      `sg.textContent='Strength: '+(v.length>=12&&/\\d/.test(v)&&/[^\\w]/.test(v)?'strong':v.length>=8?'fair':'weak');` +
      `log('meter',{t:sg.textContent})})}</script>`,
    act: () => [["fill", "#pw", "correct-horse-42"]],
    effect: async (c) => {
      const v = await after(c, "meter", "sg.textContent")
      return saw(v === "Strength: strong", `meter ${show(v)}`)
    },
    said: (t) => says(t, "Strength: strong")
  },
  {
    // a message box whose character counter is redrawn in the next animation frame
    id: "queued.fill-raf-counter",
    page:
      `<label>Message <textarea id="tx" maxlength="280"></textarea></label><p id="cc">280 characters left</p>` +
      `<script>let f=0;tx.oninput=()=>{cancelAnimationFrame(f);f=requestAnimationFrame(()=>{cc.textContent=` +
      `(280-tx.value.length)+' characters left';log('count',{n:tx.value.length})})}</script>`,
    act: () => [["fill", "#tx", "Running late, start without me"]],
    effect: async (c) => {
      const v = await after(c, "count", "cc.textContent")
      return saw(v === "250 characters left", `counter ${show(v)}`)
    },
    said: (t) => says(t, "250 characters left")
  },
  {
    // Enter on a focused button whose click handler shows its message in the next animation frame
    id: "queued.enter-raf-message",
    page:
      `<button id="fw" onclick="requestAnimationFrame(()=>{st.textContent='You follow Ada Lovelace';log('shown')})">` +
      `Follow</button><p id="st"></p>`,
    setup: (c) => [
      ["open", c.url],
      ["focus", "#fw"]
    ],
    act: () => [["press", "Enter"]],
    effect: async (c) => {
      const v = await after(c, "shown", "st.textContent")
      return saw(v === "You follow Ada Lovelace", `message ${show(v)}`)
    },
    said: (t) => says(t, "You follow Ada Lovelace")
  },
  {
    // Space on a focused switch: its click handler updates the status in a 0 ms timer
    id: "queued.space-switch-timer",
    page:
      `<button id="sw" role="switch" aria-checked="false">Email alerts</button><p id="st">Email alerts are off</p>` +
      `<script>sw.onclick=()=>setTimeout(()=>{const on=sw.getAttribute('aria-checked')!=='true';` +
      `sw.setAttribute('aria-checked',String(on));st.textContent=on?'Email alerts are on':'Email alerts are off';` +
      `log('toggled',{on})},0)</script>`,
    setup: (c) => [
      ["open", c.url],
      ["focus", "#sw"]
    ],
    act: () => [["press", "Space"]],
    effect: async (c) => {
      const v = await after(c, "toggled", "[sw.getAttribute('aria-checked'), st.textContent]")
      return saw(v?.[0] === "true" && v?.[1] === "Email alerts are on", `checked, status ${show(v)}`)
    },
    said: (t) => says(t, "Email alerts are on")
  },
  {
    // Enter submits a search form; the results render from a MessageChannel scheduler (a transition)
    id: "queued.enter-search-scheduled",
    page:
      `<form id="f" role="search"><label>Search <input id="q"></label><button>Go</button></form>` +
      `<p id="res"></p><script>const items=['Desk lamp','Floor lamp','Lamp shade','Monitor'];` +
      `const ch=new MessageChannel();ch.port1.onmessage=({data})=>{const hits=items.filter(i=>` +
      `i.toLowerCase().includes(data));res.textContent=hits.length+' results for "'+data+'": '+hits.join(', ');` +
      `log('results',{n:hits.length})};f.onsubmit=(e)=>{e.preventDefault();ch.port2.postMessage(q.value.toLowerCase())}` +
      `</script>`,
    setup: (c) => [
      ["open", c.url],
      ["fill", "#q", "lamp"]
    ],
    act: () => [["press", "Enter"]],
    effect: async (c) => {
      const v = await after(c, "results", "res.textContent")
      return saw(v === '3 results for "lamp": Desk lamp, Floor lamp, Lamp shade', `results ${show(v)}`)
    },
    said: (t) => says(t, "3 results for")
  },
  {
    // a filter box debounced by 150 ms: the list narrows after typing stops
    id: "queued.fill-debounced",
    page:
      `<label>Filter <input id="q"></label><p id="n">4 cities</p><ul id="ul"></ul><script>` +
      `const all=['Berlin','Bern','Bonn','Munich'];const draw=(v)=>{const h=all.filter(x=>x.toLowerCase()` +
      `.startsWith(v.toLowerCase()));n.textContent=h.length+(h.length===1?' city':' cities')+' match';` +
      `ul.innerHTML=h.map(x=>'<li>'+x+'</li>').join('');log('filtered',{n:h.length})};draw('');let t;` +
      `q.oninput=()=>{clearTimeout(t);t=setTimeout(()=>draw(q.value),150)}</script>`,
    act: () => [["fill", "#q", "ber"]],
    effect: async (c) => {
      const ok = await c.until(() => c.has("filtered", (e) => e.n === 2))
      const v = ok ? await c.eval("[n.textContent, ul.textContent]") : undefined
      return saw(v?.[0] === "2 cities match" && v?.[1] === "BerlinBern", `count, list ${show(v)}`)
    },
    said: (t) => says(t, "2 cities match")
  },
  {
    // a toast that fades in (added, then shown two frames later with a 150 ms opacity transition), gone after 2 s
    id: "queued.toast-fade-in",
    page:
      `<style>.toast{position:fixed;bottom:16px;right:16px;opacity:0;transition:opacity 150ms}.toast.show{opacity:1}` +
      `</style><button id="b">Copy link</button><script>b.onclick=()=>{const t=document.createElement('div');` +
      `t.className='toast';t.setAttribute('role','status');t.textContent='Link copied to clipboard';` +
      `document.body.append(t);requestAnimationFrame(()=>requestAnimationFrame(()=>{t.classList.add('show');` +
      `log('shown')}));setTimeout(()=>{t.remove();log('gone')},2000)}</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => saw(await c.waitEvent("shown"), `${c.has("shown") ? "shown" : "never shown"}`),
    said: (t) => says(t, "Link copied to clipboard"),
    wrong: saysNothing
  },
  {
    // a toast put up by a 0 ms timer (after the click's own work) and taken down 2 s later
    id: "queued.toast-timer-2s",
    page:
      `<button id="b">Archive</button><ul><li id="m">Invoice #311</li></ul><script>b.onclick=()=>{m.remove();` +
      `setTimeout(()=>{const t=document.createElement('div');t.setAttribute('role','alert');` +
      `t.textContent='Conversation archived. Undo';document.body.append(t);log('shown');` +
      `setTimeout(()=>{t.remove();log('gone')},2000)},0)}</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => saw(await c.waitEvent("shown"), `${c.has("shown") ? "shown" : "never shown"}`),
    said: (t) => says(t, "Conversation archived")
  }
]
