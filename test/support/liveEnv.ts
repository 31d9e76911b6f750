/**
 * A private world for tests against the real agent-browser: temp HOME, TMPDIR, socket and artifact dirs, PATH with
 * this repo's node_modules/.bin, and Chromium flags that work as root on a closed network. `dispose` closes every
 * session it started, then proves no daemon or Chromium with its marker survived, and removes the directories.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { ToolConfigShape } from "../../src/services/ToolConfig.js"
import { killAll, processesMentioning } from "./processes.js"
import { testConfig } from "./fakeHarness.js"

export const REPO = resolve(import.meta.dirname, "../..")
export const NATIVE_BINARY = join(
  REPO,
  "node_modules/agent-browser/bin",
  `agent-browser-${process.platform}-${process.arch}`
)
/**
 * Prefix of every temp root a test run makes: processes and folders that mention it are this run's. The global setup
 * picks one id per run and workers inherit it, so concurrent runs on one machine never reap each other's browsers.
 */
export const TEST_MARKER = `piab-test-${process.env["PIAB_TEST_RUN"] ?? "x"}-`

export const CHROMIUM_ARGS =
  "--no-sandbox,--disable-gpu,--disable-dev-shm-usage,--disable-background-networking,--disable-component-update,--disable-sync,--no-first-run"

/** The flags a Chromium a test starts itself gets first: headless, root-safe, no first run, no network chatter. */
export const HEADLESS_CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--no-first-run",
  "--disable-background-networking"
] as const

export interface LiveEnv {
  readonly root: string
  readonly env: Record<string, string>
  readonly config: ToolConfigShape
  /** Runs the native binary directly with this world's environment (for assertions). */
  readonly raw: (args: ReadonlyArray<string>) => string
  /** The environment `raw` runs the binary with (for a run that needs stdin). */
  readonly rawEnv: Record<string, string>
  readonly dispose: () => Promise<void>
}

const baseEnv = (): Record<string, string> => {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("AGENT_BROWSER_") && !k.startsWith("PI_AGENT_BROWSER_")) env[k] = v
  return env
}

export const chromiumPath = (): string | undefined =>
  ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => existsSync(p))

export const makeLiveEnv = (
  overrides: Partial<ToolConfigShape> = {},
  extraEnv: Record<string, string> = {}
): LiveEnv => {
  const root = mkdtempSync(join(tmpdir(), TEST_MARKER))
  for (const d of ["home", "tmp", "s", "artifacts"]) mkdirSync(join(root, d), { recursive: true })
  const chromium = chromiumPath()
  const env: Record<string, string> = {
    ...baseEnv(),
    PATH: `${join(REPO, "node_modules/.bin")}:${process.env["PATH"] ?? ""}`,
    HOME: join(root, "home"),
    TMPDIR: join(root, "tmp"),
    AGENT_BROWSER_ARGS: CHROMIUM_ARGS,
    AGENT_BROWSER_NO_VERSION_CHECK: "1",
    ...(chromium !== undefined ? { AGENT_BROWSER_EXECUTABLE_PATH: chromium } : {}),
    // the process table a run chose (the `ps` run of the fault suites: test/integration/psTable.test.ts)
    ...(process.env["PI_AGENT_BROWSER_PROCESS_TABLE"] !== undefined
      ? { PI_AGENT_BROWSER_PROCESS_TABLE: process.env["PI_AGENT_BROWSER_PROCESS_TABLE"] }
      : {}),
    ...extraEnv
  }
  const config: ToolConfigShape = testConfig(root, { idleTimeoutMs: 180_000, env, sessionPrefix: "t", ...overrides })
  const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
  const raw = (args: ReadonlyArray<string>) =>
    execFileSync(NATIVE_BINARY, [...args], {
      env: rawEnv,
      encoding: "utf8",
      timeout: 30_000,
      stdio: ["ignore", "pipe", "pipe"]
    })
  return {
    root,
    env,
    config,
    raw,
    rawEnv,
    dispose: async () => {
      try {
        execFileSync(NATIVE_BINARY, ["--json", "close", "--all"], {
          env: { ...baseEnv(), AGENT_BROWSER_SOCKET_DIR: config.socketDir, HOME: env["HOME"] ?? "" },
          timeout: 30_000,
          stdio: "ignore"
        })
      } catch {
        // reported below if anything survived
      }
      let leaked = processesMentioning(root)
      for (let i = 0; i < 20 && leaked.length > 0; i++) {
        await new Promise((r) => setTimeout(r, 250))
        leaked = processesMentioning(root)
      }
      killAll(leaked)
      rmSync(root, { recursive: true, force: true })
      if (leaked.length > 0)
        throw new Error(`processes outlived their test world: ${leaked.map((p) => `${p.pid} ${p.command}`).join("; ")}`)
    }
  }
}
