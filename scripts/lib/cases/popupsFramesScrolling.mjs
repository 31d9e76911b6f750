// Cases: popups and windows (window.open, target=_blank, a popup opened with no user gesture, a page that closes its
// own tab, window.print), frames (a cross-origin frame served from `localhost` beside the case server's 127.0.0.1,
// frames two deep, a frame that navigates itself, a srcdoc frame) and scrolling (infinite scroll, a section that loads
// when seen, a nested scroll container, a horizontal carousel, scroll kept over a reload, a scroll with nowhere to go).
// Each effect is read outside the tool: the page's own log (a frame logs to the same case log), the browser's own
// list of pages, or a raw `agent-browser eval` of scroll offsets and counts.
import { refIn, saw, says, show, words } from "./helpers.mjs"

const tabCount = async (c, n) => {
  let count
  const ok = await c.until(async () => (count = (await c.pages())?.length) === n, 3000)
  return { ok, count }
}
const titleNow = (c) => c.eval("document.title")
// c.texts holds the setup's texts too: the text of act step `i` of `n` (a judge that read c.texts[i] read the setup's
// open, and missed what the click said)
const actText = (c, n, i) => c.texts[c.texts.length - n + i] ?? ""
const popupPage = { pop: `<title>Popped chat</title><h1>Chat</h1><script>log('arrived')</script>` }

export const popups = [
  {
    // the model reads the popup, closes it, and must be back on the page it came from
    id: "popups.open-read-close-back",
    page: `<title>Main page</title><button id="b" onclick="window.open('pop')">Open chat</button>`,
    files: popupPage,
    act: () => [
      ["click", "#b"],
      ["get", "title"],
      ["tab", "close"],
      ["get", "title"]
    ],
    effect: async (c) => {
      const arrived = await c.waitEvent("arrived")
      const { ok, count } = await tabCount(c, 1)
      const title = await titleNow(c)
      return saw(arrived && ok && title === "Main page", `popup ${arrived}; ${count} tabs; active ${show(title)}`)
    },
    said: (t, c) => says(actText(c, 4, 1), "Popped chat") && says(c.last, "Main page"),
    wrong: (t, c) =>
      says(actText(c, 4, 1), "Main page") && !says(actText(c, 4, 0), /tab/i) ? "popup unsaid" : undefined
  },
  {
    id: "popups.target-blank-then-read",
    page: `<title>Inbox</title><a id="a" href="report" target="_blank">Open report</a>`,
    files: { report: `<title>Monthly report</title><h1>Report</h1><script>log('arrived')</script>` },
    act: () => [
      ["click", "#a"],
      ["get", "title"]
    ],
    effect: async (c) => {
      const arrived = await c.waitEvent("arrived", undefined, 3000)
      const { ok, count } = await tabCount(c, 2)
      return saw(arrived && ok, `report loaded ${arrived}; ${count} tabs`)
    },
    // the click's own text says a tab opened, and the read names the page it read (either one, but said)
    said: (t, c) => says(actText(c, 2, 0), /tab/i) && says(c.last, /Monthly report|Inbox/)
  },
  {
    // no user gesture: the page's timer calls window.open on load. agent-browser's Chromium lets it through (no popup
    // blocker) and the session follows the new tab: the model's next read lands on a page it never opened
    id: "popups.no-gesture-open",
    page:
      `<title>Deals</title><p id="s">waiting</p><script>setTimeout(()=>{const w=window.open('pop');` +
      `s.textContent=w?'opened':'blocked';log('tried',{blocked:!w})},400)</script>`,
    files: popupPage,
    setup: () => [],
    act: (c) => [
      ["open", c.url],
      ["wait", "1000"],
      ["get", "title"]
    ],
    effect: async (c) => {
      const tried = await c.waitEvent("tried", undefined, 3000)
      c.blocked = c.has("tried", (e) => e.blocked === true)
      c.active = await titleNow(c)
      return saw(tried, `window.open ${c.blocked ? "blocked" : "let through"}; active ${show(c.active)}`)
    },
    // the popup may open during the open, the wait or the read: the tool says it either as a new tab / another tab
    // the read ran in, or as a tab recovery naming the tab that was active ("the active tab was <popup's url>")
    said: (t, c) =>
      c.blocked ? says(words(t), /block/i) : says(t, /new tab|popup|another tab|tab t\d|active tab was \S+\/pop\b/i),
    wrong: (t, c) =>
      !c.blocked && says(c.last, "Popped chat") && !says(words(t), /tab|popup/i)
        ? "names the popup's title as the page's, the popup unsaid"
        : undefined
  },
  {
    // a sign-in popup that closes itself when done (window.close of a window a script opened): the session must come
    // back to the page that opened it, and say so
    id: "popups.popup-closes-itself",
    fresh: true,
    page: `<title>Main page</title><button id="b" onclick="window.open('signin')">Sign in</button>`,
    files: {
      signin: `<title>Sign-in</title><button id="done" onclick="log('closing');window.close()">Finish</button>`
    },
    act: () => [
      ["click", "#b"],
      ["click", "#done"],
      ["get", "title"]
    ],
    effect: async (c) => {
      const closing = await c.waitEvent("closing")
      const { ok, count } = await tabCount(c, 1)
      const title = await titleNow(c)
      return saw(closing && ok && title === "Main page", `${count} tabs; active ${show(title)}`)
    },
    said: (t, c) => says(words(actText(c, 3, 1)), /closed|gone/i) && says(c.last, "Main page"),
    wrong: (t, c) =>
      says(actText(c, 3, 1), "Sign-in") && !says(actText(c, 3, 1), /closed/i) ? "names the closed popup" : undefined
  },
  {
    // headless Chromium shows no print dialog; the page goes on, and the model should learn no dialog waits on it
    id: "popups.print-dialog",
    page: `<title>Receipt</title><button id="b" onclick="log('print');window.print();log('after')">Get receipt</button>`,
    act: () => [
      ["click", "#b"],
      ["get", "title"]
    ],
    effect: async (c) => saw(await c.waitEvent("after"), c.has("after") ? "page went on after print()" : "stuck"),
    said: (t, c) => says(words(actText(c, 2, 0)), /print/i) && says(c.last, "Receipt")
  }
]

/** A page whose frame `#f` is served from `localhost` (another origin than the page's 127.0.0.1). */
const crossOrigin = (inner) => ({
  page:
    `<h1>Shop</h1><iframe id="f" title="Payment" width="400" height="200"></iframe>` +
    `<script>f.src=location.href.replace('127.0.0.1','localhost')+'inner'</script>`,
  files: { inner }
})
const snapAfterFrame = (c) => [
  ["open", c.url],
  ["wait", "#f"],
  ["wait", "1000"],
  ["snapshot", "-i"]
]

export const xframes = [
  {
    id: "xframes.cross-origin-click-by-ref",
    ...crossOrigin(`<button onclick="log('click',{origin:location.hostname})">Pay now</button>`),
    setup: snapAfterFrame,
    act: (c) => [["click", refIn(c.last, "button", "Pay now")]],
    effect: (c) => c.waitEvent("click", (e) => e.origin === "localhost"),
    // the tool names a ref's target nowhere in a click's text (the snapshot named it), here as on the main page
    said: (t) => says(t, /click/i)
  },
  {
    id: "xframes.cross-origin-fill-by-ref",
    ...crossOrigin(`<label>Card holder <input oninput="log('input',{v:this.value})"></label>`),
    setup: snapAfterFrame,
    act: (c) => [["fill", refIn(c.last, "textbox", "Card holder"), "Ada Lovelace"]],
    effect: (c) => c.waitEvent("input", (e) => e.v === "Ada Lovelace"),
    said: (t) => says(t, "Ada Lovelace")
  },
  {
    id: "xframes.nested-two-deep",
    page: `<h1>Portal</h1><iframe id="f" src="mid" width="500" height="300"></iframe>`,
    files: {
      mid: `<p>Middle</p><iframe id="g" src="deep" width="400" height="150"></iframe>`,
      deep: `<button onclick="log('click',{deep:true})">Approve request</button>`
    },
    setup: snapAfterFrame,
    // the snapshot shows the inner frame empty (upstream expands one level): the case follows the text's own
    // `frame @eN` when it names one, as a model would
    act: (c) => {
      const direct = refIn(c.last, "button", "Approve request")
      if (direct !== "@e0") return [["click", direct]]
      const hinted = /\bframe (@e\d+)/.exec(c.last)?.[1] ?? "@e0"
      return [["frame", hinted], ["snapshot", "-i"], (k) => ["click", refIn(k.last, "button", "Approve request")]]
    },
    teardown: () => [["frame", "main"]],
    effect: (c) => c.waitEvent("click", (e) => e.deep === true),
    said: (t) => says(t, /click/i)
  },
  {
    // the frame's button moves the frame on; the new step's button is found by a new snapshot and clicked by ref
    id: "xframes.frame-navigates-itself",
    page: `<h1>Wizard</h1><iframe id="f" src="step1" width="400" height="200"></iframe>`,
    files: {
      step1: `<button onclick="location.href='step2'">Next step</button>`,
      step2: `<p>Step 2</p><button onclick="log('click',{step:2})">Confirm order</button><script>log('step2')</script>`
    },
    setup: snapAfterFrame,
    act: (c) => [
      ["click", refIn(c.last, "button", "Next step")],
      ["snapshot", "-i"],
      (k) => ["click", refIn(k.last, "button", "Confirm order")]
    ],
    effect: (c) => c.waitEvent("click", (e) => e.step === 2),
    said: (t, c) => says(c.texts.at(-2) ?? "", "Confirm order") && says(c.last, /click/i)
  },
  {
    id: "xframes.srcdoc-fill",
    page:
      `<h1>Notes</h1><iframe id="f" width="400" height="150" srcdoc="<label>Note <input id=n></label>">` + `</iframe>`,
    setup: snapAfterFrame,
    act: (c) => [["fill", refIn(c.last, "textbox", "Note"), "Buy milk"]],
    effect: async (c) => {
      const v = await c.eval("f.contentDocument.querySelector('#n').value")
      return saw(v === "Buy milk", `value ${show(v)}`)
    },
    said: (t) => says(t, "Buy milk")
  }
]

const items = (from, n) => Array.from({ length: n }, (_, i) => `<li style="height:60px">Item ${from + i}</li>`).join("")
const scrollY = (c) => c.eval("Math.round(scrollY)")

export const scrolling = [
  {
    id: "scrolling.infinite-scroll",
    page:
      `<h1>Feed</h1><ul id="l">${items(1, 20)}</ul><script>let busy=false;addEventListener('scroll',()=>{` +
      `if(busy||innerHeight+scrollY<document.body.scrollHeight-100)return;busy=true;setTimeout(()=>{` +
      `const n=l.children.length;l.insertAdjacentHTML('beforeend',Array.from({length:20},(_,i)=>` +
      "`<li style=\"height:60px\">Item ${n+i+1}</li>`).join(''));busy=false;log('more',{n:l.children.length})},200)})" +
      `</script>`,
    act: () => [["scroll", "down", "3000"]],
    effect: async (c) => {
      await c.waitEvent("more")
      const n = await c.eval("l.children.length")
      return saw(n >= 40, `${show(n)} items`)
    },
    said: (t) => says(t, /Item (2[1-9]|[3-9]\d)|more|appeared|added|new (items|content)|grew|taller/i)
  },
  {
    id: "scrolling.lazy-section",
    page:
      `<h1>Kettle</h1><div style="height:2000px">Description</div><section id="rev"><h2>Reviews</h2>` +
      `<div id="list">Loading</div></section><script>new IntersectionObserver((es,o)=>{if(!es[0].isIntersecting)` +
      `return;o.disconnect();setTimeout(()=>{list.textContent='Great kettle, 5 stars';log('loaded')},200)})` +
      `.observe(rev)</script>`,
    act: () => [["scrollintoview", "#rev"]],
    effect: async (c) => {
      await c.waitEvent("loaded")
      const v = await c.eval("list.textContent")
      return saw(v === "Great kettle, 5 stars", `reviews ${show(v)}`)
    },
    said: (t) => says(t, "Great kettle")
  },
  {
    // a message list inside a panel inside a page region, both scrolling; the target must end up on screen
    id: "scrolling.into-view-nested-container",
    page:
      `<div id="outer" style="height:300px;overflow:auto;border:1px solid"><div style="height:600px">Intro</div>` +
      `<div id="inner" style="height:150px;overflow:auto;border:1px solid"><div style="height:900px">Old</div>` +
      `<p id="t">Latest message</p></div><div style="height:600px"></div></div>`,
    act: () => [["scrollintoview", "#t"]],
    effect: async (c) => {
      const r = await c.eval(
        "(()=>{const t=document.querySelector('#t').getBoundingClientRect(),o=outer.getBoundingClientRect()," +
          "i=inner.getBoundingClientRect();return {ok:t.top>=i.top-1&&t.bottom<=i.bottom+1&&i.top>=o.top-1&&" +
          "i.bottom<=o.bottom+1&&t.top>=0&&t.bottom<=innerHeight,outer:outer.scrollTop,inner:inner.scrollTop}})()"
      )
      return saw(r?.ok === true, `outer ${show(r?.outer)} inner ${show(r?.inner)}`)
    },
    said: (t) => says(t, /scroll/i)
  },
  {
    id: "scrolling.carousel-right",
    page:
      `<h1>Products</h1><div id="car" style="width:400px;overflow-x:auto;white-space:nowrap">` +
      `${Array.from({ length: 10 }, (_, i) => `<div style="display:inline-block;width:180px;height:80px">Card ${i + 1}</div>`).join("")}</div>`,
    act: () => [["scroll", "right", "600", "--selector", "#car"]],
    effect: async (c) => {
      const x = await c.eval("car.scrollLeft")
      return saw(x >= 500, `scrollLeft ${show(x)}`)
    },
    said: (t) => says(t, /scroll/i) && !says(words(t), /nothing moved|did not move/i),
    wrong: (t, c, e) =>
      e.ok && /nothing moved|did not move/i.test(t) ? "says nothing moved; the carousel did" : undefined
  },
  {
    // Chromium restores the scroll offset on reload by itself: the model should not assume it is at the top
    id: "scrolling.kept-over-reload",
    page: `<title>Long article</title>${items(1, 80)}`,
    setup: (c) => [
      ["open", c.url],
      ["scroll", "down", "2000"]
    ],
    act: () => [["reload"]],
    effect: async (c) => {
      let y
      const ok = await c.until(async () => (y = await scrollY(c)) >= 1500, 3000)
      return saw(ok, `scrollY ${show(y)}`)
    },
    said: (t) => says(t, /scroll|\by[=: ]*\d{3,}|not at the top|restored/i),
    wrong: (t) => (/at the top|scrollY[=: ]*0\b/i.test(t) ? "says the page is at the top" : undefined)
  },
  {
    id: "scrolling.down-at-bottom",
    page: `<title>Short page</title>${items(1, 30)}`,
    setup: (c) => [
      ["open", c.url],
      ["scroll", "down", "5000"]
    ],
    act: () => [["scroll", "down", "500"]],
    effect: async (c) => {
      const r = await c.eval("({y:Math.round(scrollY),max:document.documentElement.scrollHeight-innerHeight})")
      return saw(r !== undefined && r.y >= r.max - 1, `scrollY ${show(r?.y)} of ${show(r?.max)}`)
    },
    said: (t) => says(words(t), /nothing moved|did not move|already at the bottom|bottom|no further/i),
    wrong: (t) => (/scrolled down 500/i.test(t) ? "says it scrolled 500 px; nothing moved" : undefined)
  }
]
