/**
 * `qa` against the real agent-browser on a page that keeps a long poll open and whose icon probe 404s: the poll is
 * not a failure, the icon is a reported benign failure; `qa.attached` refuses about:blank before running QA and,
 * on an http page, keeps the diagnostic buffers and says so.
 */
import { createServer, type Server } from "node:http"
import type { Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

const PAGE = `<!doctype html><title>Long poll</title><h1>Live feed</h1>
<script>
  fetch("/poll").catch(() => {})
  new Image().src = "/favicon.ico"
</script>`

let server: Server | undefined
const sockets = new Set<Socket>()
let origin = ""

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/poll") return // a long poll: accepted, never answered while the test runs
    if (req.url === "/" || req.url === "/index.html") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      return res.end(PAGE)
    }
    res.writeHead(404, { "content-type": "text/plain" })
    res.end("not found")
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  origin = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
})

describe("qa accuracy", () => {
  it("a long-poll page with an icon 404 passes; the icon is counted in the warnings", async () => {
    const result = await live.tool.call({ qa: { url: `${origin}/`, expectedText: "Live feed" } })
    expect(result.isError, JSON.stringify(result.details.qaPreset)).toBe(false)
    // the page's icon image, and the browser's own favicon probe when it makes one
    const benign = /^\d+ benign network request failure\(s\) ignored$/
    expect(result.details.qaPreset).toMatchObject({
      passed: true,
      failedChecks: [],
      warnings: [expect.stringMatching(benign)]
    })
    expect(result.details.qaPreset?.summary).toBe(
      `QA preset passed with warnings: ${result.details.qaPreset?.warnings[0]}`
    )
    expect(result.details.compiledQaPreset).toMatchObject({
      checks: { attached: false, url: `${origin}/`, diagnosticsResetAtStart: true }
    })
    expect(textOf(result)).toMatch(/Warning: \d+ benign network request failure\(s\) ignored/)
    // the long poll really was still open, with no status, when QA judged the page
    const requests = await live.tool.call({ args: ["network", "requests"] })
    const rows =
      (requests.details.data as { requests?: ReadonlyArray<{ url: string; status?: unknown }> }).requests ?? []
    const poll = rows.find((r) => r.url.endsWith("/poll"))
    expect(poll).toBeDefined()
    expect(typeof poll?.status).not.toBe("number")
  })

  it("qa.attached on an http page keeps the buffers and warns that it did", async () => {
    const result = await live.tool.call({ qa: { attached: true, checkNetwork: true } })
    expect(result.isError, JSON.stringify(result.details.qaPreset)).toBe(false)
    expect(result.details.compiledQaPreset).toMatchObject({
      checks: { attached: true, diagnosticsResetAtStart: false }
    })
    const steps = (result.details.batchSteps ?? []).map((s) => s.command.join(" "))
    expect(steps.some((s) => s.includes("--clear"))).toBe(false)
    expect(result.details.qaPreset?.warnings).toContain(
      "diagnostic buffers were preserved, not cleared: network may include events from before this check"
    )
    expect(textOf(result)).toContain("Warning: diagnostic buffers were preserved")
  })

  it("qa.attached on about:blank is a validation-error with recovery actions, and runs no QA batch", async () => {
    await live.tool.call({ args: ["open", "about:blank"] })
    const result = await live.tool.call({ qa: { attached: true, checkNetwork: true } })
    expect(result.details.failureCategory).toBe("validation-error")
    expect(result.details.validationError).toContain("about:blank")
    expect(result.details.batchSteps).toBeUndefined()
    expect(result.details.qaPreset).toBeUndefined()
    const session = result.details.sessionName ?? ""
    expect(result.details.nextActions?.map((a) => [a.id, a.params?.args])).toEqual([
      ["list-tabs-before-qa-attached", ["--session", session, "tab", "list"]],
      ["snapshot-before-qa-attached", ["--session", session, "snapshot", "-i"]]
    ])
    // the suggested follow-up runs as given
    const tabs = await live.tool.call(result.details.nextActions?.[0]?.params ?? { args: [] })
    expect(tabs.isError).toBe(false)
  })
})
