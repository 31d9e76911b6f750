// pi's lifecycle through its SDK, in process, for the pi installed at argv[2] (its package folder): run by
// test/e2e/lifecycle.test.ts under node 24 (pi needs node >= 22.19), the browser's folders in its environment.
// It drives a scripted faux model through reload, a tree navigation and quit, and prints what it saw as one JSON line;
// the test judges it (and the processes left) from outside.
//   node sdkLifecycle.mjs <pi package dir> <site origin> <root: its home/, agent/ and artifacts/ folders>
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

const [piDir, origin, root] = process.argv.slice(2)
const REPO = join(import.meta.dirname, "../..")
const cwd = join(root, "home")
const agentDir = join(root, "agent")
const artifactsDir = join(root, "artifacts")
/** pi-ai beside the SDK (an aliased pi has its own), else the one at the top. */
const ownAi = join(piDir, "node_modules/@earendil-works/pi-ai/dist/index.js")
const aiEntry = existsSync(ownAi) ? ownAi : join(REPO, "node_modules/@earendil-works/pi-ai/dist/index.js")
const sdk = await import(pathToFileURL(join(piDir, "dist/index.js")).href)
const ai = await import(pathToFileURL(aiEntry).href)

const faux = ai.fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] })
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
  extensionFactories: [(pi) => pi.registerProvider(faux.provider)]
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
const extensionErrors = []
await session.bindExtensions({
  mode: "print",
  onError: (e) => extensionErrors.push(String(e?.error ?? e)),
  shutdownHandler: () => undefined
})
await session.setModel(modelRuntime.getModel("faux", "faux-1"))
const ends = []
session.subscribe((e) => {
  if (e.type === "tool_execution_end") ends.push(e)
})
const call = (args, id) =>
  ai.fauxAssistantMessage([ai.fauxToolCall("agent_browser", args, { id })], { stopReason: "toolUse" })
const details = (end) => end?.result?.details ?? {}
const seen = {}

faux.setResponses([
  call({ args: ["open", `${origin}/article.html`] }, "c0"),
  call({ args: ["snapshot"] }, "c0b"),
  call({ args: ["open", `${origin}/index.html`] }, "c1"),
  call({ args: ["snapshot", "-i"] }, "c1b"),
  ai.fauxAssistantMessage("opened")
])
await session.prompt("open the page")
const spill = details(ends.at(-3)).fullOutputPath
seen.spillBefore = existsSync(spill)
seen.first = { resultCategory: details(ends.at(-2)).resultCategory, sessionName: details(ends.at(-2)).sessionName }
seen.refSnapshot = details(ends.at(-1)).refSnapshot

await session.reload()
seen.spillAfterReload = existsSync(spill)
// the branch's refs came back with it: a ref that snapshot never had is refused before upstream runs
faux.setResponses([call({ args: ["click", "@e999"] }, "c1c"), ai.fauxAssistantMessage("refused")])
await session.prompt("click a made-up ref")
seen.madeUpRef = details(ends.at(-1)).error
faux.setResponses([call({ args: ["get", "url"] }, "c2"), ai.fauxAssistantMessage("ok")])
await session.prompt("where are we")
seen.afterReload = { sessionName: details(ends.at(-1)).sessionName, text: ends.at(-1)?.result?.content?.[0]?.text }

const branchPoint = sessionManager
  .getEntries()
  .filter((e) => e.type === "message" && e.message?.role === "toolResult")
  .at(-1).id
faux.setResponses([
  call({ args: ["open", `${origin}/about.html`], sessionMode: "fresh" }, "c3"),
  ai.fauxAssistantMessage("fresh")
])
await session.prompt("start over in a fresh browser")
seen.fresh = details(ends.at(-1)).sessionName

await session.navigateTree(branchPoint)
faux.setResponses([
  call({ args: ["get", "title"] }, "c4"),
  call({ args: ["click", "@e998"] }, "c5"),
  ai.fauxAssistantMessage("ok")
])
await session.prompt("back on the old branch")
seen.branch = { sessionName: details(ends.at(-2)).sessionName, staleRef: details(ends.at(-1)).error }

// what pi's runtime does on quit (AgentSessionRuntime.dispose): session_shutdown "quit", then dispose
await session.extensionRunner.emit({ type: "session_shutdown", reason: "quit" })
session.dispose()
seen.extensionErrors = extensionErrors
seen.artifactsLeft = existsSync(artifactsDir) ? readdirSync(artifactsDir) : []
process.stdout.write(`${JSON.stringify(seen)}\n`)
