// Cases: an action whose visible effect arrives through a less common but real browser mechanism. The Popover API
// (a `popovertarget` button, a popover menu's item, a manual popover toast), a non-modal `<dialog>` opened with
// show(), an exclusive `<details name>` accordion, the View Transitions API wrapping a DOM update (sync, and after a
// fetch), a Web Worker's answer, a BroadcastChannel message, a requestIdleCallback render, a fetch chain (the second
// request starts from the first's answer), a fetch whose render waits in a 150 ms timer, IndexedDB write-then-read,
// a Server-Sent Events message, a list made inert and aria-busy while it refreshes, a skeleton replaced after 250 ms,
// requestSubmit() from a button outside the form, `<output>` elements fed by a range (fill and ArrowRight), a
// `<progress>` driven by a timer chain, `content-visibility` lifted, a Web Animations `finish`, a dynamic import(),
// crypto.subtle, an image's `load`, an XHR, a microtask → timer → frame chain; and effects that land later than a
// careful tool waits (a 600 ms timer, a 2 s answer), where the text must not read as final. Each effect is read
// outside the tool (the page's own log and a raw eval); `said` wants the effect's own words, or for the late ones
// words that say what is still pending.
import { saw, says, show } from "./helpers.mjs"

/** Waits for the page's `type` log, then reads `expr` by raw eval. */
const after = async (c, type, expr, pred, ms) => ((await c.waitEvent(type, pred, ms)) ? c.eval(expr) : undefined)

/** The text says nothing changed (with no "yet", "pending" or "still" to say it may change later). */
const saysNothingFinal = (t) =>
  /nothing (visible )?(happened|changed)|no visible (change|effect)|no effect|did not change/i.test(t) &&
  !/\b(yet|so far|pending|still|later|in flight|not answered)\b/i.test(t)
    ? "says nothing changed, as if final; the page changed later"
    : undefined

/** The text names `placeholder` and never `final`. */
const namesOnly = (placeholder, final, why) => (t) => (t.includes(placeholder) && !t.includes(final) ? why : undefined)

/** A tip calculator on a 48 EUR bill: a range feeds two `<output>` elements. */
const tipPage =
  `<p>Bill: 48.00 EUR</p><label for="tip">Tip</label><input id="tip" type="range" min="0" max="30" step="5" ` +
  `value="10" oninput="pct.value=this.value+'%';amt.value='Tip '+(48*this.value/100).toFixed(2)+' EUR';` +
  `log('input',{v:this.value})"><output id="pct" for="tip">10%</output> <output id="amt">Tip 4.80 EUR</output>`

export const asyncMore = [
  {
    // a declarative popover: the button's popovertarget shows the panel, no script of the page's own
    id: "asyncx.popover-target-opens",
    page:
      `<h1>Desk lamp</h1><p>39 EUR</p><button id="info" popovertarget="ship">Shipping details</button>` +
      `<div id="ship" popover><p>Free delivery in 2 days, returns within 30 days</p></div><script>` +
      `ship.addEventListener('toggle',(e)=>log('toggle',{s:e.newState}))</script>`,
    act: () => [["click", "#info"]],
    effect: async (c) => {
      const v = await after(c, "toggle", "ship.matches(':popover-open')", (e) => e.s === "open")
      return saw(v === true, `popover open ${show(v)}`)
    },
    said: (t) => says(t, "Free delivery in 2 days")
  },
  {
    // a popover menu: its item changes the thread's status and closes the menu
    id: "asyncx.popover-menu-item",
    page:
      `<p id="st">Thread: Lunch on Friday? (unread)</p><button id="more" popovertarget="menu">More actions</button>` +
      `<div id="menu" popover role="menu"><button role="menuitem" id="mark">Mark as read</button>` +
      `<button role="menuitem" id="mute">Mute thread</button></div><script>mark.onclick=()=>{` +
      `st.textContent='Thread: Lunch on Friday? (read)';menu.hidePopover();log('marked')}</script>`,
    setup: (c) => [
      ["open", c.url],
      ["click", "#more"]
    ],
    act: () => [["click", "#mark"]],
    effect: async (c) => {
      const v = await after(c, "marked", "[st.textContent, menu.matches(':popover-open')]")
      return saw(v?.[0] === "Thread: Lunch on Friday? (read)" && v?.[1] === false, `status, menu open ${show(v)}`)
    },
    said: (t) => says(t, "Lunch on Friday? (read)"),
    wrong: namesOnly("(unread)", "(read)", "names the status from before the click")
  },
  {
    // a toast shown as a manual popover (top layer) by showPopover(), hidden again 2 s later
    id: "asyncx.popover-manual-toast",
    page:
      `<h1>Team settings</h1><button id="cp">Copy invite link</button>` +
      `<div id="toast" popover="manual" role="status"></div><script>cp.onclick=()=>{` +
      `toast.textContent='Invite link copied, it expires in 7 days';toast.showPopover();` +
      `log('shown',{open:toast.matches(':popover-open')});setTimeout(()=>{toast.hidePopover();log('gone')},2000)}` +
      `</script>`,
    act: () => [["click", "#cp"]],
    effect: async (c) => {
      await c.waitEvent("shown")
      const e = c.events().find((x) => x.type === "shown")
      return saw(e?.open === true, `toast open when shown ${show(e?.open)}`)
    },
    said: (t) => says(t, "Invite link copied")
  },
  {
    // a support chat opened with dialog.show(): non-modal, the page behind stays usable
    id: "asyncx.dialog-show-nonmodal",
    page:
      `<h1>Help centre</h1><button id="chat">Chat with us</button><dialog id="dl" aria-label="Support chat">` +
      `<p>Hi! An agent will reply in about 5 minutes.</p><button onclick="dl.close()">Close</button></dialog>` +
      `<script>chat.onclick=()=>{dl.show();log('opened')}</script>`,
    act: () => [["click", "#chat"]],
    effect: async (c) => {
      const v = await after(c, "opened", "[dl.open, dl.matches(':modal')]")
      return saw(v?.[0] === true && v?.[1] === false, `open, modal ${show(v)}`)
    },
    said: (t) => says(t, "reply in about 5 minutes")
  },
  {
    // an exclusive accordion (<details name>): opening the second answer closes the first, with no script
    id: "asyncx.details-exclusive-accordion",
    page:
      `<h2>Questions</h2><details name="faq" id="d1" open><summary>How long is delivery?</summary>` +
      `<p>2 to 4 working days</p></details><details name="faq" id="d2"><summary id="s2">Can I return an item?` +
      `</summary><p>Yes, free returns within 30 days of delivery</p></details><script>` +
      `for(const d of [d1,d2])d.addEventListener('toggle',()=>log('toggle',{id:d.id,open:d.open}))</script>`,
    act: () => [["click", "#s2"]],
    effect: async (c) => {
      const v = await after(c, "toggle", "[d1.open, d2.open]", (e) => e.id === "d2" && e.open)
      return saw(v?.[0] === false && v?.[1] === true, `first open, second open ${show(v)}`)
    },
    // the answer it opened, and the one it closed
    said: (t) => says(t, "free returns within 30 days", "2 to 4 working days")
  },
  {
    // a list/grid switch wrapped in a view transition: the update callback runs after the old state is captured
    id: "asyncx.view-transition-update",
    page:
      `<style>::view-transition-group(root){animation-duration:120ms}.grid{display:flex;gap:8px}</style>` +
      `<button id="grid">Grid view</button><ul id="ph"><li>Harbour at dawn</li><li>Old town</li></ul>` +
      `<p id="mode">Showing 2 photos as a list</p><script>grid.onclick=()=>{` +
      `const t=document.startViewTransition(()=>{` +
      `ph.className='grid';mode.textContent='Showing 2 photos as a grid';grid.textContent='List view';` +
      `log('updated')});t.finished.then(()=>log('finished'))}</script>`,
    act: () => [["click", "#grid"]],
    effect: async (c) => {
      const v = await after(c, "updated", "[mode.textContent, ph.className]")
      return saw(v?.[0] === "Showing 2 photos as a grid" && v?.[1] === "grid", `mode, class ${show(v)}`)
    },
    said: (t) => says(t, "as a grid"),
    wrong: namesOnly("as a list", "as a grid", "names the layout from before the transition")
  },
  {
    // a news reader's Next button: the view transition's update awaits the next article's fetch (150 ms)
    id: "asyncx.view-transition-after-fetch",
    page:
      `<button id="nx">Next article</button><article><h1 id="h">Rain expected on Sunday</h1>` +
      `<p id="lead">Showers move in from the west.</p></article><script>nx.onclick=()=>` +
      `document.startViewTransition(async()=>{const a=await fetch('next').then((r)=>r.json());h.textContent=a.title;` +
      `lead.textContent=a.lead;log('swapped')})</script>`,
    files: {
      next: { json: { title: "City opens a new library", lead: "The building holds 200,000 books." }, delayMs: 150 }
    },
    act: () => [["click", "#nx"]],
    effect: async (c) => {
      const v = await after(c, "swapped", "[h.textContent, lead.textContent]")
      return saw(v?.[0] === "City opens a new library", `heading, lead ${show(v)}`)
    },
    said: (t) => says(t, "City opens a new library"),
    wrong: namesOnly("Rain expected", "new library", "names the article the page left")
  },
  {
    // a Web Worker sums the order amounts off the main thread and posts the summary back
    id: "asyncx.worker-result",
    page:
      `<label>Amounts <input id="am" value="39.50,58,50"></label><button id="go">Summarise</button>` +
      `<p id="out"></p><script>const src='onmessage=(e)=>{const v=e.data.split(",").map(Number);` +
      `const t=v.reduce((a,b)=>a+b,0);postMessage({n:v.length,t:t.toFixed(2),a:(t/v.length).toFixed(2)})}';` +
      `const w=new Worker(URL.createObjectURL(new Blob([src],{type:'text/javascript'})));` +
      `w.onmessage=({data})=>{out.textContent=data.n+' orders, total '+data.t+' EUR, average '+data.a+' EUR';` +
      `log('summary',{t:data.t})};go.onclick=()=>{out.textContent='Calculating…';w.postMessage(am.value)}</script>`,
    act: () => [["click", "#go"]],
    effect: async (c) => {
      const v = await after(c, "summary", "out.textContent")
      return saw(v === "3 orders, total 147.50 EUR, average 49.17 EUR", `summary ${show(v)}`)
    },
    said: (t) => says(t, "total 147.50 EUR"),
    wrong: namesOnly("Calculating…", "147.50", "names 'Calculating…' as the result")
  },
  {
    // a micro-frontend shop: the product part posts on a BroadcastChannel, the header part (its own channel
    // object) updates the basket when the message arrives, a task later
    id: "asyncx.broadcast-channel-basket",
    page:
      `<header>Basket: <span id="bk">empty</span></header><h1>Desk lamp</h1><button id="add">Add to basket</button>` +
      `<script>const hdr=new BroadcastChannel('basket');let n=0;hdr.onmessage=({data})=>{n+=data.qty;` +
      `bk.textContent=n+(n>1?' items':' item');log('basket',{n})};const shop=new BroadcastChannel('basket');` +
      `add.onclick=()=>shop.postMessage({qty:1})</script>`,
    act: () => [["click", "#add"]],
    effect: async (c) => {
      const v = await after(c, "basket", "bk.textContent")
      return saw(v === "1 item", `basket ${show(v)}`)
    },
    said: (t) => says(t, "1 item"),
    wrong: saysNothingFinal
  },
  {
    // a low-priority section drawn in an idle callback (250 ms at most)
    id: "asyncx.idle-callback-render",
    page:
      `<h1>Account</h1><button id="ld">Show order history</button><section id="hist"></section><script>` +
      `ld.onclick=()=>requestIdleCallback(()=>{hist.innerHTML='<h2>Order history</h2>` +
      `<p>Order 1042, delivered 3 May</p>';log('drawn')},{timeout:250})</script>`,
    act: () => [["click", "#ld"]],
    effect: async (c) => {
      const v = await after(c, "drawn", "hist.textContent")
      return saw(v === "Order historyOrder 1042, delivered 3 May", `history ${show(v)}`)
    },
    said: (t) => says(t, "Order 1042, delivered 3 May"),
    wrong: saysNothingFinal
  },
  {
    // a fetch chain: who am I (150 ms), then my orders (150 ms) with the id from the first answer
    id: "asyncx.fetch-chain",
    page:
      `<button id="me">Show my orders</button><p id="out"></p><script>me.onclick=async()=>{` +
      `out.textContent='Loading…';const u=await fetch('api/me').then((r)=>r.json());` +
      `const o=await fetch('api/orders?user='+u.id).then((r)=>r.json());` +
      `out.textContent=u.name+' has '+o.length+' open orders: '+o.join(', ');log('shown',{n:o.length})}</script>`,
    files: {
      "api/me": { json: { id: 7, name: "Ada" }, delayMs: 150 },
      "api/orders": { json: ["#1042", "#1043", "#1051"], delayMs: 150 }
    },
    act: () => [["click", "#me"]],
    effect: async (c) => {
      const v = await after(c, "shown", "out.textContent")
      return saw(v === "Ada has 3 open orders: #1042, #1043, #1051", `orders ${show(v)}`)
    },
    said: (t) => says(t, "3 open orders"),
    wrong: namesOnly("Loading…", "open orders", "names 'Loading…' as the result")
  },
  {
    // the answer comes in 100 ms, then the page keeps its spinner 150 ms more before it renders (no flash)
    id: "asyncx.fetch-then-timer-render",
    page:
      `<button id="rf">Refresh balance</button><p id="bal">Balance: 120.00 EUR</p><script>rf.onclick=async()=>{` +
      `bal.textContent='Updating…';const j=await fetch('balance').then((r)=>r.json());` +
      `setTimeout(()=>{bal.textContent='Balance: '+j.eur+' EUR';log('shown',{eur:j.eur})},150)}</script>`,
    files: { balance: { json: { eur: "87.40" }, delayMs: 100 } },
    act: () => [["click", "#rf"]],
    effect: async (c) => {
      const v = await after(c, "shown", "bal.textContent")
      return saw(v === "Balance: 87.40 EUR", `balance ${show(v)}`)
    },
    said: (t) => says(t, "Balance: 87.40 EUR"),
    wrong: namesOnly("Updating…", "87.40", "names 'Updating…' as the result")
  },
  {
    // a draft saved to IndexedDB, then all drafts read back and listed
    id: "asyncx.indexeddb-save-list",
    page:
      `<label>Note <input id="nt"></label><button id="sv">Save draft</button><p id="ls">No drafts</p><script>` +
      `const db=new Promise((ok)=>{const r=indexedDB.open('drafts-'+Date.now()+Math.random(),1);` +
      `r.onupgradeneeded=()=>r.result.createObjectStore('d',{autoIncrement:true});r.onsuccess=()=>ok(r.result)});` +
      `const op=(m,f)=>db.then((d)=>new Promise((ok)=>{const q=f(d.transaction('d',m).objectStore('d'));` +
      `q.onsuccess=()=>ok(q.result)}));sv.onclick=async()=>{await op('readwrite',(s)=>s.add(nt.value));` +
      `const all=await op('readonly',(s)=>s.getAll());ls.textContent=all.length+' draft'+(all.length>1?'s':'')+` +
      `' saved: '+all.join('; ');log('saved',{n:all.length})}</script>`,
    setup: (c) => [
      ["open", c.url],
      ["fill", "#nt", "Call the plumber on Monday"]
    ],
    act: () => [["click", "#sv"]],
    effect: async (c) => {
      const v = await after(c, "saved", "ls.textContent")
      return saw(v === "1 draft saved: Call the plumber on Monday", `drafts ${show(v)}`)
    },
    said: (t) => says(t, "1 draft saved"),
    wrong: namesOnly("No drafts", "draft saved", "names the list from before the save")
  },
  {
    // an export that reports through Server-Sent Events: the message comes 200 ms after the click
    id: "asyncx.sse-message",
    page:
      `<button id="ex">Export orders</button><p id="st"></p><script>ex.onclick=()=>{st.textContent='Export started';` +
      `const es=new EventSource('progress');es.onmessage=(e)=>{st.textContent=e.data;log('message',{d:e.data});` +
      `es.close()}}</script>`,
    files: {
      progress: { type: "text/event-stream", body: "data: Export ready: 42 orders in orders.csv\n\n", delayMs: 200 }
    },
    act: () => [["click", "#ex"]],
    effect: async (c) => {
      const v = await after(c, "message", "st.textContent")
      return saw(v === "Export ready: 42 orders in orders.csv", `status ${show(v)}`)
    },
    said: (t) => says(t, "Export ready: 42 orders"),
    wrong: namesOnly("Export started", "Export ready", "names 'Export started' as where the page ended")
  },
  {
    // a list made inert and aria-busy while it refreshes (200 ms), then redrawn and released
    id: "asyncx.inert-busy-refresh",
    page:
      `<button id="rf">Refresh orders</button><p id="st" role="status">Updated 5 minutes ago</p><section id="ls">` +
      `<ul><li>Order 1041, packed</li></ul></section><script>rf.onclick=async()=>{ls.inert=true;` +
      `ls.setAttribute('aria-busy','true');st.textContent='Refreshing…';const o=await fetch('orders')` +
      `.then((r)=>r.json());ls.innerHTML='<ul>'+o.map((x)=>'<li>'+x+'</li>').join('')+'</ul>';ls.inert=false;` +
      `ls.removeAttribute('aria-busy');st.textContent='Updated just now: '+o.length+' orders';` +
      `log('refreshed',{n:o.length})}</script>`,
    files: { orders: { json: ["Order 1041, shipped", "Order 1042, packed"], delayMs: 200 } },
    act: () => [["click", "#rf"]],
    effect: async (c) => {
      const v = await after(c, "refreshed", "[st.textContent, ls.inert, ls.hasAttribute('aria-busy')]")
      return saw(v?.[0] === "Updated just now: 2 orders" && v?.[1] === false && v?.[2] === false, `${show(v)}`)
    },
    said: (t) => says(t, "Updated just now: 2 orders"),
    wrong: namesOnly("Refreshing…", "Updated just now", "names 'Refreshing…' as the result")
  },
  {
    // a profile card: a skeleton at once, the content 250 ms later
    id: "asyncx.skeleton-250ms",
    page:
      `<style>.sk{background:#eee;height:1em;width:12em;margin:4px 0}</style><button id="pf">View profile</button>` +
      `<section id="card"></section><script>pf.onclick=()=>{card.setAttribute('aria-busy','true');` +
      `card.innerHTML='<div class="sk"></div><div class="sk"></div><span>Loading profile…</span>';` +
      `setTimeout(()=>{card.innerHTML='<h2>Ada Lovelace</h2><p>London, member since 2019</p>';` +
      `card.removeAttribute('aria-busy');log('filled')},250)}</script>`,
    act: () => [["click", "#pf"]],
    effect: async (c) => {
      const v = await after(c, "filled", "card.textContent")
      return saw(v === "Ada LovelaceLondon, member since 2019", `card ${show(v)}`)
    },
    said: (t) => says(t, "member since 2019"),
    wrong: namesOnly("Loading profile…", "member since 2019", "names the skeleton's placeholder as the content")
  },
  {
    // a button outside the form calls requestSubmit(): the submit handler (no navigation) renders a summary
    id: "asyncx.request-submit-summary",
    page:
      `<form id="bk"><label>Guests <input id="g" type="number" min="1" value="2"></label>` +
      `<label>Date <input id="d" type="date" value="2025-06-14"></label></form>` +
      `<button id="rv" type="button">Review booking</button><p id="sum"></p><script>` +
      `rv.onclick=()=>bk.requestSubmit();` +
      `bk.addEventListener('submit',(e)=>{e.preventDefault();sum.textContent='Table for '+g.value+' on '+d.value+` +
      `', please confirm';log('submitted')})</script>`,
    setup: (c) => [
      ["open", c.url],
      ["fill", "#g", "4"]
    ],
    act: () => [["click", "#rv"]],
    effect: async (c) => {
      const v = await after(c, "submitted", "sum.textContent")
      return saw(v === "Table for 4 on 2025-06-14, please confirm", `summary ${show(v)}`)
    },
    said: (t) => says(t, "Table for 4 on 2025-06-14")
  },
  {
    // a tip slider set by fill: its input handler writes two <output> elements
    id: "asyncx.range-output-fill",
    page: tipPage,
    act: () => [["fill", "#tip", "20"]],
    effect: async (c) => {
      const v = await after(c, "input", "[pct.value, amt.value]", (e) => e.v === "20")
      return saw(v?.[0] === "20%" && v?.[1] === "Tip 9.60 EUR", `outputs ${show(v)}`)
    },
    said: (t) => says(t, "Tip 9.60 EUR")
  },
  {
    // the same slider moved one step (5) by ArrowRight
    id: "asyncx.range-output-arrow",
    page: tipPage,
    setup: (c) => [
      ["open", c.url],
      ["focus", "#tip"]
    ],
    act: () => [["press", "ArrowRight"]],
    effect: async (c) => {
      const v = await after(c, "input", "[tip.value, pct.value, amt.value]")
      return saw(v?.[0] === "15" && v?.[2] === "Tip 7.20 EUR", `value, outputs ${show(v)}`)
    },
    said: (t) => says(t, "Tip 7.20 EUR")
  },
  {
    // an upload bar driven by a chain of 100 ms timers (each starts the next): complete after 200 ms
    id: "asyncx.progress-timer-chain",
    page:
      `<button id="up">Upload report.pdf</button> <progress id="pg" max="100" value="0"></progress>` +
      `<p id="st"></p><script>up.onclick=()=>{st.textContent='Uploading…';const step=(v)=>setTimeout(()=>{` +
      `pg.value=v;if(v<100)step(v+50);else{st.textContent='Upload complete: report.pdf';log('done')}},100);step(50)}` +
      `</script>`,
    act: () => [["click", "#up"]],
    effect: async (c) => {
      const v = await after(c, "done", "[pg.value, st.textContent]")
      return saw(v?.[0] === 100 && v?.[1] === "Upload complete: report.pdf", `progress, status ${show(v)}`)
    },
    said: (t) => says(t, "Upload complete"),
    wrong: namesOnly("Uploading…", "Upload complete", "names 'Uploading…' as the result")
  },
  {
    // the specifications are laid out but skipped (content-visibility: hidden) until the button lifts it
    id: "asyncx.content-visibility-reveal",
    page:
      `<style>#specs{content-visibility:hidden}#specs.shown{content-visibility:visible}</style>` +
      `<h1>Standing desk</h1><button id="sp" aria-expanded="false">Show specifications</button>` +
      `<section id="specs"><p id="sx">Weight 32 kg, top 160 by 80 cm</p></section><script>sp.onclick=()=>{` +
      `specs.classList.add('shown');sp.setAttribute('aria-expanded','true');log('shown')}</script>`,
    act: () => [["click", "#sp"]],
    effect: async (c) => {
      const v = await after(c, "shown", "[getComputedStyle(specs).contentVisibility, sx.checkVisibility()]")
      return saw(v?.[0] === "visible" && v?.[1] === true, `content-visibility, p visible ${show(v)}`)
    },
    said: (t) => says(t, "Weight 32 kg")
  },
  {
    // a row flashes (Web Animations API, 200 ms); its `finish` marks the invoice paid
    id: "asyncx.waapi-finish",
    page:
      `<ul><li id="row"><span id="lbl">Invoice 311, due</span> <button id="pay">Mark as paid</button></li></ul>` +
      `<p id="st"></p><script>pay.onclick=()=>{const a=row.animate([{background:'#ff0'},` +
      `{background:'transparent'}],{duration:200});a.onfinish=()=>{lbl.textContent='Invoice 311, paid';` +
      `pay.remove();st.textContent='1 invoice paid today';log('done')}}</script>`,
    act: () => [["click", "#pay"]],
    effect: async (c) => {
      const v = await after(c, "done", "[lbl.textContent, st.textContent]")
      return saw(v?.[0] === "Invoice 311, paid" && v?.[1] === "1 invoice paid today", `label, status ${show(v)}`)
    },
    said: (t) => says(t, "1 invoice paid today")
  },
  {
    // code splitting: the click imports the editor's module (150 ms) and mounts it
    id: "asyncx.dynamic-import",
    page:
      `<h1>Profile</h1><button id="ed">Edit profile</button><div id="slot"></div><script>ed.onclick=async()=>{` +
      `const m=await import('./editor.js');m.mount(slot);log('mounted')}</script>`,
    files: {
      "editor.js": {
        type: "text/javascript",
        body:
          'export const mount=(el)=>{el.innerHTML=\'<label>Display name <input id="dn" value="Ada"></label>' +
          "<p>Profile editor ready, changes save as you type</p>'}",
        delayMs: 150
      }
    },
    act: () => [["click", "#ed"]],
    effect: async (c) => {
      const v = await after(c, "mounted", "slot.textContent")
      return saw(/Profile editor ready/.test(v ?? ""), `editor ${show(v)}`)
    },
    said: (t) => says(t, "Profile editor ready")
  },
  {
    // a licence check hashes the key with crypto.subtle (a promise) before it answers
    id: "asyncx.subtle-digest",
    page:
      `<label>Licence key <input id="k"></label><button id="vf">Verify</button><p id="st"></p><script>` +
      `vf.onclick=async()=>{const b=await crypto.subtle.digest('SHA-256',new TextEncoder().encode(k.value));` +
      `const h=[...new Uint8Array(b)].map((x)=>x.toString(16).padStart(2,'0')).join('');` +
      `st.textContent='Key '+h.slice(0,8)+' is valid until 2026';log('verified',{h:h.slice(0,8)})}</script>`,
    setup: (c) => [
      ["open", c.url],
      ["fill", "#k", "ABCD-1234-EFGH"]
    ],
    act: () => [["click", "#vf"]],
    effect: async (c) => {
      const v = await after(c, "verified", "st.textContent")
      return saw(/^Key [0-9a-f]{8} is valid until 2026$/.test(v ?? ""), `status ${show(v)}`)
    },
    said: (t) => says(t, "is valid until 2026")
  },
  {
    // a map image set on click: its caption is written by the image's load event (150 ms)
    id: "asyncx.image-load-caption",
    page:
      `<button id="mp">Show map</button><figure><img id="im" alt="" width="200" height="100">` +
      `<figcaption id="cap"></figcaption></figure><script>mp.onclick=()=>{cap.textContent='Loading map…';` +
      `im.onload=()=>{cap.textContent='Map of Berlin Mitte, scale 1:5000';im.alt='Map of Berlin Mitte';` +
      `log('loaded')};im.src='map.svg'}</script>`,
    files: {
      "map.svg": {
        type: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/></svg>',
        delayMs: 150
      }
    },
    act: () => [["click", "#mp"]],
    effect: async (c) => {
      const v = await after(c, "loaded", "[cap.textContent, im.complete]")
      return saw(v?.[0] === "Map of Berlin Mitte, scale 1:5000" && v?.[1] === true, `caption, loaded ${show(v)}`)
    },
    said: (t) => says(t, "Map of Berlin Mitte, scale 1:5000"),
    wrong: namesOnly("Loading map…", "Berlin Mitte", "names 'Loading map…' as the caption")
  },
  {
    // an address lookup done with XMLHttpRequest (a jQuery-era form), answered in 200 ms
    id: "asyncx.xhr-lookup",
    page:
      `<label>Postcode <input id="pc" value="10115"></label><button id="lk">Find address</button><p id="ad"></p>` +
      `<script>lk.onclick=()=>{const x=new XMLHttpRequest();x.open('GET','lookup?pc='+pc.value);` +
      `x.responseType='json';x.onload=()=>{ad.textContent=x.response.street+', '+x.response.city;log('found')};` +
      `x.send()}</script>`,
    files: { lookup: { json: { street: "Chausseestrasse 10", city: "10115 Berlin" }, delayMs: 200 } },
    act: () => [["click", "#lk"]],
    effect: async (c) => {
      const v = await after(c, "found", "ad.textContent")
      return saw(v === "Chausseestrasse 10, 10115 Berlin", `address ${show(v)}`)
    },
    said: (t) => says(t, "Chausseestrasse 10")
  },
  {
    // a store's update: a microtask starts a 0 ms timer, which asks for a frame, which renders
    id: "asyncx.microtask-timer-frame",
    page:
      `<h1>Ada Lovelace</h1><button id="fl">Follow</button><p id="st">No followers yet</p><script>fl.onclick=()=>` +
      `queueMicrotask(()=>setTimeout(()=>requestAnimationFrame(()=>{st.textContent='1 follower: you';` +
      `fl.textContent='Following';log('drawn')}),0))</script>`,
    act: () => [["click", "#fl"]],
    effect: async (c) => {
      const v = await after(c, "drawn", "[st.textContent, fl.textContent]")
      return saw(v?.[0] === "1 follower: you" && v?.[1] === "Following", `status, button ${show(v)}`)
    },
    said: (t) => says(t, "1 follower: you"),
    wrong: namesOnly("No followers yet", "1 follower", "names the status from before the click")
  },
  {
    // a report generated in 600 ms: the page says "Generating report…" at once; the result lands after the read
    id: "asyncx.late-timer-600ms",
    page:
      `<button id="gen">Generate report</button><p id="st"></p><script>gen.onclick=()=>{` +
      `st.textContent='Generating report…';setTimeout(()=>{st.textContent='Report ready: 14 pages';` +
      `log('ready')},600)}` +
      `</script>`,
    act: () => [["click", "#gen"]],
    effect: async (c) => {
      const v = await after(c, "ready", "st.textContent", undefined, 3000)
      return saw(v === "Report ready: 14 pages", `status ${show(v)}`)
    },
    // the pending state in the page's words, or (if the read waited) the result
    said: (t) => says(t, /Generating report|Report ready: 14 pages/),
    wrong: saysNothingFinal
  },
  {
    // a room select whose prices come in 2 s: longer than a careful read waits; the page shows "Loading prices…"
    id: "asyncx.late-fetch-2s",
    page:
      `<label>Room <select id="rm"><option value="">Choose a room</option><option value="dbl">Double room</option>` +
      `</select></label><p id="pr">Choose a room to see prices</p><script>rm.onchange=async()=>{` +
      `pr.textContent='Loading prices…';const j=await fetch('prices?r='+rm.value).then((r)=>r.json());` +
      `pr.textContent='Double room: '+j.eur+' EUR per night';log('priced')}</script>`,
    files: { prices: { json: { eur: 129 }, delayMs: 2000 } },
    act: () => [["select", "#rm", "dbl"]],
    effect: async (c) => {
      const v = await after(c, "priced", "pr.textContent", undefined, 5000)
      return saw(v === "Double room: 129 EUR per night", `prices ${show(v)}`)
    },
    // the request still pending, or (if the read waited) the price
    said: (t) => says(t, /pending|not answered|unanswered|still (?:waiting|loading)|in flight|129 EUR per night/i),
    wrong: (t) =>
      saysNothingFinal(t) ??
      (/Loading prices…/.test(t) && !/pending|not answered|unanswered|still|in flight|129 EUR/i.test(t)
        ? "names 'Loading prices…' with no word that the answer is still to come"
        : undefined)
  }
]
