/**
 * agent_browser_web_search inside real pi (scripted faux model) against a local Exa stand-in on 127.0.0.1 that
 * checks the auth header and echoes the key into its error bodies: the resolved key never reaches a tool result in
 * pi's session file, on success or on any provider error, and failures are real pi errors.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runPi } from "../../scripts/lib/runPi.mjs"
import { TEST_MARKER } from "../support/liveEnv.js"

const KEY = "LEAKPI-exa-key-5f0c9a1e"
let server: Server
let origin = ""
const root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}pi-search-`))

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(body)
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()))
    req.on("end", () => {
      const query = (JSON.parse(raw || "{}") as { query?: string }).query ?? ""
      if (req.headers["x-api-key"] !== KEY)
        return send(res, 401, JSON.stringify({ error: `Invalid API key: ${String(req.headers["x-api-key"])}` }))
      if (query === "status-500") return send(res, 500, `upstream exploded near ${KEY}`)
      if (query === "status-429") return send(res, 429, JSON.stringify({ error: `Too many requests for token ${KEY}` }))
      send(
        res,
        200,
        JSON.stringify({
          requestId: "exa-e2e",
          results: [{ title: "Result", url: "https://docs.test/", highlights: ["An excerpt"] }]
        })
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(root, { recursive: true, force: true })
})

describe("agent_browser_web_search in real pi", () => {
  it("registers from EXA_API_KEY, answers, fails as pi errors, and never writes the key to the session file", async () => {
    const run = await runPi({
      root,
      prompt: "search the web",
      env: { EXA_API_KEY: KEY, PI_AGENT_BROWSER_EXA_BASE_URL: origin },
      steps: [
        { tool: "agent_browser_web_search", args: { query: "effect schema docs" } },
        { tool: "agent_browser_web_search", args: { query: "status-500" } },
        { tool: "agent_browser_web_search", args: { query: "status-429" } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const results = run.sessionEntries().filter((e) => e["type"] === "message" && e["message"]?.role === "toolResult")
    expect(results.map((r) => r["message"]?.toolName)).toEqual([
      "agent_browser_web_search",
      "agent_browser_web_search",
      "agent_browser_web_search"
    ])
    expect(JSON.stringify(results[0])).toContain("https://docs.test/")
    expect(results.slice(1).map((r) => r["message"]?.isError)).toEqual([true, true])
    expect(results.slice(1).map((r) => r["message"]?.details?.failureCategory)).toEqual([
      "upstream-error",
      "upstream-error"
    ])
    // nowhere in the session file, not only in tool results
    expect(run.sessionEntries().flatMap((e) => JSON.stringify(e).match(/LEAKPI-exa-key[\w-]*/g) ?? [])).toEqual([])
    // what pi (the newest) tells permission extensions: the search changes nothing here but reaches the open world;
    // agent_browser keeps pi's defaults (it may change a page's data)
    const tools = run.tools() ?? []
    expect(tools.find((t) => t.name === "agent_browser_web_search")?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true
    })
    expect(tools.find((t) => t.name === "agent_browser")).toBeDefined()
    expect(tools.find((t) => t.name === "agent_browser")?.annotations).toBeUndefined()
  }, 120_000)
})
