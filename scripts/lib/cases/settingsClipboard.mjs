// Cases: browser settings (viewport, geolocation, HTTP credentials), the clipboard, and commands that read the page
// in other shapes (read, errors, diff snapshot, get box/styles, highlight). Each effect is read outside the tool: the
// page's own log, a raw `agent-browser eval`, or the server's request log.
import { saw, says, show } from "./helpers.mjs"

const field = `<input id="q" aria-label="Note">`

/** A page that answers 401 until the request carries Basic credentials for ada:pw-7 (what `set credentials` sends). */
const guarded = (req) =>
  req.headers.authorization === `Basic ${Buffer.from("ada:pw-7").toString("base64")}`
    ? { html: `<title>Members</title><h1>Members area</h1><script>log('in')</script>` }
    : { status: 401, headers: { "www-authenticate": 'Basic realm="members"' }, body: "no" }

export const settings = [
  {
    id: "settings.viewport",
    page: `<p>Wide page</p>`,
    act: () => [["set", "viewport", "800", "600"]],
    effect: async (c) => {
      const size = await c.eval("[innerWidth, innerHeight]")
      return saw(size?.[0] === 800 && size?.[1] === 600, `size ${show(size)}`)
    },
    said: (t) => says(t, "800") && says(t, "600")
  },
  {
    id: "settings.geolocation",
    page:
      `<button id="b" onclick="navigator.geolocation.getCurrentPosition(p=>log('pos',{lat:p.coords.latitude,` +
      `lng:p.coords.longitude}),e=>log('denied',{code:e.code}))">Where am I</button>`,
    act: () => [
      ["set", "geo", "59.91", "10.75"],
      ["click", "#b"]
    ],
    effect: (c) => c.waitEvent("pos", (e) => Math.abs(e.lat - 59.91) < 0.01 && Math.abs(e.lng - 10.75) < 0.01),
    said: (t, c) => c.texts.some((x) => says(x, "59.91"))
  },
  {
    id: "settings.http-credentials",
    page: `<a id="go" href="members">Members</a>`,
    files: { members: guarded },
    act: (c) => [
      ["set", "credentials", "ada", "pw-7"],
      ["open", c.u("members")]
    ],
    effect: (c) => c.waitEvent("in"),
    said: (t) => says(t, "Members"),
    wrong: (t, c) => (c.texts.some((x) => x.includes("pw-7")) ? "shows the password" : undefined)
  }
]

export const clipboard = [
  {
    id: "clipboard.write-then-paste",
    page: field,
    setup: (c) => [
      ["open", c.url],
      ["focus", "#q"]
    ],
    act: () => [
      ["clipboard", "write", "Hello 42"],
      ["clipboard", "paste"]
    ],
    effect: async (c) => {
      const v = await c.eval("q.value")
      return saw(v === "Hello 42", `value ${show(v)}`)
    },
    said: (t) => says(t, /paste/i)
  },
  {
    id: "clipboard.copy-then-read",
    page: `<input id="q" aria-label="Note" value="copy me 7">`,
    setup: (c) => [
      ["open", c.url],
      ["focus", "#q"],
      ["press", "Control+a"]
    ],
    act: () => [
      ["clipboard", "copy"],
      ["clipboard", "read"]
    ],
    effect: async (c) => saw((await c.eval("q.value")) === "copy me 7", "the field kept its text"),
    said: (t) => says(t, "copy me 7")
  }
]

export const pageReads = [
  {
    id: "pagereads.read-current",
    page: `<article><h1>Harbour news</h1><p>The ferry to Nesodden leaves at 7:15 on weekdays.</p></article>`,
    act: () => [["read"]],
    effect: async (c) => saw(String(await c.eval("document.body.innerText")).includes("7:15"), "shown"),
    said: (t) => says(t, "ferry to Nesodden leaves at 7:15")
  },
  {
    id: "pagereads.errors-list",
    page: `<script>setTimeout(()=>{throw new Error("tax table missing")},50)</script><p>Ledger</p>`,
    setup: (c) => [
      ["open", c.url],
      ["wait", "300"]
    ],
    act: () => [["errors"]],
    effect: async (c) => saw((await c.eval("document.title")) !== undefined, "page up"),
    said: (t) => says(t, "tax table missing")
  },
  {
    id: "pagereads.diff-snapshot",
    page: `<p id="s">Status: draft</p><button id="b" onclick="s.textContent='Status: sent'">Send</button>`,
    setup: (c) => [["open", c.url], ["snapshot"], ["click", "#b"]],
    act: () => [["diff", "snapshot"]],
    effect: async (c) => saw((await c.eval("s.textContent")) === "Status: sent", "sent"),
    said: (t) => says(t, "Status: sent")
  },
  {
    id: "pagereads.get-box",
    page: `<div id="box" style="position:absolute;left:40px;top:30px;width:120px;height:50px">Box</div>`,
    act: () => [["get", "box", "#box"]],
    effect: async (c) => saw((await c.eval("box.getBoundingClientRect().width")) === 120, "120 wide"),
    said: (t) => says(t, "120") && says(t, "50")
  },
  {
    id: "pagereads.get-styles-color",
    page: `<p id="p" style="color: rgb(200, 0, 0)">Warning</p>`,
    act: () => [["get", "styles", "#p"]],
    effect: async (c) => saw((await c.eval("getComputedStyle(p).color")) === "rgb(200, 0, 0)", "red"),
    said: (t) => says(t, "rgb(200, 0, 0)")
  },
  {
    id: "pagereads.highlight",
    page: `<button id="b">Pay</button>`,
    act: () => [["highlight", "#b"]],
    effect: async (c) => saw((await c.eval("b.isConnected")) === true, "still there"),
    said: (t) => says(t, /highlight|#b/i)
  }
]
