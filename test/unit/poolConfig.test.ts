/**
 * The browser pool as configuration: settings from the environment over config files, the token from a credential
 * source, the launch environment upstream gets (never argv), and through the fake graph: managed calls launch in the
 * pool, explicit sessions do not, a full pool is asked again within the budget and then said with the pool's public
 * address, and the token appears nowhere in the result, even when upstream echoes it.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { poolEnv, poolSettings, publicEndpoint } from "../../src/config/poolConfig.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, openBatch, runsOpen, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const TOKEN = "tok-Pq7Zr2Lm9Wx"

describe("pool settings", () => {
  it("environment over files; file values are credential sources, environment values literal", () => {
    expect(poolSettings({}, {})).toBeUndefined()
    expect(
      poolSettings({}, { pool: { endpoint: "ws://pool:3000", token: "$POOL_TOKEN", provider: "browserless" } })
    ).toEqual({
      endpoint: { label: "pool.endpoint", raw: "ws://pool:3000", literal: false },
      token: { label: "pool.token", raw: "$POOL_TOKEN", literal: false },
      provider: "browserless"
    })
    expect(
      poolSettings(
        { PI_AGENT_BROWSER_POOL: "ws://env:3000", PI_AGENT_BROWSER_POOL_TOKEN: "!not-a-command" },
        { pool: { endpoint: "ws://file:3000" } }
      )
    ).toEqual({
      endpoint: { label: "PI_AGENT_BROWSER_POOL", raw: "ws://env:3000", literal: true },
      token: { label: "PI_AGENT_BROWSER_POOL_TOKEN", raw: "!not-a-command", literal: true }
    })
  })

  it("a CDP pool takes the token in its URL; a provider in its key variable; messages name the endpoint without it", () => {
    expect(poolEnv("ws://pool:3000", TOKEN, undefined)).toEqual({
      env: { AGENT_BROWSER_CDP: `ws://pool:3000?token=${TOKEN}` },
      secrets: [TOKEN]
    })
    expect(poolEnv("ws://pool:3000/chromium?launch=x", TOKEN, undefined).env["AGENT_BROWSER_CDP"]).toBe(
      `ws://pool:3000/chromium?launch=x&token=${TOKEN}`
    )
    expect(poolEnv("https://api.example", TOKEN, "browserless").env).toEqual({
      AGENT_BROWSER_PROVIDER: "browserless",
      BROWSERLESS_API_URL: "https://api.example",
      BROWSERLESS_API_KEY: TOKEN
    })
    expect(publicEndpoint(`ws://user:pw@pool:3000/chromium?token=${TOKEN}`)).toBe("ws://pool:3000/chromium")
  })
})

const pooled = {
  pool: {
    endpoint: { label: "pool.endpoint", raw: "ws://pool.test:3000", literal: false },
    token: { label: "pool.token", raw: "$POOL_TOKEN", literal: false }
  },
  env: { PATH: "/fake", POOL_TOKEN: TOKEN }
}
const full = `CDP WebSocket connect failed at ws://pool.test:3000?token=${TOKEN}: HTTP error: 429 Too Many Requests`

describe("managed calls in the pool (fake agent-browser)", () => {
  it.scopedLive("a managed call launches in the pool through its environment only; an explicit session does not", () =>
    Effect.gen(function* () {
      const first = yield* runToResult({ args: ["open", "https://example.test/"] }, call)
      yield* runToResult({ args: ["--session", "mine", "get", "url"] }, call)
      expect(first.details.resultCategory).toBe("success")
      const requests = yield* (yield* FakeAgentBrowser).requests
      const managed = requests.find(runsOpen)
      const explicit = requests.find((r) => r.args.includes("mine"))
      expect(managed?.env["AGENT_BROWSER_CDP"]).toBe(`ws://pool.test:3000?token=${TOKEN}`)
      expect(managed?.args.join(" ")).not.toContain(TOKEN)
      expect(explicit?.env["AGENT_BROWSER_CDP"]).toBeUndefined()
      expect(JSON.stringify(first)).not.toContain(TOKEN)
    }).pipe(
      Effect.provide(
        fakeLayer(
          temp.root,
          [
            openBatch({ url: "https://example.test/", title: "T" }),
            { reply: FakeAgentBrowser.ok({ url: "https://example.test/", title: "T" }), repeat: true }
          ],
          pooled
        )
      )
    )
  )

  it.scopedLive(
    "a full pool is asked again within the budget, then said with its public address; the token never shows",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["open", "https://example.test/"], timeoutMs: 2000 }, call)
        const launches = (yield* (yield* FakeAgentBrowser).requests).filter(runsOpen)
        expect(launches.length).toBeGreaterThan(1)
        expect(result.details).toMatchObject({
          failureCategory: "upstream-error",
          launchDiagnostic: { reason: "pool-full", endpoint: "ws://pool.test:3000" }
        })
        const text = result.content.map((c) => ("text" in c ? c.text : "")).join("\n")
        expect(text).toContain("browser pool at ws://pool.test:3000 is full")
        expect(result.details.nextActions?.[0]).toMatchObject({
          id: "retry-when-pool-has-room",
          params: { args: ["open", "https://example.test/"], timeoutMs: 6000 }
        })
        expect(JSON.stringify(result)).not.toContain(TOKEN)
      }).pipe(
        Effect.provide(
          fakeLayer(
            temp.root,
            [
              { when: runsOpen, reply: FakeAgentBrowser.fail(full), repeat: true },
              { reply: FakeAgentBrowser.ok({}), repeat: true }
            ],
            pooled
          )
        )
      )
  )

  it.scopedLive(
    "following the pool-full next action asks the pool again for its whole longer budget (the first launch never happened)",
    () =>
      Effect.gen(function* () {
        const first = yield* runToResult({ args: ["open", "https://example.test/"], timeoutMs: 1000 }, call)
        const before = (yield* (yield* FakeAgentBrowser).requests).filter(runsOpen).length
        const retried = yield* runToResult(first.details.nextActions?.[0]?.params, call)
        const after = (yield* (yield* FakeAgentBrowser).requests).filter(runsOpen).length
        expect(after - before).toBeGreaterThan(1)
        expect(retried.details.launchDiagnostic).toMatchObject({ reason: "pool-full" })
      }).pipe(
        Effect.provide(
          fakeLayer(
            temp.root,
            [
              { when: runsOpen, reply: FakeAgentBrowser.fail(full), repeat: true },
              { reply: FakeAgentBrowser.ok({}), repeat: true }
            ],
            pooled
          )
        )
      )
  )

  it.scopedLive(
    "a launch the pool kept queued past the budget runs nothing after it: no page check, no close that would queue again",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["open", "https://example.test/"], timeoutMs: 1000 }, call)
        expect(result.details.failureCategory).toBe("timeout")
        const requests = yield* (yield* FakeAgentBrowser).requests
        // the open (with its page read, in one process), and nothing upstream after it (the daemon is ended by its pid,
        // which the fake never wrote)
        expect(requests.map((r) => r.args.filter((a) => !a.startsWith("-") && !a.startsWith("pi-")).join(" "))).toEqual(
          ["batch"]
        )
        expect(runsOpen(requests[0] ?? { args: [] })).toBe(true)
      }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: "timeout", repeat: true }], pooled)))
  )

  it.scopedLive(
    "a token source that yields nothing fails the call as invalid input, naming the setting, not running upstream",
    () =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: ["open", "https://example.test/"] }, call)
        expect(result.details.failureCategory).toBe("validation-error")
        expect(result.content.map((c) => ("text" in c ? c.text : "")).join("\n")).toContain("pool.token")
        expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}), repeat: true }], {
            ...pooled,
            env: { PATH: "/fake" }
          })
        )
      )
  )
})
