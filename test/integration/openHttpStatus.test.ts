/**
 * Issue #41 item 5 on the real agent-browser: upstream's open succeeds on a 402 page and reports no status; the tool
 * says it, whether upstream's open ran (the session's first, which launches the browser) or the tab was navigated
 * directly (a running browser). The page is read with the raw binary.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld()
let server: Server | undefined
let origin = ""
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)

beforeAll(async () => {
  server = createServer((req, res) => {
    const paid = req.url?.startsWith("/pay") === true
    const gone = req.url?.startsWith("/gone") === true
    res.writeHead(paid ? 402 : gone ? 404 : 200, { "content-type": "text/html" })
    // a short error page with a script of its own (a site's analytics): loaded, and waiting changes nothing
    const missing = "<title>Acme shop</title><h1>Sorry</h1><script>window.seen = 1</script>"
    res.end(
      paid ? "<title>Payment Required</title><h1>Pay first</h1>" : gone ? missing : "<title>Shop</title><h1>Shop</h1>"
    )
  })
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  // the browser keeps its connections open: end them, or close() waits for them
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

describe("open says an HTTP error status (#41)", () => {
  it("first open (upstream's) and an open in the running browser both say 402; a 200 page says nothing more", async () => {
    const first = await live.tool.call({ args: ["open", `${origin}/pay`] })
    session = first.details.sessionName ?? ""
    console.log(`[http status] first: ${textOf(first)}`)
    expect(first.isError, textOf(first)).toBe(false)
    expect(textOf(first)).toContain("HTTP status 402: the server answered with an error; the page shows what it sent.")
    expect(raw<{ title: string }>(["get", "title"]).title).toBe("Payment Required")
    const shop = await live.tool.call({ args: ["open", `${origin}/shop`] })
    expect(textOf(shop)).not.toContain("HTTP status")
    const again = await live.tool.call({ args: ["open", `${origin}/pay?again=1`] })
    console.log(`[http status] running browser: ${textOf(again)}`)
    expect(textOf(again)).toContain("HTTP status 402")
    expect(raw<{ url: string }>(["get", "url"]).url).toBe(`${origin}/pay?again=1`)
  }, 90_000)

  it("a short 404 page that loaded says the status and that it loaded, with no wait offered", async () => {
    const opened = await live.tool.call({ args: ["open", `${origin}/gone`] })
    session = opened.details.sessionName ?? ""
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toContain("HTTP status 404: the server answered with an error")
    expect(textOf(opened)).toContain("The error page has loaded and shows almost nothing")
    expect(textOf(opened)).not.toContain("may still be loading")
    expect(JSON.stringify(opened.details.nextActions)).not.toContain("wait-for-page-ui")
    expect(raw<{ result: unknown }>(["eval", "[document.readyState, window.seen]"]).result).toEqual(["complete", 1])
  }, 90_000)
})
