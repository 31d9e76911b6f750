/**
 * `network route` with a response shape (`--status`, `--headers`, `--content-type`), sent to upstream's daemon over
 * the session's socket, as the page sees it: its fetch gets the status, the header and the body; `network unroute`
 * gives the server's answer back. The page's state is read with the raw binary, outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { activeTabIn, pinTab } from "../support/tabs.js"
import { rawData } from "../support/rawPage.js"

const PAGE =
  '<!doctype html><title>Shape</title><button id="b" onclick="fetch(\'api/data\').then(async (r) => ' +
  "{ document.getElementById('out').textContent = [r.status, String(r.headers.get('x-mock')), " +
  "r.headers.get('content-type'), await r.text()].join(' | ') }, () => " +
  "{ document.getElementById('out').textContent = 'fetch failed' })\">Load</button><p id=\"out\"></p>"

const live = liveWorld({
  files: {
    "/shape/page.html": [PAGE, "text/html"],
    "/shape/api/data": ['{"source":"server"}', "application/json"]
  }
})
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)

/** Clicks Load with the raw binary and polls #out until it changes from `before`, to a deadline. */
const loaded = async (before: string): Promise<string> => {
  raw(["click", "#b"])
  const deadline = Date.now() + 10_000
  for (;;) {
    const text = raw<{ text: string }>(["get", "text", "#out"]).text
    if (text !== before || Date.now() > deadline) return text
    await new Promise((done) => setTimeout(done, 100))
  }
}

describe("network route with a response shape", () => {
  it("as a session's first call: launched like any call, and the page's fetch gets 404, the header and the body", async () => {
    const routed = await live.tool.call({
      args: [
        "network",
        "route",
        "**/api/data",
        "--status",
        "404",
        "--headers",
        '{"X-Mock":"yes"}',
        "--body",
        '{"error":"gone"}'
      ]
    })
    expect(routed.isError, textOf(routed)).toBe(false)
    session = routed.details.sessionName ?? ""
    expect(textOf(routed)).toContain(
      "Routed **/api/data: matching requests are answered with HTTP 404, Content-Type application/json, header " +
        "X-Mock and the --body."
    )
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/shape/page.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(await loaded("")).toBe('404 | yes | application/json | {"error":"gone"}')
    const listed = await live.tool.call({ args: ["network", "routes"] })
    expect(textOf(listed)).toContain("**/api/data (fulfill, HTTP 404).")
  })

  it("routed again on the same glob, the new shape answers (the earlier route is cleared first)", async () => {
    const routed = await live.tool.call({
      args: [
        "network",
        "route",
        "**/api/data",
        "--status-code",
        "503",
        "--content-type",
        "text/plain",
        "--body",
        "down"
      ]
    })
    expect(routed.isError, textOf(routed)).toBe(false)
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("503 | null | text/plain | down")
  })

  it("network unroute removes it: the server answers again", async () => {
    const removed = await live.tool.call({ args: ["network", "unroute", "**/api/data"] })
    expect(textOf(removed)).toContain("Removed 1 route(s): **/api/data (fulfill, HTTP 503).")
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe('200 | null | application/json | {"source":"server"}')
  })

  it("a glob routed again with --abort, then --body: the page's fetch gets the body (the first route is cleared)", async () => {
    // before: upstream kept answering with the first route (the fetch failed) while the text said the body
    const aborted = await live.tool.call({ args: ["network", "route", "**/api/data", "--abort"] })
    expect(textOf(aborted)).toContain("Routed **/api/data: matching requests are failed (--abort).")
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("fetch failed")
    const mocked = await live.tool.call({ args: ["network", "route", "**/api/data", "--body", '{"n":1}'] })
    expect(textOf(mocked)).toContain(
      "Routed **/api/data: matching requests are answered with HTTP 200, application/json and the --body.\n" +
        "Active routes (1, as set through this tool in this session; a relaunched browser has none): " +
        "**/api/data (fulfill)."
    )
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe('200 | null | application/json | {"n":1}')
  })

  it("--abort after a shaped 404 route on the same glob: the page's fetch fails", async () => {
    const shaped = await live.tool.call({ args: ["network", "route", "**/api/data", "--status", "404", "--body", "x"] })
    expect(shaped.isError, textOf(shaped)).toBe(false)
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("404 | null | application/json | x")
    const aborted = await live.tool.call({ args: ["network", "route", "**/api/data", "--abort"] })
    expect(textOf(aborted)).toContain("Active routes (1, as set through this tool in this session; a relaunched")
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("fetch failed")
  })

  it("in a pinned session whose active tab drifted, a shaped route lands on the pinned tab's page", async () => {
    const removed = await live.tool.call({ args: ["network", "unroute"] })
    expect(textOf(removed)).toContain("Removed 1 route(s): **/api/data (abort).")
    const pinned = activeTabIn(live, session)?.tabId
    await pinTab(live, pinned)
    raw(["tab", "new", "about:blank"])
    expect(activeTabIn(live, session)?.tabId).not.toBe(pinned)
    const routed = await live.tool.call({ args: ["network", "route", "**/api/data", "--status", "418", "--body", "t"] })
    expect(routed.isError, textOf(routed)).toBe(false)
    // before: the route went to the daemon's active tab (about:blank), and the page's fetch reached the server
    expect(activeTabIn(live, session)?.tabId).toBe(pinned)
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("418 | null | application/json | t")
  })

  it("a route on a glob an earlier route also matches says the earlier one may answer: the page's fetch shows it does", async () => {
    await live.tool.call({ args: ["network", "unroute"] })
    await live.tool.call({ args: ["network", "route", "**/api/*", "--abort"] })
    const routed = await live.tool.call({ args: ["network", "route", "**/api/data", "--body", "{}"] })
    expect(textOf(routed)).toContain(
      "so requests an earlier route also matches may get it: **/api/* (abort) (network unroute **/api/* lets this one"
    )
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("fetch failed")
    await live.tool.call({ args: ["network", "unroute", "**/api/*"] })
    raw(["eval", "document.getElementById('out').textContent = ''"])
    expect(await loaded("")).toBe("200 | null | application/json | {}")
  })
})
