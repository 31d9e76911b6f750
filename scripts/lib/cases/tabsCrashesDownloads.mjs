// Cases: tabs, crashes and downloads. Tab facts come from a raw `tab list` on the session; crashed tabs from a raw
// eval that cannot answer; files from disk.
import { saw, says, show, words } from "./helpers.mjs"

/** The pages the browser itself has open (DevTools list), not agent-browser's view of them. */
/** The browser shows `n` pages (polled: a tab that is opening or closing shows for a moment). */
const tabsOpen = (n) => async (c) => {
  let count
  const ok = await c.until(async () => (count = (await tabList(c))?.length) === n)
  return saw(ok, `${count} tabs: ${c.tabUrls}`)
}
const tabList = async (c) => {
  const pages = await c.pages()
  c.tabUrls = pages?.map((p) => p.url.replace(c.origin, "")).join(", ")
  return pages
}
const second = { second: `<title>Second tab</title><script>log('arrived')</script>` }
const withSecond = (c) => [
  ["open", c.url],
  ["tab", "new", c.u("second")]
]
const firstPage = `<title>First tab</title><h1>First</h1>`

export const tabs = [
  {
    id: "tabs.new-with-url",
    page: firstPage,
    files: second,
    act: (c) => [["tab", "new", c.u("second")]],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, /Second tab|\/second/)
  },
  {
    id: "tabs.list-two",
    page: firstPage,
    files: second,
    setup: withSecond,
    act: () => [["tab", "list"]],
    effect: tabsOpen(2),
    said: (t, c) => t.split("\n").filter((l) => l.includes(c.url)).length >= 2 || says(t, "First tab", "Second tab")
  },
  {
    id: "tabs.switch-back",
    page: firstPage,
    files: second,
    setup: withSecond,
    act: () => [["tab", "t1"]],
    effect: async (c) => {
      const t = await c.eval("document.title")
      return saw(t === "First tab", `active page ${show(t)}`)
    },
    said: (t) => says(t, "First tab")
  },
  {
    id: "tabs.close-second",
    page: firstPage,
    files: second,
    setup: withSecond,
    act: () => [["tab", "close", "t2"]],
    effect: tabsOpen(1),
    said: (t) => says(t, /closed/i)
  },
  {
    id: "tabs.window-open-popup",
    page: `<button id="b" onclick="window.open('pop')">Pop out</button>`,
    files: { pop: `<title>Popped chat</title><script>log('arrived')</script>` },
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, /tab|Popped chat|\/pop/i)
  },
  {
    id: "tabs.unknown-id",
    refusal: true,
    page: firstPage,
    act: () => [["tab", "t9"]],
    effect: async () => saw(true, "one tab"),
    said: (t) => says(t, /t9|not found/i)
  },
  {
    id: "tabs.integer-id",
    refusal: true,
    page: firstPage,
    act: () => [["tab", "2"]],
    effect: async () => saw(true, "one tab"),
    said: (t) => says(t, /t2|tab id|not accepted/i)
  },
  {
    id: "tabs.label-switch",
    page: firstPage,
    files: { docs: `<title>Docs tab</title>` },
    act: (c) => [
      ["tab", "new", "--label", "docs", c.u("docs")],
      ["tab", "t1"],
      ["tab", "docs"]
    ],
    effect: async (c) => {
      const t = await c.eval("document.title")
      return saw(t === "Docs tab", `active page ${show(t)}`)
    },
    said: (t, c) => says(c.last, "Docs tab")
  },
  {
    id: "tabs.read-in-new-tab",
    page: firstPage,
    files: second,
    act: (c) => [
      ["tab", "new", c.u("second")],
      ["get", "title"]
    ],
    effect: (c) => c.waitEvent("arrived"),
    said: (t, c) => says(c.last, "Second tab")
  },
  {
    id: "tabs.close-active",
    page: firstPage,
    files: second,
    setup: withSecond,
    act: () => [
      ["tab", "close"],
      ["get", "title"]
    ],
    effect: tabsOpen(1),
    said: (t, c) => says(c.last, "First tab")
  }
].map((k) => ({ ...k, fresh: true }))

const crashed = async (c) => saw((await c.raw(["eval", "1+1"], { timeoutMs: 8000 }))?.success !== true, "dead tab")

export const crashes = [
  {
    id: "crashes.renderer-crash",
    errorOk: true,
    page: firstPage,
    act: () => [["open", "chrome://crash"]],
    effect: crashed,
    said: (t) => says(words(t), /crash/i),
    wrong: (t) => (/crash/i.test(words(t)) ? undefined : `not said as a crash: "${t.split("\n")[0].slice(0, 80)}"`)
  },
  {
    id: "crashes.open-after-crash",
    page: firstPage,
    files: { again: `<title>Back again</title><script>log('arrived')</script>` },
    setup: (c) => [
      ["open", c.url],
      ["open", "chrome://crash"]
    ],
    act: (c) => [["open", c.u("again")]],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, "Back again")
  },
  {
    id: "crashes.tab-list-after-crash",
    page: firstPage,
    files: second,
    setup: (c) => [...withSecond(c), ["open", "chrome://crash"]],
    act: () => [["tab", "list"]],
    effect: async (c) => {
      const open = await tabsOpen(2)(c)
      c.dead = (await crashed(c)).ok
      return open
    },
    said: (t) => says(words(t), /crash/i) && !/\b1 tab/.test(t),
    wrong: (t, c) => {
      if (/\b1 tab/.test(t)) return "lists 1 tab with two open"
      return c.dead && !/crash/i.test(words(t)) ? "lists the crashed tab as a live one" : undefined
    }
  },
  {
    id: "crashes.busy-loop",
    errorOk: true,
    timeoutMs: 20_000,
    page: `<button id="b" onclick="log('spin');while(true){}">Spin</button>`,
    act: () => [
      ["click", "#b"],
      ["get", "title"]
    ],
    effect: (c) => c.waitEvent("spin"),
    said: (t) => says(t, /not respond|unresponsive|busy|hang|stuck/i)
  }
].map((k) => ({ timeoutMs: 30_000, ...k, fresh: true }))

const attachment = { "content-disposition": "attachment" }
const csv = { body: "id,name\n1,Ada\n", type: "text/csv", headers: attachment }
const fileHas = (name, needle) => (c) => c.until(() => c.file(name)?.toString().includes(needle), 3000)

export const downloads = [
  {
    id: "downloads.download-command",
    page: `<a id="a" href="file.csv">Export CSV</a>`,
    files: { "file.csv": csv },
    act: (c) => [["download", "#a", c.rel("export.csv")]],
    effect: fileHas("export.csv", "1,Ada"),
    said: (t) => says(t, "export.csv")
  },
  {
    id: "downloads.click-then-wait",
    page: `<a id="a" href="file.csv">Export CSV</a>`,
    files: { "file.csv": csv },
    act: (c) => [
      ["click", "#a"],
      ["wait", "--download", c.rel("later.csv")]
    ],
    effect: fileHas("later.csv", "1,Ada"),
    said: (t) => says(t, "later.csv")
  },
  {
    id: "downloads.open-a-file-url",
    page: `<p>home</p>`,
    files: { "file.csv": csv },
    act: (c) => [["open", c.u("file.csv")]],
    effect: (c) => c.until(() => c.hit("file.csv")),
    said: (t) => says(t, /download|saved/i),
    wrong: (t) => (/Navigation failed|ERR_ABORTED/i.test(t) ? "says navigation failed; the file downloaded" : undefined)
  },
  {
    id: "downloads.blob-link",
    act: (c) => [["download", "#a", c.rel("blob.txt")]],
    effect: fileHas("blob.txt", "blob content 77"),
    said: (t) => says(t, "blob.txt"),
    page:
      `<a id="a" download="r.txt">Save report</a>` +
      `<script>a.href=URL.createObjectURL(new Blob(['blob content 77'],{type:'text/plain'}))</script>`
  },
  {
    id: "downloads.data-url-link",
    page: `<a id="a" href="data:text/plain,hello%20data%20url" download="d.txt">Get text</a>`,
    act: (c) => [["download", "#a", c.rel("d.txt")]],
    effect: fileHas("d.txt", "hello data url"),
    said: (t) => says(t, "d.txt")
  },
  {
    id: "downloads.missing-element",
    refusal: true,
    page: `<p>no links</p>`,
    act: (c) => [["download", "#nope", c.rel("x.txt")]],
    effect: async (c) => saw(c.file("x.txt") === undefined, "no file"),
    said: (t) => says(t, /not found|no element/i)
  },
  {
    id: "downloads.pdf",
    page: `<title>Invoice</title><h1>Invoice 42</h1>`,
    act: (c) => [["pdf", c.rel("page.pdf")]],
    effect: (c) => c.until(() => c.file("page.pdf")?.subarray(0, 4).toString() === "%PDF"),
    said: (t) => says(t, "page.pdf")
  },
  {
    id: "downloads.large-file",
    page: `<a id="a" href="big.bin">Big file</a>`,
    files: { "big.bin": { body: Buffer.alloc(2 * 1024 * 1024, 65), type: "application/zip", headers: attachment } },
    act: (c) => [["download", "#a", c.rel("big.bin")]],
    effect: (c) => c.until(() => c.file("big.bin")?.length === 2 * 1024 * 1024, 5000),
    said: (t) => says(t, "big.bin")
  },
  {
    id: "downloads.wait-with-none",
    refusal: true,
    fresh: true,
    page: `<p>nothing to download</p>`,
    act: (c) => [["wait", "--download", c.rel("none.txt"), "--timeout", "1500"]],
    effect: async (c) => saw(c.file("none.txt") === undefined, "no file"),
    said: (t) => says(t, /timed out|no download|timeout/i)
  }
]
