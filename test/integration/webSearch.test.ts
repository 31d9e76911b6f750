/**
 * agent_browser_web_search end to end through the registered pi tool, the live layer (real HTTP over
 * NodeHttpClient) and a local server on 127.0.0.1 that speaks Exa's `POST /search` and Brave's
 * `GET /res/v1/web/search`, checks each auth header, and echoes the key in its error bodies. Every path asserts the
 * key appears nowhere in content, details or error text.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { registerWebSearch } from "../../src/pi/webSearchTool.js"
import { tempRoot } from "../support/fakeHarness.js"

const EXA_KEY = "exa-int-key-93c1f0a2"
const BRAVE_KEY = "brave-int-key-4d7be611"
const temp = tempRoot()
const received: Array<{
  path: string
  headers: IncomingMessage["headers"]
  body?: unknown
  params?: Record<string, string>
}> = []
const hanging = new Set<ServerResponse>()
let server: Server
let origin = ""

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(body)
}

/** The query text picks the scenario: `status-429`, `status-500`, `slow`, `badjson`, anything else succeeds. */
const scenario = (res: ServerResponse, query: string, key: string, ok: () => void) => {
  if (query === "status-429")
    return send(
      res,
      429,
      JSON.stringify({ error: { code: "RATE_LIMITED", detail: `Too many requests for token ${key}` } })
    )
  if (query === "status-500") return send(res, 500, `upstream exploded near ${key}`)
  if (query === "badjson") return send(res, 200, '{"results": [')
  if (query === "slow") return void hanging.add(res)
  ok()
}

const handle = (req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1")
  let raw = ""
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()))
  req.on("end", () => {
    if (req.method === "POST" && url.pathname === "/search") {
      const body = JSON.parse(raw) as { query: string; numResults: number }
      received.push({ path: url.pathname, headers: req.headers, body })
      const key = req.headers["x-api-key"]
      if (key !== EXA_KEY)
        return send(res, 401, JSON.stringify({ requestId: "r401", error: `Invalid API key: ${String(key)}` }))
      return scenario(res, body.query, EXA_KEY, () =>
        send(
          res,
          200,
          JSON.stringify({
            requestId: "exa-req-1",
            resolvedSearchType: "neural",
            results: Array.from({ length: body.numResults }, (_, i) => ({
              id: `id${i}`,
              title: `Exa result ${i}`,
              url: `https://docs${i}.test/`,
              publishedDate: "2026-05-01T00:00:00.000Z",
              highlights: [`Highlight ${i}`]
            }))
          })
        )
      )
    }
    if (req.method === "GET" && url.pathname === "/res/v1/web/search") {
      const params = Object.fromEntries(url.searchParams)
      received.push({ path: url.pathname, headers: req.headers, params })
      const key = req.headers["x-subscription-token"]
      if (key !== BRAVE_KEY)
        return send(
          res,
          401,
          JSON.stringify({
            type: "ErrorResponse",
            error: {
              code: "SUBSCRIPTION_TOKEN_INVALID",
              detail: `The provided subscription token ${String(key)} is invalid.`,
              status: 401
            }
          })
        )
      return scenario(res, params["q"] ?? "", BRAVE_KEY, () =>
        send(
          res,
          200,
          JSON.stringify({
            type: "search",
            query: { original: params["q"], altered: `${params["q"]} (fixed)` },
            web: {
              type: "search",
              results: [
                {
                  title: "<strong>Brave</strong> one",
                  url: "https://one.test/",
                  description: "First <strong>hit</strong>",
                  age: "2 days ago",
                  language: "en",
                  meta_url: { hostname: "one.test" }
                }
              ]
            }
          }),
          { "x-request-id": "brave-req-9" }
        )
      )
    }
    send(res, 404, "{}")
  })
}

beforeAll(async () => {
  server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const res of hanging) res.destroy()
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  temp.cleanup()
})

type Tool = {
  execute: (
    id: string,
    params: unknown,
    signal: AbortSignal | undefined,
    onUpdate: undefined,
    ctx: unknown
  ) => Promise<{ content: Array<{ text: string }>; details: Record<string, unknown>; isError?: boolean }>
}

/** Registers the tool through a fake pi and returns a caller; keys and base URLs come from the environment. */
const toolWith = (keys: Record<string, string>) => {
  const pi = { registerTool: vi.fn(), on: vi.fn() }
  const env = {
    HOME: join(temp.root, "home"),
    PATH: process.env["PATH"] ?? "",
    PI_AGENT_BROWSER_EXA_BASE_URL: origin,
    PI_AGENT_BROWSER_BRAVE_BASE_URL: `${origin}/`,
    ...keys
  }
  const availability = registerWebSearch(pi as never, { env, cwd: temp.root, live: { timeoutMs: 400 } })
  expect(availability.available).toBe(true)
  const tool = pi.registerTool.mock.calls[0]?.[0] as Tool
  const shutdown = pi.on.mock.calls.find((c) => c[0] === "session_shutdown")?.[1] as () => Promise<void>
  const call = (params: unknown) =>
    tool.execute("call-1", params, undefined, undefined, { cwd: temp.root, isProjectTrusted: () => false })
  return { call, shutdown }
}

const expectNoKeys = (result: unknown) => {
  const text = JSON.stringify(result)
  expect(text).not.toContain(EXA_KEY)
  expect(text).not.toContain(BRAVE_KEY)
}

describe("agent_browser_web_search against a local provider server", () => {
  it("searches Exa with the documented request and maps the answer", async () => {
    const { call, shutdown } = toolWith({ EXA_API_KEY: EXA_KEY, BRAVE_API_KEY: BRAVE_KEY })
    const result = await call({
      query: "effect layers",
      count: 2,
      offset: 1,
      country: "us",
      safesearch: "moderate",
      searchType: "fast"
    })
    await shutdown()
    const request = received.at(-1)
    expect(request?.headers["x-api-key"]).toBe(EXA_KEY)
    expect(request?.body).toMatchObject({
      query: "effect layers",
      type: "fast",
      numResults: 4,
      contents: { highlights: true },
      userLocation: "US",
      moderation: true
    })
    expect(result.isError).toBeUndefined()
    expect(result.details).toMatchObject({
      resultCategory: "success",
      provider: "exa",
      query: "effect layers",
      returnedQuery: "effect layers",
      count: 2,
      offset: 1,
      searchType: "neural",
      requestId: "exa-req-1"
    })
    expect(result.details["results"]).toEqual([
      {
        title: "Exa result 2",
        url: "https://docs2.test/",
        description: "Highlight 2",
        highlights: ["Highlight 2"],
        source: "docs2.test",
        age: "2026-05-01"
      },
      {
        title: "Exa result 3",
        url: "https://docs3.test/",
        description: "Highlight 3",
        highlights: ["Highlight 3"],
        source: "docs3.test",
        age: "2026-05-01"
      }
    ])
    expect(result.content[0]?.text).toBe(
      'Exa: 2 results for "effect layers"\n3. Exa result 2 (docs2.test, 2026-05-01)\n   https://docs2.test/\n   Highlight 2\n4. Exa result 3 (docs3.test, 2026-05-01)\n   https://docs3.test/\n   Highlight 3'
    )
    expectNoKeys(result)
  })

  it("searches Brave with the documented parameters and maps the answer", async () => {
    const { call, shutdown } = toolWith({ BRAVE_API_KEY: BRAVE_KEY })
    const result = await call({
      query: "effect layers",
      count: 3,
      country: "DE",
      searchLang: "en-US",
      safesearch: "strict",
      freshness: "pw"
    })
    await shutdown()
    const request = received.at(-1)
    expect(request?.headers["x-subscription-token"]).toBe(BRAVE_KEY)
    expect(request?.params).toEqual({
      q: "effect layers",
      count: "3",
      offset: "0",
      country: "DE",
      search_lang: "en",
      safesearch: "strict",
      freshness: "pw"
    })
    expect(result.details).toMatchObject({
      resultCategory: "success",
      provider: "brave",
      returnedQuery: "effect layers (fixed)",
      requestId: "brave-req-9",
      count: 3
    })
    expect(result.details["results"]).toEqual([
      {
        title: "Brave one",
        url: "https://one.test/",
        description: "First hit",
        source: "one.test",
        age: "2 days ago",
        language: "en"
      }
    ])
    expect(result.content[0]?.text).toContain("1. Brave one (one.test, 2 days ago)")
    expectNoKeys(result)
  })

  const failures: ReadonlyArray<
    readonly [string, "exa" | "brave", Record<string, string>, string, Record<string, unknown>, string]
  > = [
    [
      "401 Exa",
      "exa",
      { EXA_API_KEY: BRAVE_KEY },
      "q",
      { failureCategory: "upstream-error", httpStatus: 401, credentialSource: "EXA_API_KEY" },
      "rejected the API key"
    ],
    [
      "401 Brave",
      "brave",
      { BRAVE_API_KEY: EXA_KEY },
      "q",
      { failureCategory: "upstream-error", httpStatus: 401, credentialSource: "BRAVE_API_KEY" },
      "Check the key from environment variable BRAVE_API_KEY"
    ],
    [
      "429 Exa",
      "exa",
      { EXA_API_KEY: EXA_KEY },
      "status-429",
      { failureCategory: "upstream-error", httpStatus: 429 },
      "rate limit"
    ],
    [
      "429 Brave",
      "brave",
      { BRAVE_API_KEY: BRAVE_KEY },
      "status-429",
      { failureCategory: "upstream-error", httpStatus: 429 },
      "Too many requests for token [REDACTED]"
    ],
    [
      "500 Exa",
      "exa",
      { EXA_API_KEY: EXA_KEY },
      "status-500",
      { failureCategory: "upstream-error", httpStatus: 500 },
      "Retry shortly"
    ],
    [
      "500 Brave",
      "brave",
      { BRAVE_API_KEY: BRAVE_KEY },
      "status-500",
      { failureCategory: "upstream-error", httpStatus: 500 },
      "upstream exploded near [REDACTED]"
    ],
    [
      "timeout Exa",
      "exa",
      { EXA_API_KEY: EXA_KEY },
      "slow",
      { failureCategory: "timeout" },
      "did not answer within 400 ms"
    ],
    [
      "timeout Brave",
      "brave",
      { BRAVE_API_KEY: BRAVE_KEY },
      "slow",
      { failureCategory: "timeout" },
      "did not answer within 400 ms"
    ],
    [
      "malformed JSON Exa",
      "exa",
      { EXA_API_KEY: EXA_KEY },
      "badjson",
      { failureCategory: "upstream-error" },
      "not JSON"
    ],
    [
      "malformed JSON Brave",
      "brave",
      { BRAVE_API_KEY: BRAVE_KEY },
      "badjson",
      { failureCategory: "upstream-error" },
      "not JSON"
    ]
  ]

  for (const [name, provider, keys, query, details, text] of failures) {
    it(`${name}: a structured failure that never shows a key`, async () => {
      const { call, shutdown } = toolWith(keys)
      const result = await call({ query, provider })
      await shutdown()
      expect(result.isError).toBe(true)
      expect(result.details).toMatchObject({ resultCategory: "failure", provider, query, ...details })
      expect(result.content[0]?.text).toContain(text)
      expect(result.details["error"]).toBe(result.content[0]?.text)
      expectNoKeys(result)
    })
  }

  it("points an unreachable base URL out without the key", async () => {
    const pi = { registerTool: vi.fn(), on: vi.fn() }
    registerWebSearch(pi as never, {
      env: { HOME: join(temp.root, "home"), EXA_API_KEY: EXA_KEY, PI_AGENT_BROWSER_EXA_BASE_URL: "http://127.0.0.1:9" },
      cwd: temp.root
    })
    const tool = pi.registerTool.mock.calls[0]?.[0] as Tool
    const result = await tool.execute("c", { query: "q" }, undefined, undefined, {
      cwd: temp.root,
      isProjectTrusted: () => false
    })
    await (pi.on.mock.calls.find((c) => c[0] === "session_shutdown")?.[1] as () => Promise<void>)()
    expect(result.details).toMatchObject({ failureCategory: "upstream-error", provider: "exa" })
    expect(result.content[0]?.text).toContain("Could not reach Exa at http://127.0.0.1:9")
    expectNoKeys(result)
  })
})
