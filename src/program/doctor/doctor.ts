/**
 * The package doctor (read-only): is agent-browser found and in range, which Chrome/Chromium a call would launch and
 * does it start (and why not: the same classification and advice as a failed call), is
 * ffmpeg there for recordings, which pi runs this, is this package loaded from more than one source in pi's
 * settings, which security policy and secrets (names and origins only) apply, which platform and process table the
 * process guarantees rest on, and whether a session's socket fits the socket folder. Each finding says how to fix it.
 */
import { existsSync, readFileSync } from "node:fs"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import type { ResolvedBinary } from "../../services/BinaryLocator.js"
import type { MissingBinary } from "../../schema/ToolError.js"
import type { PoolSettings } from "../../domain/Pool.js"
import { SessionLock } from "../../services/SessionLock.js"
import { SUPPORTED_RANGE, ToolConfig } from "../../services/ToolConfig.js"
import { findExecutable } from "../../os/nativeBinary.js"
import { configPaths, loadFileConfig } from "../../config/fileConfig.js"
import { browserCheck, type DoctorCheck } from "./browserCheck.js"
import { processTableCheck, socketFolderCheck } from "./platformCheck.js"
import { doctorSecurity } from "./securityCheck.js"

export type { DoctorCheck } from "./browserCheck.js"

export const PACKAGE_NAME = "pi-agent-browser-effect"
const CHROME_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
]

const readJson = (path: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, "utf8"))
  } catch {
    return undefined
  }
}

/** Entries of pi's settings `packages`/`extensions` that point at this package. */
export const packageSources = (settingsFiles: ReadonlyArray<string>): ReadonlyArray<string> =>
  settingsFiles.flatMap((file) => {
    const settings = readJson(file) as Record<string, unknown> | undefined
    if (settings === undefined) return []
    return ["packages", "extensions"].flatMap((key) => {
      const list = settings[key]
      return Array.isArray(list)
        ? list
            .map((e) => (typeof e === "string" ? e : JSON.stringify(e)))
            .filter((e) => e.includes(PACKAGE_NAME) || e.includes("agent-browser"))
            .map((e) => `${file}: ${e}`)
        : []
    })
  })

/** The pi version that runs this, from the CLI's package.json (best effort). */
const piVersion = (): string | undefined => {
  let dir = dirname(process.argv[1] ?? "")
  for (let i = 0; i < 6 && dir !== dirname(dir); i++, dir = dirname(dir)) {
    const pkg = readJson(join(dir, "package.json")) as { name?: string; version?: string } | undefined
    if (pkg?.name?.endsWith("pi-coding-agent") === true) return pkg.version
  }
  return undefined
}

/** agent-browser: found and in range (a Node launcher is slower), or why not and how to install it. */
const binaryCheck = (binary: Either.Either<ResolvedBinary, MissingBinary>): DoctorCheck => {
  if (Either.isRight(binary)) {
    const launcher = binary.right.viaLauncher ? " (Node launcher: ~85 ms slower per call)" : ""
    return {
      id: "agent-browser",
      status: binary.right.viaLauncher ? "warn" : "pass",
      message: `agent-browser ${binary.right.version} at ${binary.right.path}${launcher}`,
      ...(binary.right.viaLauncher
        ? { fix: "reinstall agent-browser so its platform binary sits beside the launcher" }
        : {})
    }
  }
  const e = binary.left
  return {
    id: "agent-browser",
    status: "fail",
    message:
      e.reason === "unsupported-version"
        ? `agent-browser ${e.foundVersion ?? "?"} is outside ${SUPPORTED_RANGE.label}`
        : `agent-browser ${e.reason === "not-found" ? "not found on PATH" : "cannot start"}`,
    fix: "npm install -g agent-browser@0.41 (this package does not bundle it)"
  }
}

/** ffmpeg on PATH, which `record stop` needs to encode. */
const ffmpegCheck = (path: string | undefined): DoctorCheck =>
  findExecutable("ffmpeg", path) !== undefined
    ? { id: "ffmpeg", status: "pass", message: "ffmpeg found (record start/stop)" }
    : {
        id: "ffmpeg",
        status: "info",
        message: "ffmpeg not on PATH: recordings will not encode",
        fix: "install ffmpeg if you use record start/stop"
      }

/** The config files read, or their problems. */
const configCheck = (loaded: ReturnType<typeof loadFileConfig>): DoctorCheck =>
  loaded.problems.length > 0
    ? {
        id: "config",
        status: "warn",
        message: `config problems: ${loaded.problems.join("; ")}`,
        fix: "fix or remove the file"
      }
    : {
        id: "config",
        status: "info",
        message: loaded.sources.length > 0 ? `config files: ${loaded.sources.join(", ")}` : "no config files (optional)"
      }

/** This package configured more than once in pi's settings (two tools would be registered). */
const duplicatesCheck = (sources: ReadonlyArray<string>): DoctorCheck =>
  sources.length > 1
    ? {
        id: "duplicates",
        status: "warn",
        message: `agent_browser is configured ${sources.length} times: ${sources.join("; ")}`,
        fix: "keep one source, or two agent_browser tools will be registered"
      }
    : { id: "duplicates", status: "pass", message: `configured sources: ${sources.length}` }

/** Whether one call per session holds across pi processes (the native lock is there). */
const lockCheck = (lock: SessionLock["Type"]): DoctorCheck => ({
  id: "lock",
  status: lock.crossProcess ? "pass" : "warn",
  message: `one call per browser session across pi processes: ${lock.mechanism}`,
  ...(lock.crossProcess
    ? {}
    : {
        fix:
          "reinstall this package so its dependency fs-native-extensions " +
          "(prebuilt for Linux, macOS and Windows) is present"
      })
})

/** The browser pool managed sessions launch in, and where its token comes from. */
const poolCheck = (pool: PoolSettings): DoctorCheck => {
  const provider = pool.provider !== undefined ? ` (provider ${pool.provider})` : ""
  const token = pool.token !== undefined ? ` comes from ${pool.token.label}` : " is not set"
  return {
    id: "pool",
    status: "info",
    message:
      `managed sessions launch in the browser pool set by ${pool.endpoint.label}${provider}; ` +
      `its token${token} (docs/POOLS.md)`
  }
}

export const runDoctor = (cwd: string, options: { readonly launchTest: boolean } = { launchTest: true }) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const locator = yield* BinaryLocator
    const checks: Array<DoctorCheck> = []
    const binary = yield* Effect.either(locator.resolve)
    checks.push(binaryCheck(binary))
    // which browser a call would launch, and (with agent-browser there) whether it starts and why not
    checks.push(
      yield* browserCheck(
        CHROME_PATHS.find((p) => existsSync(p)),
        options.launchTest && Either.isRight(binary)
      )
    )
    // Running as root needs no check of its own: agent-browser 0.41 passes --no-sandbox itself, and a browser that
    // still cannot start is the launch test's finding, explained by the same advice as a failed call.
    checks.push(ffmpegCheck(config.env["PATH"]))
    checks.push(configCheck(loadFileConfig(configPaths(config.env, cwd, true), config.env)))
    checks.push(...doctorSecurity({ paths: configPaths(config.env, cwd, true), env: config.env, cwd }))
    const version = piVersion()
    checks.push({ id: "pi", status: "info", message: version !== undefined ? `pi ${version}` : "pi version unknown" })
    const agentDir = config.env["PI_CODING_AGENT_DIR"] ?? join(config.env["HOME"] ?? homedir(), ".pi", "agent")
    checks.push(duplicatesCheck(packageSources([join(agentDir, "settings.json"), join(cwd, ".pi", "settings.json")])))
    checks.push(yield* processTableCheck, socketFolderCheck(config))
    checks.push(lockCheck(yield* SessionLock))
    if (config.pool !== undefined) checks.push(poolCheck(config.pool))
    return checks
  })

const STATUS_MARK = { pass: "✓", warn: "⚠", fail: "✗", info: "·" } as const

export const formatDoctor = (checks: ReadonlyArray<DoctorCheck>): string =>
  checks
    .map((c) => `${STATUS_MARK[c.status]} ${c.message}${c.fix !== undefined ? `\n    fix: ${c.fix}` : ""}`)
    .join("\n")
