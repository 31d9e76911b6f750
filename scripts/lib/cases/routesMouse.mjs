// Cases: routes (mocked and aborted requests) and the mouse. A route's effect is read twice: what the page's fetch
// got (its log) and whether the request reached this server.
import { writeFileSync } from "node:fs"
import { saw, says } from "./helpers.mjs"

const fetcher =
  '<button id="b" onclick="fetch(\'api/data\').then(async r=>{const x=await r.text();' +
  "out.textContent=x;log('fetched',{status:r.status,body:x,mock:r.headers.get('x-mock')})}," +
  'e=>log(\'fetchfail\'))">Load</button><p id="out"></p>'
const data = { "api/data": { json: { source: "server" } } }
const unroute = () => [["network", "unroute"]]
const route =
  (...flags) =>
  (c) => ["network", "route", "**/api/data", ...flags]
const clickB = ["click", "#b"]
const probe = (c) => c.eval("fetch('api/data').then(r=>r.status,()=>'failed')")

const reached = (c) => (c.hit("api/data") ? "the request reached the server" : undefined)
const routeCase = (k) => ({ page: fetcher, files: data, teardown: unroute, ...k })

export const routes = [
  routeCase({
    id: "routes.abort-fetch",
    act: () => [route("--abort"), clickB],
    effect: async (c) => saw((await c.waitEvent("fetchfail")) && !c.hit("api/data"), reached(c) ?? "the fetch failed"),
    said: (t) => says(t, /abort|route/i)
  }),
  routeCase({
    id: "routes.mock-body",
    act: () => [route("--body", '{"n":42}'), clickB],
    effect: async (c) => {
      const got = await c.waitEvent("fetched", (e) => e.body === '{"n":42}')
      return saw(got && !c.hit("api/data"), reached(c) ?? "mocked")
    },
    said: (t) => says(t, /route|mock/i)
  }),
  routeCase({
    id: "routes.mock-shown-in-snapshot",
    act: () => [route("--body", '{"msg":"mocked hello 42"}'), clickB, ["snapshot"]],
    effect: (c) => c.waitEvent("fetched", (e) => e.body.includes("mocked hello 42")),
    said: (t, c) => says(c.last, "mocked hello 42"),
    wrong: (t) => (/\[REDACTED\]/.test(t) ? "redacts the mocked body the model wrote" : undefined)
  }),
  routeCase({
    id: "routes.unroute-restores",
    act: () => [route("--abort"), ["network", "unroute", "**/api/data"], clickB],
    effect: async (c) => saw((await c.waitEvent("fetched")) && c.hit("api/data"), "the request reached the server"),
    said: (t) => says(t, /unrout|removed/i)
  }),
  routeCase({
    id: "routes.status-code",
    primitive: "route status",
    act: () => [route("--status", "404", "--body", '{"error":"gone"}'), clickB],
    effect: (c) => c.waitEvent("fetched", (e) => e.status === 404),
    said: (t) => says(t, "404")
  }),
  routeCase({
    id: "routes.response-headers",
    primitive: "route headers",
    act: () => [route("--body", '{"a":1}', "--headers", '{"X-Mock":"yes"}'), clickB],
    effect: (c) => c.waitEvent("fetched", (e) => e.mock === "yes"),
    said: (t) => says(t, /X-Mock/i)
  }),
  routeCase({
    id: "routes.list-active",
    errorOk: true,
    primitive: "route list",
    setup: (c) => [["open", c.url], route("--abort")(c)],
    act: () => [["network", "routes"]],
    effect: async (c) => saw((await probe(c)) === "failed", "the route is active"),
    said: (t) => says(t, "**/api/data")
  }),
  routeCase({
    id: "routes.unroute-count",
    errorOk: true,
    primitive: "unroute count",
    setup: (c) => [["open", c.url], route("--abort")(c), ["network", "route", "**/api/other", "--abort"]],
    act: () => [["network", "unroute"]],
    effect: async (c) => saw((await probe(c)) === 200, "routes gone"),
    said: (t) => says(t, /\b2\b/)
  }),
  routeCase({
    id: "routes.resource-type-image",
    page:
      "<button id=\"b\" onclick=\"const i=new Image();i.onerror=()=>log('imgfail');i.onload=()=>log('imgok');" +
      "i.src='pic.png';fetch('api/data').then(()=>log('fetched'))\">Load</button>",
    files: { ...data, "pic.png": { body: `<svg xmlns="http://www.w3.org/2000/svg"/>`, type: "image/svg+xml" } },
    act: () => [["network", "route", "**/*.png", "--abort", "--resource-type", "image"], clickB],
    effect: async (c) => {
      const ok = (await c.waitEvent("imgfail")) && (await c.waitEvent("fetched")) && !c.hit("pic.png")
      return saw(ok, c.hit("pic.png") ? "the image reached the server" : "image blocked, fetch went through")
    },
    said: (t) => says(t, /image|route/i)
  }),
  routeCase({
    id: "routes.pattern-not-matching",
    act: () => [["network", "route", "**/nomatch", "--abort"], clickB],
    effect: (c) => c.waitEvent("fetched"),
    said: (t) => says(t, /route/i)
  }),
  routeCase({
    id: "routes.abort-document",
    refusal: true,
    act: (c) => [
      ["network", "route", "**/blocked", "--abort"],
      ["open", c.u("blocked")]
    ],
    files: { blocked: `<title>Blocked</title>` },
    effect: async (c) => saw(!c.hit("blocked"), "the page never reached the server"),
    said: (t) => says(t, /abort|block|fail/i)
  })
]

const pad =
  `<div id="pad" style="position:fixed;left:0;top:0;width:600px;height:400px;background:#eef">pad</div>` +
  "<script>for(const t of ['mousedown','mouseup','click','dblclick','contextmenu','wheel'])" +
  "pad.addEventListener(t,e=>{log(t,{x:e.clientX,y:e.clientY,button:e.button,ctrl:e.ctrlKey,dy:e.deltaY});" +
  "if(t==='contextmenu')e.preventDefault()});" +
  "let n=0;pad.addEventListener('mousemove',e=>{if(n++<40)log('mousemove',{x:e.clientX,y:e.clientY})})</script>"
const at = (x, y) => (e) => Math.abs(e.x - x) <= 2 && Math.abs(e.y - y) <= 2
const BOXES =
  "<style>#src{width:80px;height:40px;background:#fcc}#dst{margin-top:60px;width:200px;height:80px;" +
  "background:#cfc}#zone{width:300px;height:100px;background:#efe}</style>"
/** Attributes of an element that accepts drops and logs what was dropped (`data`: a JS object literal). */
const dropZone = (data) => `ondragover="event.preventDefault()" ondrop="event.preventDefault();log('drop',${data})"`
const FILES = "{files:[...event.dataTransfer.files].map(f=>f.name+':'+f.size)}"
const tall = `<div style="height:4000px">tall</div><p id="far">the far end</p>`

export const mouse = [
  {
    id: "mouse.move",
    page: pad,
    act: () => [["mouse", "move", "100", "120"]],
    effect: (c) => c.waitEvent("mousemove", at(100, 120)),
    said: (t) => says(t, "100", "120")
  },
  {
    id: "mouse.down-up-clicks",
    page: pad,
    setup: (c) => [
      ["open", c.url],
      ["mouse", "move", "150", "150"]
    ],
    act: () => [
      ["mouse", "down"],
      ["mouse", "up"]
    ],
    effect: (c) => c.waitEvent("click", at(150, 150)),
    said: (t) => says(t, /click/i)
  },
  {
    id: "mouse.wheel-scrolls",
    page: `${tall}<script>addEventListener('wheel',e=>log('wheel',{dy:e.deltaY}))</script>`,
    setup: (c) => [
      ["open", c.url],
      ["mouse", "move", "100", "100"]
    ],
    act: () => [["mouse", "wheel", "400"]],
    effect: async (c) => {
      const moved = (await c.waitEvent("wheel")) && (await c.until(async () => (await c.eval("scrollY")) > 0))
      return saw(moved, "scrolled")
    },
    said: (t) => says(t, /scroll|wheel/i)
  },
  {
    id: "mouse.right-button",
    page: pad,
    setup: (c) => [
      ["open", c.url],
      ["mouse", "move", "200", "200"]
    ],
    act: () => [
      ["mouse", "down", "right"],
      ["mouse", "up", "right"]
    ],
    effect: (c) => c.waitEvent("mousedown", (e) => e.button === 2),
    said: (t) => says(t, /right/i)
  },
  {
    id: "mouse.hover-tooltip",
    page:
      `<span id="h" onmouseenter="tip.hidden=false;log('enter')">Inbox</span>` +
      `<span id="tip" hidden>5 unread messages</span>`,
    act: () => [["hover", "#h"]],
    effect: (c) => c.waitEvent("enter"),
    said: (t) => says(t, "5 unread")
  },
  {
    id: "mouse.drag-with-mouse-events",
    page:
      `${BOXES}<div id="src" onmousedown="window.dragging=1">card</div>` +
      `<div id="dst" onmouseup="if(window.dragging)log('dropped')">lane</div>`,
    act: () => [["drag", "#src", "#dst"]],
    effect: (c) => c.waitEvent("dropped"),
    said: (t) => says(t, /drag|drop|moved/i)
  },
  {
    id: "mouse.drag-html5",
    page:
      `${BOXES}<div id="src" draggable="true" ondragstart="event.dataTransfer.setData('text','c7')">card</div>` +
      `<div id="dst" ${dropZone("{v:event.dataTransfer.getData('text/plain')}")}>lane</div>`,
    act: () => [["drag", "#src", "#dst"]],
    effect: (c) => c.waitEvent("drop"),
    said: (t) => says(t, /drag|drop|moved/i)
  },
  {
    id: "mouse.dblclick-at-point",
    primitive: "double click at a point",
    page: pad,
    act: () => [["mouse", "dblclick", "100", "100"]],
    effect: (c) => c.waitEvent("dblclick", at(100, 100)),
    said: (t) => says(t, /double|dblclick/i)
  },
  {
    id: "mouse.click-at-point",
    primitive: "click at a point",
    page: pad,
    act: () => [["mouse", "click", "200", "150"]],
    effect: (c) => c.waitEvent("click", at(200, 150)),
    said: (t) => says(t, /click/i)
  },
  {
    id: "mouse.ctrl-click-at-point",
    primitive: "modifier click at a point",
    page: pad,
    act: () => [["mouse", "click", "120", "80", "--modifiers", "Control"]],
    effect: (c) => c.waitEvent("click", (e) => e.ctrl),
    said: (t) => says(t, /Control|Ctrl/i)
  },
  {
    id: "mouse.drop-files",
    primitive: "drop files",
    page: `${BOXES}<div id="zone" ${dropZone(FILES)}></div>`,
    setup: (c) => {
      writeFileSync(c.abs("a.txt"), "five!")
      return [["open", c.url]]
    },
    act: (c) => [["drop", "#zone", "--files", c.rel("a.txt")]],
    effect: (c) => c.waitEvent("drop", (e) => e.files?.[0] === "a.txt:5"),
    said: (t) => says(t, "a.txt")
  },
  {
    id: "mouse.drop-text",
    primitive: "drop data",
    page: `${BOXES}<div id="zone" ${dropZone("{v:event.dataTransfer.getData('text/plain')}")}>Drop here</div>`,
    act: () => [["drop", "#zone", "--text", "hello drop"]],
    effect: (c) => c.waitEvent("drop", (e) => e.v === "hello drop"),
    said: (t) => says(t, /drop/i)
  },
  {
    id: "mouse.scroll-down",
    page: tall,
    act: () => [["scroll", "down", "600"]],
    effect: async (c) => {
      const y = await c.eval("scrollY")
      return saw(y >= 500, `scrollY ${y}`)
    },
    said: (t) => says(t, /scroll/i)
  },
  {
    id: "mouse.scroll-into-view",
    page: tall,
    act: () => [["scrollintoview", "#far"]],
    effect: async (c) => {
      const top = await c.eval("far.getBoundingClientRect().top")
      return saw(top >= 0 && top < 800, `#far top ${top}`)
    },
    said: (t) => says(t, /scroll/i)
  }
]
