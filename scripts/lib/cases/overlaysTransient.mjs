// Cases: things covering the target (a cookie banner, a sticky header, a loading overlay, a modal's backdrop left
// behind), targets that move or are replaced (a button sliding in, a list re-rendered on hover, Follow -> Unfollow),
// and effects that come and go (a toast, an aria-live status, a counter updated after a fetch, "Saving…" -> "Saved").
// Each page logs which element got the click; checks read that log or the page by raw eval, never the tool's words.
import { refIn, saw, says, show } from "./helpers.mjs"

const snap = (c) => [
  ["open", c.url],
  ["snapshot", "-i"]
]
/** Which element ids the page logged a click on (the target's own handler logs `{ id }`). */
const clickedIds = (c) =>
  c
    .events()
    .filter((e) => e.type === "click")
    .map((e) => e.id)
const whoGot = (c) => `clicks on ${show(clickedIds(c))}`
/** The button got the click and nothing else did. */
const onlyGot = (id) => async (c) => {
  await c.waitEvent("click", (e) => e.id === id)
  await c.until(() => false, 300)
  const ids = clickedIds(c)
  return saw(ids.length > 0 && ids.every((x) => x === id), whoGot(c))
}
/** A refused click: the target got nothing; the detail names what did. */
const noneGot = (id) => async (c) => {
  await c.until(() => false, 400)
  return saw(!clickedIds(c).includes(id), whoGot(c))
}
const coverWords = /cover|intercept|obscur|overlay|banner|backdrop|landed on|did not reach|not reach/i
const logged = (id) => `onclick="log('click',{id:'${id}'})"`

const banner =
  `<h1>Shop</h1><div style="height:900px"></div><button id="b" ${logged("b")}>Add to basket</button>` +
  `<div id="cb" ${logged("cb")} style="position:fixed;left:0;right:0;bottom:0;height:140px;background:#eee;` +
  `z-index:10">We use cookies. <button id="ok" ${logged("ok")}>Accept all</button></div>` +
  `<div style="height:60px"></div>`

const sticky =
  `<header id="hd" ${logged("hd")} style="position:sticky;top:0;height:80px;background:#ddd;z-index:5">` +
  `Site header</header><div style="height:600px">intro</div><button id="b" ${logged("b")}>Download report</button>` +
  `<div style="height:2000px"></div>`

export const overlays = [
  {
    // the banner sits over the button, the last thing on the page: even scrolled to the end, the button's middle is
    // under the banner, so a click there lands on it
    id: "overlay.cookie-banner-ref",
    refusal: true,
    page: banner,
    setup: snap,
    act: (c) => [["click", refIn(c.last, "button", "Add to basket")]],
    effect: noneGot("b"),
    said: (t) => says(t, coverWords)
  },
  {
    // the same banner, the button below the fold with page enough under it: scrolled to the view's bottom edge it sits
    // under the banner; in the middle of the view, a user clicks it
    id: "overlay.cookie-banner-below-fold",
    page: banner.replace('<div style="height:60px"></div>', '<div style="height:900px"></div>'),
    act: () => [["click", "#b"]],
    effect: onlyGot("b"),
    said: (t) => says(t, /click/i),
    wrong: (t, c) => (clickedIds(c).includes("cb") && !coverWords.test(t) ? "the banner got the click" : undefined)
  },
  {
    // the page is scrolled so the button sits just under the sticky header: in view, yet covered
    id: "overlay.sticky-header",
    page: sticky,
    setup: (c) => [
      ["open", c.url],
      ["eval", "window.scrollTo(0, b.offsetTop - 30); window.scrollY"]
    ],
    act: () => [["click", "#b"]],
    effect: onlyGot("b"),
    said: (t, c) => says(t, /click/i) && !clickedIds(c).includes("hd"),
    wrong: (t, c) =>
      clickedIds(c).includes("hd") && !coverWords.test(t) ? "the header got the click, unsaid" : undefined
  },
  {
    // a loading overlay covers the page for 500 ms after load, then goes: a user waits for it, then clicks
    id: "overlay.spinner-500ms",
    page:
      `<button id="b" ${logged("b")}>Open invoice</button><div id="sp" ${logged("sp")} ` +
      `style="position:fixed;inset:0;background:rgba(255,255,255,.8)">Loading…</div>` +
      `<script>setTimeout(()=>sp.remove(),500)</script>`,
    act: () => [["click", "#b"]],
    effect: onlyGot("b"),
    said: (t) => says(t, /click/i),
    wrong: (t, c) => (clickedIds(c).includes("sp") && !coverWords.test(t) ? "the spinner got the click" : undefined)
  },
  {
    // the modal closed but its transparent backdrop stays over the page: nothing under it can be clicked
    id: "overlay.backdrop-left",
    refusal: true,
    page:
      `<button id="b" ${logged("b")}>Checkout</button>` +
      `<div id="bd" ${logged("bd")} style="position:fixed;inset:0;background:transparent;z-index:9"></div>` +
      `<div id="m" style="position:fixed;top:30%;left:30%;z-index:10;background:#fff">Welcome! ` +
      `<button id="x" onclick="m.remove();log('closed')">Close</button></div>`,
    setup: (c) => [
      ["open", c.url],
      ["click", "#x"],
      ["snapshot", "-i"]
    ],
    act: (c) => [["click", refIn(c.last, "button", "Checkout")]],
    effect: noneGot("b"),
    said: (t) => says(t, coverWords)
  }
]

const list = (n) => Array.from({ length: n }, (_, i) => `Item ${i + 1}`)

export const transients = [
  {
    // the button slides 240 px to the right over 600 ms after load; a "Delete" button sits where it started
    id: "transient.moving-button",
    page:
      `<div style="position:relative;height:60px"><button id="d" ${logged("d")} ` +
      `style="position:absolute;left:0;top:0">Delete</button><button id="b" ${logged("b")} ` +
      `style="position:absolute;left:0;top:0;z-index:2;transition:left .6s linear">Publish</button></div>` +
      `<script>requestAnimationFrame(()=>requestAnimationFrame(()=>{b.style.left='240px'}))</script>`,
    act: () => [["click", "#b"]],
    effect: onlyGot("b"),
    said: (t, c) => says(t, /click/i) && !clickedIds(c).includes("d"),
    wrong: (t, c) => (clickedIds(c).includes("d") && !coverWords.test(t) ? "Delete got the click, unsaid" : undefined)
  },
  {
    // the pointer entering the list (and any scroll) re-renders it: the element the ref named is replaced between
    // the scroll and the press. (A first version re-rendered on every `mouseover`: each render under a still pointer
    // fires another mouseover, so the press and release land on nodes already gone; a human's click fails there too,
    // and the tool said so: "no trusted pointer or mouse event reached @e4 … it moved or re-rendered".)
    id: "transient.rerender-on-hover",
    page:
      `<div style="height:700px"></div><ul id="l"></ul><script>const draw=()=>{l.innerHTML=` +
      `${JSON.stringify(list(6))}.map(t=>'<li><button>'+t+'</button></li>').join('')};draw();` +
      `l.addEventListener('mouseenter',draw);addEventListener('scroll',draw);` +
      `l.addEventListener('click',e=>log('click',{id:e.target.textContent}))</script>`,
    setup: snap,
    act: (c) => [["click", refIn(c.last, "button", "Item 4")]],
    effect: onlyGot("Item 4"),
    // the tool names the ref (the model has its name from the snapshot), and its recorder checks that the press
    // reached a button named "Item 4" (it fails the click otherwise, as the mouseover version showed)
    said: (t) => says(t, /click/i),
    wrong: (t) =>
      /New text: "Item \d/.test(t) ? "says the re-rendered items appeared, though nothing new shows" : undefined
  },
  {
    id: "transient.follow-becomes-unfollow",
    page:
      `<p>Ada Lovelace</p><button id="f" onclick="const on=this.textContent==='Follow';` +
      `this.textContent=on?'Unfollow':'Follow';log('click',{id:this.textContent})">Follow</button>`,
    setup: snap,
    act: (c) => [["click", refIn(c.last, "button", "Follow")]],
    effect: async (c) => {
      const label = (await c.waitEvent("click")) ? await c.eval("f.textContent") : undefined
      return saw(label === "Unfollow" && c.count("click") === 1, `button reads ${show(label)}; ${whoGot(c)}`)
    },
    said: (t) => says(t, "Unfollow")
  },
  {
    // the same ref clicked again after it became "Unfollow": the second click unfollows; the text must not name it
    // "Follow" as if it followed again
    id: "transient.follow-ref-reused",
    page:
      `<p>Ada Lovelace</p><span id="slot"><button onclick="follow()">Follow</button></span><script>` +
      `let on=false;function follow(){on=!on;slot.innerHTML='<button onclick="follow()">'+(on?'Unfollow':'Follow')+` +
      `'</button>';log('click',{id:on?'followed':'unfollowed'})}</script>`,
    setup: (c) => [["open", c.url], ["snapshot", "-i"], (c) => ["click", refIn(c.last, "button", "Follow")]],
    act: (c) => [["click", refIn(c.texts.at(-2) ?? "", "button", "Follow")]],
    effect: async (c) => {
      await c.until(() => c.count("click") >= 2, 1500)
      const label = await c.eval("slot.textContent")
      // either the tool refused the stale ref (one click), or it clicked what is there now (unfollowed)
      return saw(label === "Follow" || label === "Unfollow", `button reads ${show(label)}; ${whoGot(c)}`)
    },
    // both outcomes are right, so a refusal is not "a failure while the page did it" (the first run flagged upstream's
    // honest "Could not locate element with role=button name=Follow" as misleading: the judge's error, fixed here)
    errorOk: true,
    said: (t, c) =>
      c.count("click") >= 2 ? says(t, /Unfollow/) : says(t, /stale|no longer|not found|unknown ref|could not locate/i),
    wrong: (t, c) =>
      c.count("click") >= 2 && !/Unfollow/.test(t) ? "the click unfollowed, the text does not say so" : undefined
  },
  {
    id: "transient.toast-1500ms",
    page:
      `<button id="b" onclick="const t=document.createElement('div');t.className='toast';` +
      `t.textContent='Settings saved';document.body.append(t);setTimeout(()=>t.remove(),1500);log('click')">` +
      `Save settings</button>`,
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("click"),
    said: (t) => says(t, "Settings saved")
  },
  {
    id: "transient.toast-after-fetch",
    page:
      `<button id="b" onclick="log('click');fetch('save',{method:'POST'}).then(r=>r.json()).then(j=>{` +
      `const t=document.createElement('div');t.textContent=j.msg;document.body.append(t);` +
      `setTimeout(()=>t.remove(),1500);log('toast')})">Save</button>`,
    files: { save: { json: { msg: "Draft saved at 10:42" }, delayMs: 150 } },
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("toast"),
    said: (t) => says(t, "Draft saved at 10:42")
  },
  {
    id: "transient.aria-live-status",
    page:
      `<button id="b" onclick="n++;st.textContent=n+' items in cart';log('click')">Add to cart</button>` +
      `<div id="st" role="status" aria-live="polite">2 items in cart</div><script>let n=2</script>`,
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = (await c.waitEvent("click")) ? await c.eval("st.textContent") : undefined
      return saw(v === "3 items in cart", `status ${show(v)}`)
    },
    said: (t) => says(t, "3 items in cart")
  },
  ...[60, 280].map((ms) => ({
    id: `transient.counter-after-fetch-${ms}ms`,
    page:
      `<button id="b" onclick="log('click');fetch('like',{method:'POST'}).then(r=>r.json()).then(j=>{` +
      `cnt.textContent=j.likes+' likes';log('counted')})">Like</button><span id="cnt">41 likes</span>`,
    files: { like: { json: { likes: 42 }, delayMs: ms } },
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = (await c.waitEvent("counted")) ? await c.eval("cnt.textContent") : undefined
      return saw(v === "42 likes", `counter ${show(v)}`)
    },
    said: (t) => says(t, "42 likes"),
    // "41 likes" as the page's state after the click is what the page showed before the fetch answered
    wrong: (t) => (/41 likes/.test(t) && !/42 likes/.test(t) ? "names the old count as the result" : undefined)
  })),
  {
    // the answer comes 3 s later: the click's text must not read as the end state; it says the request is pending
    id: "transient.slow-fetch-pending",
    page:
      `<button id="b" onclick="log('click');fetch('pay',{method:'POST'}).then(()=>{st.textContent='Paid';` +
      `log('paid')})">Pay</button><p id="st">Unpaid</p>`,
    files: { pay: { json: { ok: true }, delayMs: 3000 } },
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = (await c.waitEvent("paid", undefined, 5000)) ? await c.eval("st.textContent") : undefined
      return saw(v === "Paid", `status ${show(v)}`)
    },
    said: (t) => says(t, /not answered|pending|still waiting|in flight/i, "/pay"),
    wrong: (t) => (/\bUnpaid\b/.test(t) ? "names the state before the answer as the result" : undefined)
  },
  {
    id: "transient.saving-then-saved",
    page:
      `<button id="b" onclick="this.textContent='Saving…';this.disabled=true;log('click');` +
      `fetch('save',{method:'POST'}).then(()=>{this.textContent='Saved';log('saved')})">Save</button>`,
    files: { save: { json: { ok: true }, delayMs: 250 } },
    act: () => [["click", "#b"]],
    effect: async (c) => {
      const v = (await c.waitEvent("saved")) ? await c.eval("b.textContent") : undefined
      return saw(v === "Saved", `button ${show(v)}`)
    },
    said: (t) => says(t, /\bSaved\b/),
    wrong: (t) => (/Saving/.test(t) && !/\bSaved\b/.test(t) ? "says Saving… as where the page ended" : undefined)
  }
]
