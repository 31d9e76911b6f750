// Cases: console and network. The page logs what it printed or fetched; the server logs what reached it.
import { createServer } from "node:net"
import { saw, says } from "./helpers.mjs"

const arrivedScript = "<script>log('arrived')</script>"
const printed = (script) => `<script>${script};log('printed')</script>`
const printedEffect = (c) => c.waitEvent("printed")
const fetchButton = (path, init = "") =>
  `<button id="b" onclick="fetch('${path}'${init ? `,${init}` : ""}).then(` +
  "r=>r.text().then(x=>{window.__last='ok';log('fetched',{status:r.status,body:x})})," +
  "e=>{window.__last='fail';log('fetchfail',{m:String(e)})})\">Load</button>"

/** A loopback port nothing listens on (bound, then closed). */
const closedPort = () =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
let refusedPort
export const prepareNetwork = async () => {
  refusedPort = await closedPort()
}

export const consoleCases = [
  {
    id: "console.log-on-load",
    page: printed("console.log('ready: 12 widgets')"),
    act: () => [["console"]],
    effect: printedEffect,
    said: (t) => says(t, "ready: 12 widgets")
  },
  {
    id: "console.error-on-load",
    page: printed("console.error('db timeout after 3s')"),
    act: () => [["console"]],
    effect: printedEffect,
    said: (t) => says(t, "db timeout after 3s")
  },
  {
    id: "console.warning",
    page: printed("console.warn('deprecated api v1')"),
    act: () => [["console"]],
    effect: printedEffect,
    said: (t) => says(t, "deprecated api v1")
  },
  {
    id: "console.log-after-click",
    page: `<button id="b" onclick="console.log('saved draft 4');log('printed')">Save</button>`,
    act: () => [["click", "#b"]],
    effect: printedEffect,
    said: (t) => says(t, "saved draft 4")
  },
  {
    id: "console.page-error",
    page: `<script>log('printed');throw new Error('boom at load')</script>`,
    act: () => [["errors"]],
    effect: printedEffect,
    said: (t) => says(t, "boom at load")
  },
  {
    id: "console.unhandled-rejection",
    page: `<script>log('printed');Promise.reject(new Error('async fail 9'))</script>`,
    act: () => [["errors"]],
    effect: printedEffect,
    said: (t) => says(t, "async fail 9")
  },
  {
    id: "console.clear-then-read",
    page: printed("console.log('old message 1')"),
    setup: (c) => [["open", c.url], ["console"]],
    act: () => [["console", "--clear"], ["console"]],
    effect: printedEffect,
    said: (t, c) => !says(c.last, "old message 1")
  },
  {
    id: "console.many-messages",
    page: printed("for(let i=0;i<60;i++)console.log('msg '+i)"),
    act: () => [["console"]],
    effect: printedEffect,
    said: (t) => says(t, "msg 59")
  },
  {
    id: "console.object-argument",
    page: printed("console.log('cart',{items:3,total:'9.50'})"),
    act: () => [["console"]],
    effect: printedEffect,
    said: (t) => says(t, "cart", "9.50")
  },
  {
    id: "console.error-said-by-open",
    page: `<title>Settings</title>${printed("console.error('failed to load config.json')")}`,
    setup: () => [],
    act: (c) => [["open", c.url]],
    effect: printedEffect,
    said: (t) => says(t, "failed to load config.json")
  },
  {
    id: "console.eval-value",
    page: `<ul><li>a</li><li>b</li><li>c</li></ul>`,
    act: () => [["eval", "document.querySelectorAll('li').length"]],
    effect: async () => saw(true, "3 items"),
    said: (t) => says(t, "3")
  },
  {
    id: "console.eval-throws",
    refusal: true,
    page: `<p>x</p>`,
    act: () => [["eval", "notDefinedFn()"]],
    effect: async () => saw(true, "nothing ran"),
    said: (t) => says(t, /notDefinedFn|not defined/)
  }
]

const api = {
  "api/items": { json: { items: [1, 2] } },
  "other/b": { json: {} },
  "api/a": { json: {} },
  "api/save": { json: { ok: true } }
}

export const network = [
  {
    id: "network.requests-after-fetch",
    page: fetchButton("api/items"),
    files: api,
    act: () => [
      ["click", "#b"],
      ["network", "requests"]
    ],
    effect: (c) => c.until(() => c.hit("api/items")),
    said: (t) => says(t, "api/items")
  },
  {
    id: "network.open-404",
    page: `<p>home</p>`,
    act: (c) => [["open", c.u("missing")]],
    effect: (c) => c.until(() => c.hit("missing")),
    said: (t) => says(t, "404")
  },
  {
    id: "network.open-402",
    page: `<p>home</p>`,
    files: { pay: { status: 402, html: `<title>Payment Required</title><h1>Upgrade to continue</h1>` } },
    act: (c) => [["open", c.u("pay")]],
    effect: (c) => c.until(() => c.hit("pay")),
    said: (t) => says(t, "402")
  },
  {
    id: "network.open-500",
    page: `<p>home</p>`,
    files: { boom: { status: 500, html: `<title>Server error</title>` } },
    act: (c) => [["open", c.u("boom")]],
    effect: (c) => c.until(() => c.hit("boom")),
    said: (t) => says(t, "500")
  },
  {
    id: "network.redirect-final-url",
    page: `<p>home</p>`,
    files: { old: { status: 302, headers: { location: "new" } }, new: `<title>Moved here</title>${arrivedScript}` },
    act: (c) => [["open", c.u("old")]],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, "/new")
  },
  {
    id: "network.unresolvable-host",
    page: fetchButton("http://no-such-host.invalid/x"),
    act: () => [
      ["click", "#b"],
      ["network", "requests"]
    ],
    effect: (c) => c.waitEvent("fetchfail", undefined, 5000),
    said: (t) => says(t, "no-such-host.invalid", /fail|ERR_NAME|not resolve/i)
  },
  {
    id: "network.connection-refused",
    refusal: true,
    page: `<p>home</p>`,
    act: () => [["open", `http://127.0.0.1:${refusedPort}/`]],
    effect: async () => saw(true, "nothing listens there"),
    said: (t) => says(t, /refused/i)
  },
  {
    id: "network.slow-resource-open",
    timeoutMs: 40_000,
    setup: () => [],
    page:
      `<title>Dashboard</title><h1>Dashboard</h1><img src="hang" alt="chart">` +
      `<script>addEventListener('DOMContentLoaded',()=>log('dom'))</script>`,
    files: { hang: { hang: true } },
    act: (c) => [["open", c.url]],
    effect: (c) => c.waitEvent("dom"),
    said: (t) => says(t, "Dashboard")
  },
  {
    id: "network.requests-filter",
    page: `<script>fetch('api/a');fetch('other/b')</script>`,
    files: api,
    act: () => [["network", "requests", "--filter", "api/"]],
    effect: (c) => c.until(() => c.hit("api/a") && c.hit("other/b")),
    said: (t) => says(t, "api/a") && !says(t, "other/b")
  },
  {
    id: "network.post-request",
    page: fetchButton("api/save", "{method:'POST',body:'x=1'}"),
    files: api,
    act: () => [
      ["click", "#b"],
      ["network", "requests"]
    ],
    effect: (c) => c.until(() => c.hit("api/save", (r) => r.method === "POST")),
    said: (t) => says(t, "POST", "api/save")
  },
  {
    id: "network.offline-mode",
    page: fetchButton("api/items"),
    files: api,
    act: () => [
      ["set", "offline", "on"],
      ["click", "#b"]
    ],
    teardown: () => [["set", "offline", "off"]],
    // offline, the page's beacons cannot reach this server either: read the fetch's outcome by raw eval
    effect: async (c) => {
      const failed = await c.until(async () => (await c.eval("window.__last")) === "fail")
      const reached = c.hit("api/items")
      return saw(failed && !reached, reached ? "the fetch reached the server" : "fetch failed offline")
    },
    said: (t) => says(t, /offline/i)
  },
  {
    id: "network.extra-headers",
    page: `<p>home</p>`,
    files: { probe: `<title>Probe</title>` },
    act: (c) => [
      ["set", "headers", '{"X-Bench":"yes"}'],
      ["open", c.u("probe")]
    ],
    effect: (c) => c.until(() => c.hit("probe", (r) => r.headers["x-bench"] === "yes")),
    said: (t) => says(t, "Probe")
  },
  {
    id: "network.wait-for-url",
    page: `<button id="b" onclick="setTimeout(()=>location.href='done',300)">Finish</button>`,
    files: { done: `<title>All done</title><script>log('arrived')</script>` },
    act: () => [
      ["click", "#b"],
      ["wait", "--url", "**/done"]
    ],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, "/done")
  },
  {
    id: "network.back-navigation",
    page: `<title>Start page</title><script>addEventListener('pageshow',()=>log('shown'))</script>`,
    files: { next: `<title>Next page</title>` },
    setup: (c) => [
      ["open", c.url],
      ["open", c.u("next")]
    ],
    act: () => [["back"]],
    effect: (c) => c.until(() => c.count("shown") >= 2),
    said: (t, c) => says(t, "Start page") || t.split(/\s/).includes(c.url)
  },
  {
    id: "network.reload",
    page: `<title>Live scores</title><p>score</p>`,
    act: () => [["reload"]],
    effect: (c) => c.until(() => c.requests().filter((r) => r.path === "").length >= 2),
    said: (t) => says(t, /reload|Live scores/i)
  }
]
