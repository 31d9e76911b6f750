/**
 * The thin pi entry: it registers both tools and the hooks without the Effect graph, its generated parameter schemas
 * match the Effect Schemas, and its forwarders cover every hook `registerHooks` declares.
 */
import { describe, expect, it } from "@effect/vitest"
import { build } from "esbuild"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Layer from "effect/Layer"
import agentBrowserExtension from "../../src/extension.js"
import { registerHooks } from "../../src/pi/hooks.js"
import { branchHasResults, HOOK_COMMANDS, HOOK_EVENTS } from "../../src/pi/lazyGraph.js"
import { agentBrowserParameters, webSearchParameters } from "../../src/pi/toolParameters.generated.js"
import { PROVIDER_ENV_KEYS, mayOfferWebSearch } from "../../src/pi/webSearchGate.js"
import { toolInputJsonSchema } from "../../src/schema/ToolInput.js"
import { webSearchJsonSchema } from "../../src/schema/WebSearchContract.js"
import { ENV_FALLBACK } from "../../src/search/chooseProvider.js"

const ROOT = resolve(import.meta.dirname, "../..")

const recordingPi = () => {
  const tools: Array<Record<string, unknown>> = []
  const events: Array<string> = []
  const commands: Array<{ name: string; description: unknown }> = []
  const pi = {
    registerTool: (tool: Record<string, unknown>) => void tools.push(tool),
    on: (event: string) => void events.push(event),
    registerCommand: (name: string, options: { description?: unknown }) =>
      void commands.push({ name, description: options.description })
  }
  return { pi, tools, events, commands }
}

describe("thin pi entry", () => {
  it("the generated parameter schemas are the Effect Schemas' JSON Schemas (npm run build regenerates them)", () => {
    expect(agentBrowserParameters).toEqual(toolInputJsonSchema())
    expect(webSearchParameters).toEqual(webSearchJsonSchema())
  })

  it("registers agent_browser (sequential) and forwarders for every hook and command registerHooks declares", () => {
    const thin = recordingPi()
    agentBrowserExtension(thin.pi as never)
    expect(thin.tools.map((t) => [t["name"], t["executionMode"]])).toEqual([["agent_browser", "sequential"]])
    const full = recordingPi()
    const runtime = ManagedRuntime.make(Layer.empty)
    registerHooks(full.pi as never, runtime as never)
    expect([...new Set(full.events)].sort()).toEqual([...HOOK_EVENTS].sort())
    expect(thin.events.sort()).toEqual([...HOOK_EVENTS].sort())
    expect(full.commands).toEqual(HOOK_COMMANDS)
    expect(thin.commands).toEqual(HOOK_COMMANDS)
  })

  it("the entry's static import closure holds no Effect module; the graph is a separate chunk", async () => {
    const out = await build({
      absWorkingDir: ROOT,
      entryPoints: { extension: "src/extension.ts" },
      bundle: true,
      platform: "node",
      format: "esm",
      splitting: true,
      outdir: "/virtual",
      write: false,
      metafile: true,
      external: ["@earendil-works/*", "typebox"],
      logLevel: "silent"
    })
    const outputs = out.metafile.outputs
    const entry = Object.keys(outputs).find((k) => outputs[k]?.entryPoint === "src/extension.ts")
    const seen = new Set<string>()
    const visit = (file: string): void => {
      if (seen.has(file)) return
      seen.add(file)
      for (const imp of outputs[file]?.imports ?? [])
        if (imp.kind === "import-statement" && !imp.external) visit(imp.path)
    }
    visit(entry ?? "")
    const eager = [...seen].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
    expect(eager.length).toBeGreaterThan(0)
    expect(
      eager.filter((input) => input.includes("node_modules/effect") || input.includes("node_modules/@effect"))
    ).toEqual([])
    expect(eager.filter((input) => /src\/(layers|program|services)\//.test(input))).toEqual([])
    const lazy = Object.values(outputs).flatMap((o) => Object.keys(o.inputs))
    expect(lazy.some((input) => input.includes("node_modules/effect"))).toBe(true)
  })

  it("the web search pre-check is false only when no key is in the environment and no config layer mentions webSearch", () => {
    expect([...PROVIDER_ENV_KEYS].sort()).toEqual(Object.values(ENV_FALLBACK).sort())
    const home = mkdtempSync(join(tmpdir(), "piab-gate-"))
    try {
      expect(mayOfferWebSearch({ HOME: home }, home)).toBe(false)
      expect(mayOfferWebSearch({ HOME: home, EXA_API_KEY: "  " }, home)).toBe(false)
      expect(mayOfferWebSearch({ HOME: home, BRAVE_API_KEY: "k" }, home)).toBe(true)
      const file = join(home, "custom.json")
      writeFileSync(file, JSON.stringify({ browser: { profile: "p" } }))
      expect(mayOfferWebSearch({ HOME: home, PI_AGENT_BROWSER_CONFIG: file }, home)).toBe(false)
      writeFileSync(file, JSON.stringify({ webSearch: { exaApiKey: "$MY_KEY" } }))
      expect(mayOfferWebSearch({ HOME: home, PI_AGENT_BROWSER_CONFIG: file }, home)).toBe(true)
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })

  it("a branch needs the graph at session start only when it holds an agent_browser result", () => {
    const result = (toolName: string) => ({ type: "message", message: { role: "toolResult", toolName } })
    expect(branchHasResults([])).toBe(false)
    expect(branchHasResults([null, 3, result("bash"), { type: "message", message: null }])).toBe(false)
    expect(branchHasResults([result("bash"), result("agent_browser")])).toBe(true)
  })
})
