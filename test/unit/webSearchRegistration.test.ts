/**
 * Provider choice, registration on/off for every credential and config combination, and the run program's
 * execution-time checks (trust, disable, credential failures, key guard) over FakeWebSearch.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { beforeEach, vi } from "vitest"
import { CONFIG_DIR, loadFileConfig } from "../../src/config/fileConfig.js"
import { FakeWebSearch } from "../../src/layers/test/FakeWebSearch.js"
import { registerWebSearch } from "../../src/pi/webSearchTool.js"
import { availableCredentials, chooseProvider } from "../../src/search/chooseProvider.js"
import { runWebSearch } from "../../src/program/search/runWebSearch.js"
import { suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const home = join(temp.root, "home")
const project = join(temp.root, "project")
const override = join(temp.root, "override.json")
const KEY = "ws-unit-key-5e1d0b"

const writeConfig = (where: "global" | "project" | "override", webSearch: unknown) => {
  const file = where === "override" ? override : join(where === "global" ? home : project, CONFIG_DIR, "config.json")
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, JSON.stringify({ webSearch }))
}
beforeEach(() => {
  for (const dir of [home, project]) rmSync(dir, { recursive: true, force: true })
  rmSync(override, { force: true })
  mkdirSync(project, { recursive: true })
})

const fakePi = () => ({ registerTool: vi.fn(), on: vi.fn() })
const register = (env: Record<string, string>, projectTrusted = false) => {
  const pi = fakePi()
  const availability = registerWebSearch(pi as never, { env: { HOME: home, ...env }, cwd: project, projectTrusted })
  expect(pi.registerTool).toHaveBeenCalledTimes(availability.available ? 1 : 0)
  if (availability.available)
    expect(pi.registerTool.mock.calls[0]?.[0]).toMatchObject({ name: "agent_browser_web_search" })
  return availability
}

describe("config", () => {
  it("keeps credential sources as written, while other sections still resolve $NAME", () => {
    mkdirSync(join(home, CONFIG_DIR), { recursive: true })
    writeFileSync(
      join(home, CONFIG_DIR, "config.json"),
      JSON.stringify({
        browser: { profile: "$P" },
        webSearch: { exaApiKey: "$EXA_API_KEY", braveApiKey: "!pass brave" }
      })
    )
    const loaded = loadFileConfig([join(home, CONFIG_DIR, "config.json")], { P: "Work", EXA_API_KEY: KEY })
    expect(loaded.config.browser?.profile).toBe("Work")
    expect(loaded.config.webSearch).toEqual({ exaApiKey: "$EXA_API_KEY", braveApiKey: "!pass brave" })
  })
})

describe("chooseProvider", () => {
  const both = availableCredentials(undefined, { EXA_API_KEY: "a", BRAVE_API_KEY: "b" })
  const pick = (requested: "auto" | "exa" | "brave", creds: typeof both, preferred?: "exa" | "brave") =>
    Either.map(chooseProvider(requested, creds, preferred), (c) => `${c.provider}:${c.credential.label}`)

  it("prefers Exa, honours preferredProvider, and respects an explicit provider", () => {
    expect(pick("auto", both)).toEqual(Either.right("exa:EXA_API_KEY"))
    expect(pick("auto", both, "brave")).toEqual(Either.right("brave:BRAVE_API_KEY"))
    expect(pick("auto", { brave: both.brave! }, "exa")).toEqual(Either.right("brave:BRAVE_API_KEY"))
    expect(pick("exa", both, "brave")).toEqual(Either.right("exa:EXA_API_KEY"))
    expect(Either.isLeft(pick("brave", { exa: both.exa! }))).toBe(true)
    expect(Either.isLeft(pick("auto", {}))).toBe(true)
  })

  it("uses the config source when it is usable, else the environment fallback", () => {
    expect(availableCredentials({ exaApiKey: "$MY_EXA" }, { MY_EXA: "x", EXA_API_KEY: "y" }).exa?.label).toBe(
      "webSearch.exaApiKey"
    )
    expect(availableCredentials({ exaApiKey: "$MISSING" }, { EXA_API_KEY: "y" }).exa?.label).toBe("EXA_API_KEY")
    expect(availableCredentials({ exaApiKey: "$MISSING" }, {}).exa).toBeUndefined()
  })
})

describe("registration", () => {
  it("is off without any credential source, on with either environment fallback", () => {
    expect(register({})).toEqual({ available: false, reason: "no-credential" })
    expect(register({ EXA_API_KEY: KEY })).toEqual({ available: true, providers: ["exa"] })
    expect(register({ BRAVE_API_KEY: KEY })).toEqual({ available: true, providers: ["brave"] })
    expect(register({ EXA_API_KEY: KEY, BRAVE_API_KEY: KEY })).toEqual({ available: true, providers: ["exa", "brave"] })
    expect(register({ EXA_API_KEY: " " })).toEqual({ available: false, reason: "no-credential" })
  })

  it("follows config sources: $VAR only when set, plaintext, escaped literal, command without running it", () => {
    writeConfig("global", { exaApiKey: "$EXA_API_KEY" })
    expect(register({})).toMatchObject({ available: false })
    expect(register({ EXA_API_KEY: KEY })).toMatchObject({ available: true })
    writeConfig("global", { braveApiKey: "${MY_BRAVE}" })
    expect(register({ MY_BRAVE: KEY })).toEqual({ available: true, providers: ["brave"] })
    writeConfig("global", { exaApiKey: "\\$notavar" })
    expect(register({})).toMatchObject({ available: true })
    const marker = join(temp.root, "ran-at-registration")
    writeConfig("global", { braveApiKey: `!touch ${marker}; echo key` })
    expect(register({})).toEqual({ available: true, providers: ["brave"] })
    expect(existsSync(marker)).toBe(false)
  })

  it("is off when the global or override layer disables it, whatever keys exist", () => {
    writeConfig("global", { enabled: false, exaApiKey: "plain" })
    expect(register({ EXA_API_KEY: KEY })).toEqual({ available: false, reason: "disabled" })
    writeConfig("global", { enabled: true, exaApiKey: "plain" })
    writeConfig("override", { enabled: false })
    expect(register({ PI_AGENT_BROWSER_CONFIG: override })).toEqual({ available: false, reason: "disabled" })
    writeConfig("override", { enabled: true })
    expect(register({ PI_AGENT_BROWSER_CONFIG: override })).toMatchObject({ available: true })
  })

  it("reads the project layer only when told the project is trusted", () => {
    writeConfig("project", { exaApiKey: "plain" })
    expect(register({})).toMatchObject({ available: false })
    expect(register({}, true)).toMatchObject({ available: true })
    writeConfig("project", { enabled: false })
    expect(register({ EXA_API_KEY: KEY })).toMatchObject({ available: true })
    expect(register({ EXA_API_KEY: KEY }, true)).toEqual({ available: false, reason: "disabled" })
  })
})

// A provider that echoes the key back in a result title: the run program's last guard must catch it.
const echoKey = FakeWebSearch.layer((request) =>
  Effect.succeed({
    returnedQuery: request.query.query,
    results: [{ title: `leaked ${Redacted.value(request.apiKey)}`, url: "https://a.test/" }]
  })
)

// one graph for the block, on the real clock (credential commands run for real)
layer(Layer.merge(echoKey, NodeContext.layer), { excludeTestServices: true })("runWebSearch", (it) => {
  const run = (params: unknown, env: Record<string, string>, projectTrusted = false) =>
    runWebSearch(params, { cwd: project, projectTrusted, env: { PATH: process.env["PATH"] ?? "", HOME: home, ...env } })

  it.effect("re-checks enabled at execution with the trusted project layer", () =>
    Effect.gen(function* () {
      writeConfig("project", { enabled: false })
      const blocked = yield* run({ query: "q" }, { EXA_API_KEY: KEY }, true)
      expect(blocked).toMatchObject({
        isError: true,
        details: { resultCategory: "failure", failureCategory: "policy-blocked" }
      })
      const allowed = yield* run({ query: "q" }, { EXA_API_KEY: KEY }, false)
      expect(allowed.isError).toBe(false)
    })
  )

  it.effect("chooses the provider and never returns the key, even when a provider echoes it", () =>
    Effect.gen(function* () {
      writeConfig("global", { preferredProvider: "brave" })
      const result = yield* run({ query: "q" }, { EXA_API_KEY: "exa-" + KEY, BRAVE_API_KEY: KEY })
      expect((yield* (yield* FakeWebSearch).requests).at(-1)?.provider).toBe("brave")
      expect(result.details).toMatchObject({ provider: "brave", query: "q", count: 5, offset: 0, searchType: "auto" })
      expect(JSON.stringify(result)).not.toContain(KEY)
      expect(result.content[0]?.text).toContain("leaked [REDACTED]")
    })
  )

  it.effect("fails structurally for bad input, a missing explicit provider, and a failing command source", () =>
    Effect.gen(function* () {
      expect(yield* run({ query: "" }, { EXA_API_KEY: KEY })).toMatchObject({
        isError: true,
        details: { failureCategory: "validation-error" }
      })
      const noBrave = yield* run({ query: "q", provider: "brave" }, { EXA_API_KEY: KEY })
      expect(noBrave.details).toMatchObject({ failureCategory: "validation-error" })
      expect(noBrave.content[0]?.text).toContain("BRAVE_API_KEY")
      writeConfig("global", { exaApiKey: `!echo ${KEY}; exit 4` })
      const broken = yield* run({ query: "q" }, {})
      expect(broken.details).toMatchObject({
        failureCategory: "validation-error",
        credentialSource: "webSearch.exaApiKey",
        provider: "exa"
      })
      expect(broken.content[0]?.text).toContain("exited with code 4")
      expect(JSON.stringify(broken)).not.toContain(KEY)
    })
  )
})
