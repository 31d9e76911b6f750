/**
 * pi lifecycle through the SDK, in process (pi 0.87.1): reload keeps following the same browser, moving to an
 * older point of the session tree restores that branch's managed session, and disposing the session (quit) leaves
 * no agent-browser daemon, Chromium or private temp dir behind.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { REPO } from "../../scripts/lib/runPi.mjs"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { CHROMIUM_ARGS, chromiumPath, TEST_MARKER } from "../support/liveEnv.js"
import { processesMentioning } from "../support/processes.js"

type Any = any // the SDK is loaded dynamically (pi needs node >= 22.19); its types are pi's own

let site: StaticServer
let root: string
const saved = new Map<string, string | undefined>()
const setEnv = (key: string, value: string) => {
  if (!saved.has(key)) saved.set(key, process.env[key])
  process.env[key] = value
}

beforeAll(async () => {
  site = await startStaticServer(join(REPO, "fixtures/site"))
  root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}sdk-`))
  for (const d of ["home", "agent", "sock", "artifacts", "tmp"]) mkdirSync(join(root, d), { recursive: true })
  // the extension reads its settings from the environment of the process it runs in: this one
  setEnv("PI_AGENT_BROWSER_SOCKET_DIR", join(root, "sock"))
  setEnv("PI_AGENT_BROWSER_ARTIFACT_DIR", join(root, "artifacts"))
  setEnv("PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR", join(root, "session-artifacts"))
  setEnv("AGENT_BROWSER_ARGS", CHROMIUM_ARGS)
  setEnv("AGENT_BROWSER_NO_VERSION_CHECK", "1")
  setEnv("TMPDIR", join(root, "tmp"))
  setEnv("PATH", `${join(REPO, "node_modules/.bin")}:${process.env["PATH"] ?? ""}`)
  const chromium = chromiumPath()
  if (chromium !== undefined) setEnv("AGENT_BROWSER_EXECUTABLE_PATH", chromium)
})

afterAll(async () => {
  await site?.close()
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  rmSync(root, { recursive: true, force: true })
})

describe("pi lifecycle (SDK)", () => {
  it("reload follows the same browser, the tree restores a branch's managed session, dispose cleans up", async () => {
    const sdk: Any = await import("@earendil-works/pi-coding-agent")
    const ai: Any = await import("@earendil-works/pi-ai")
    const faux = ai.fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] })
    const cwd = join(root, "home")
    const agentDir = join(root, "agent")
    const settingsManager = sdk.SettingsManager.inMemory()
    const resourceLoader = new sdk.DefaultResourceLoader({
      cwd,
      agentDir,
      settingsManager,
      noExtensions: true,
      noSkills: true,
      noContextFiles: true,
      noPromptTemplates: true,
      noThemes: true,
      additionalExtensionPaths: [REPO],
      extensionFactories: [(pi: Any) => pi.registerProvider(faux.provider)]
    })
    await resourceLoader.reload()
    const modelRuntime = await sdk.ModelRuntime.create({
      authPath: join(agentDir, "auth.json"),
      modelsPath: join(agentDir, "models.json")
    })
    const sessionManager = sdk.SessionManager.create(cwd, join(agentDir, "sessions"))
    const { session } = await sdk.createAgentSession({
      cwd,
      agentDir,
      modelRuntime,
      settingsManager,
      resourceLoader,
      sessionManager
    })
    // bindings as pi's own modes set them (an error listener, a shutdown handler): without them pi skips session_start
    // on reload
    const extensionErrors: Array<unknown> = []
    await session.bindExtensions({
      mode: "print",
      onError: (e: unknown) => extensionErrors.push(e),
      shutdownHandler: () => undefined
    })
    await session.setModel(modelRuntime.getModel("faux", "faux-1"))
    const ends: Array<Any> = []
    const subscribe = (s: Any) =>
      s.subscribe((e: Any) => {
        if (e.type === "tool_execution_end") ends.push(e)
      })
    subscribe(session)
    const call = (args: Record<string, unknown>, id: string) =>
      ai.fauxAssistantMessage([ai.fauxToolCall("agent_browser", args, { id })], { stopReason: "toolUse" })

    faux.setResponses([
      call({ args: ["open", `${site.origin}/article.html`] }, "c0"),
      call({ args: ["snapshot"] }, "c0b"),
      call({ args: ["open", `${site.origin}/index.html`] }, "c1"),
      call({ args: ["snapshot", "-i"] }, "c1b"),
      ai.fauxAssistantMessage("opened")
    ])
    await session.prompt("open the page")
    const spill = ends.at(-3).result.details.fullOutputPath as string
    expect(existsSync(spill)).toBe(true)
    const first = ends.at(-2).result.details
    expect(first.resultCategory).toBe("success")
    expect(ends.at(-1).result.details.refSnapshot).toMatchObject({ session: first.sessionName, refCount: 5 })

    await session.reload()
    expect(existsSync(spill)).toBe(true) // a spill path from before the reload still opens after it
    // the branch's refs came back with it: a ref that snapshot never had is refused before upstream runs
    faux.setResponses([call({ args: ["click", "@e999"] }, "c1c"), ai.fauxAssistantMessage("refused")])
    await session.prompt("click a made-up ref")
    expect(ends.at(-1).result.details.error).toContain("not in the latest snapshot")
    faux.setResponses([call({ args: ["get", "url"] }, "c2"), ai.fauxAssistantMessage("ok")])
    await session.prompt("where are we")
    const afterReload = ends.at(-1).result
    expect(afterReload.details.sessionName).toBe(first.sessionName)
    expect(afterReload.content[0].text).toBe(`${site.origin}/index.html`)

    const branchPoint = sessionManager
      .getEntries()
      .filter((e: Any) => e.type === "message" && e.message?.role === "toolResult")
      .at(-1).id
    faux.setResponses([
      call({ args: ["open", `${site.origin}/about.html`], sessionMode: "fresh" }, "c3"),
      ai.fauxAssistantMessage("fresh")
    ])
    await session.prompt("start over in a fresh browser")
    const fresh = ends.at(-1).result.details
    expect(fresh.sessionName).not.toBe(first.sessionName)

    await session.navigateTree(branchPoint)
    faux.setResponses([
      call({ args: ["get", "title"] }, "c4"),
      call({ args: ["click", "@e998"] }, "c5"),
      ai.fauxAssistantMessage("ok")
    ])
    await session.prompt("back on the old branch")
    expect(ends.at(-2).result.details.sessionName).toBe(first.sessionName)
    // that branch's ref map is back too: the guard judges refs against the snapshot taken on it
    expect(ends.at(-1).result.details.error).toMatch(/not in the latest snapshot|came from/)

    // what pi's runtime does on quit (AgentSessionRuntime.dispose): session_shutdown "quit", then dispose
    await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" })
    session.dispose()
    let left = processesMentioning(root)
    for (let i = 0; i < 20 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200))
      left = processesMentioning(root)
    }
    expect(left).toEqual([])
    expect(extensionErrors).toEqual([])
    expect(existsSync(join(root, "artifacts")) ? readdirSync(join(root, "artifacts")) : []).toEqual([])
  }, 90_000)
})
