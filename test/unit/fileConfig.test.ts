/** Config layers: global, trusted project, override path; env wins; browser defaults go into the first launch. */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "vitest"
import { CONFIG_DIR, configPaths, loadFileConfig } from "../../src/config/fileConfig.js"
import { CONTRACT_CONFIG_DIR } from "../../src/config/configPaths.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { configFromEnv } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { fakeLayer, openBatch, runsOpen, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const home = join(temp.root, "home")
const project = join(temp.root, "project")
const write = (dir: string, value: unknown) => {
  mkdirSync(join(dir, CONFIG_DIR), { recursive: true })
  writeFileSync(join(dir, CONFIG_DIR, "config.json"), typeof value === "string" ? value : JSON.stringify(value))
}
write(home, { browser: { profile: "Work" }, session: { idleTimeoutMs: 120000 } })
write(project, { browser: { allowedDomains: "$APP_HOST" } })
const override = join(temp.root, "override.json")
writeFileSync(override, JSON.stringify({ browser: { profile: "QA" }, artifacts: { maxBytes: 1048576 } }))

describe("config layers", () => {
  it("merge global, trusted project and override, resolving $ENV values", () => {
    const env = { HOME: home, PI_AGENT_BROWSER_CONFIG: override, APP_HOST: "app.test" }
    const loaded = loadFileConfig(configPaths(env, project, true), env)
    expect(loaded.config.browser).toEqual({ profile: "QA", allowedDomains: "app.test" })
    expect(loaded.sources).toHaveLength(3)
    expect(loadFileConfig(configPaths(env, project, false), env).config.browser).toEqual({ profile: "QA" })
  })

  it("W3: the contract's folder pi-agent-browser-native is read too; in one place the package's own folder wins, a trusted project wins over global", () => {
    const root = join(temp.root, "w3")
    const put = (dir: string, folder: string, value: unknown) => {
      mkdirSync(join(dir, folder), { recursive: true })
      writeFileSync(join(dir, folder, "config.json"), JSON.stringify(value))
    }
    const [h, p] = [join(root, "home"), join(root, "project")]
    put(h, CONTRACT_CONFIG_DIR, {
      browser: { profile: "Native", executablePath: "/opt/chrome" },
      webSearch: { exaApiKey: "k" }
    })
    expect(loadFileConfig(configPaths({ HOME: h }, p, true), {}).config).toMatchObject({
      browser: { profile: "Native", executablePath: "/opt/chrome" },
      webSearch: { exaApiKey: "k" }
    })
    put(h, CONFIG_DIR, { browser: { profile: "Own" } })
    expect(loadFileConfig(configPaths({ HOME: h }, p, true), {}).config.browser).toEqual({
      profile: "Own",
      executablePath: "/opt/chrome"
    })
    put(p, CONTRACT_CONFIG_DIR, { browser: { profile: "ProjectNative" } })
    expect(loadFileConfig(configPaths({ HOME: h }, p, true), {}).config.browser).toMatchObject({
      profile: "ProjectNative"
    })
    expect(loadFileConfig(configPaths({ HOME: h }, p, false), {}).config.browser).toMatchObject({ profile: "Own" })
  })

  it("report a broken file without failing", () => {
    const broken = join(temp.root, "broken.json")
    writeFileSync(broken, "{ not json")
    const loaded = loadFileConfig([broken], {})
    expect(loaded.problems[0]).toContain("not JSON")
    expect(loaded.config).toEqual({})
  })

  it("keep the rest of a file whose security or secrets section is malformed (the security config reports those)", () => {
    const mixed = join(temp.root, "mixed.json")
    writeFileSync(
      mixed,
      JSON.stringify({ browser: { profile: "Mixed" }, security: { evl: "deny" }, secrets: { "1bad": "$APP_HOST" } })
    )
    const loaded = loadFileConfig([mixed], { APP_HOST: "app.test" })
    expect(loaded).toEqual({ config: { browser: { profile: "Mixed" } }, sources: [mixed], problems: [] })
  })

  it("feed settings, with environment variables winning", () => {
    expect(configFromEnv({ HOME: home }).idleTimeoutMs).toBe(120000)
    expect(configFromEnv({ HOME: home, PI_AGENT_BROWSER_IDLE_TIMEOUT_MS: "5000" }).idleTimeoutMs).toBe(5000)
    expect(configFromEnv({ HOME: home, PI_AGENT_BROWSER_CONFIG: override }).sessionArtifactMaxBytes).toBe(1048576)
  })

  it("W6: the first launch uses the trusted project's and the global defaults; later calls re-send them, no relaunch", async () => {
    const call = { piSessionId: "cfg", cwd: project, projectTrusted: true }
    const run = Effect.gen(function* () {
      const first = yield* runToResult({ args: ["open", "http://app.test/"] }, call)
      const second = yield* runToResult({ args: ["get", "url"] }, call)
      return { first, second, requests: yield* (yield* FakeAgentBrowser).requests }
    })
    const { first, second, requests } = await Effect.runPromise(
      Effect.scoped(
        Effect.provide(
          run,
          fakeLayer(
            temp.root,
            [
              openBatch({ url: "http://app.test/", title: "A" }),
              { reply: FakeAgentBrowser.ok({ url: "http://app.test/", title: "A" }), repeat: true }
            ],
            { env: { HOME: home, PATH: "/fake", APP_HOST: "app.test" } }
          )
        )
      )
    )
    const defaults = ["--profile", "Work", "--allowed-domains", "app.test"]
    const opened = requests.find((r) => runsOpen(r))
    expect(opened?.args.slice(opened.args.indexOf("--session") + 2, opened.args.indexOf("--session") + 6)).toEqual(
      defaults
    )
    expect(first.content[0]?.type === "text" && first.content[0].text).toMatch(
      /Launched with configured browser defaults \(.*config\.json.*\): --profile Work --allowed-domains app\.test\./
    )
    expect(first.details.browserDefaults?.flags).toEqual(defaults)
    expect(first.details.nextActions?.some((a) => a.id === "retry-with-fresh-session")).toBe(false)
    // the next call re-sends the session's launch flags, so upstream does not relaunch the browser
    const read = requests.filter((r) => !runsOpen(r)).at(-1)
    expect(read?.args.join(" ")).toContain(defaults.join(" "))
    expect(second.details.browserDefaults).toBeUndefined()
  })

  it("W6: a later call that repeats the first call's flag is not a relaunch; another value still needs a fresh session", async () => {
    const call = { piSessionId: "cfg-repeat", cwd: project, projectTrusted: true }
    const run = Effect.gen(function* () {
      yield* runToResult({ args: ["--profile", "Work", "open", "http://app.test/"] }, call)
      const repeated = yield* runToResult({ args: ["--profile", "Work", "get", "url"] }, call)
      const other = yield* runToResult({ args: ["--profile", "Other", "get", "url"] }, call)
      return { repeated, other, requests: yield* (yield* FakeAgentBrowser).requests }
    })
    const { repeated, other, requests } = await Effect.runPromise(
      Effect.scoped(
        Effect.provide(
          run,
          fakeLayer(
            temp.root,
            [
              openBatch({ url: "http://app.test/", title: "A" }),
              { reply: FakeAgentBrowser.ok({ url: "http://app.test/", title: "A" }), repeat: true }
            ],
            { env: { HOME: home, PATH: "/fake", APP_HOST: "app.test" } }
          )
        )
      )
    )
    expect(repeated.isError, JSON.stringify(repeated.content)).toBe(false)
    const read =
      requests
        .filter((r) => !runsOpen(r))
        .at(-1)
        ?.args.join(" ") ?? ""
    expect(read).toContain("--profile Work --allowed-domains app.test")
    expect(read.match(/--profile/g)).toHaveLength(1)
    expect(other.details.failureCategory).toBe("validation-error")
  })

  it("W6: a flag the call gives wins over its default; a call that chooses its own browser gets none", async () => {
    const call = { piSessionId: "cfg-own", cwd: project, projectTrusted: true }
    const run = (args: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const result = yield* runToResult({ args: [...args], sessionMode: "fresh" }, call)
        return { result, requests: yield* (yield* FakeAgentBrowser).requests }
      })
    const layer = () =>
      fakeLayer(
        temp.root,
        [
          openBatch({ url: "http://app.test/", title: "A" }, undefined, true),
          { reply: FakeAgentBrowser.ok({ url: "http://app.test/", title: "A" }), repeat: true }
        ],
        { env: { HOME: home, PATH: "/fake", APP_HOST: "app.test" } }
      )
    const own = await Effect.runPromise(
      Effect.scoped(Effect.provide(run(["--profile", "QA", "open", "http://app.test/"]), layer()))
    )
    expect(own.result.details.browserDefaults?.flags).toEqual(["--allowed-domains", "app.test"])
    expect(own.requests.find((r) => runsOpen(r))?.args.filter((t) => t === "--profile")).toHaveLength(1)
    const cdp = await Effect.runPromise(
      Effect.scoped(Effect.provide(run(["--cdp", "9222", "open", "http://app.test/"]), layer()))
    )
    expect(cdp.result.details.browserDefaults).toBeUndefined()
    expect(cdp.requests.find((r) => runsOpen(r))?.args).not.toContain("--profile")
  })
})
