/**
 * Turns a decoded `args` input plus the current session state into a Plan. Pure: no process, no clock, no I/O.
 * Decides session injection, launch-flag freezing, stdin rules and the child environment.
 */

import * as Either from "effect/Either"
import { isAbsolute, resolve } from "node:path"
import type { Plan, SessionRole } from "../../domain/Plan.js"
import type { SessionState } from "../../domain/SessionState.js"
import { InvalidInput } from "../../schema/ToolError.js"
import type { ToolInput } from "../../schema/ToolInput.js"
import type { ToolConfigShape } from "../../services/ToolConfig.js"
import { requestedPathIndex } from "../../upstream/artifactPaths.js"
import { flagValue, launchFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { isClose, isInspection, isRejectedServer, isSessionless, stdinPolicy } from "../../upstream/commandPolicy.js"
import { extractScreenshotOptions } from "../../upstream/screenshotOptions.js"
import { scrollFormArgs } from "../../upstream/scrollForms.js"
import { socketDirEnv } from "../../upstream/sessionFiles.js"
import { extractSnapshotOptions } from "../../upstream/snapshotOptions.js"
import { type TimeoutBudgets, watchdogFor } from "../../upstream/timeoutPolicy.js"
import { batchRowsOf, isBatchStep, parseBatchStdin } from "../../upstream/wire.js"
import { familyOfCommand } from "../families/family.js"
import { sessionOf } from "./planSession.js"

const budgetsOf = (config: ToolConfigShape): TimeoutBudgets => ({
  processMs: config.defaultTimeoutMs,
  dialogMs: config.dialogTimeoutMs,
  dialogTriggerMs: config.dialogTriggerTimeoutMs
})

/** Linux refuses one argv string of 128 KiB or more (MAX_ARG_STRLEN) and all of argv past ARG_MAX (2 MiB). */
export const MAX_ARG_BYTES = 128 * 1024 - 1
export const MAX_ARGV_BYTES = 1024 * 1024

/** Arguments the OS cannot pass to a process: refused before anything runs. */
const unpassable = (args: ReadonlyArray<string>): InvalidInput | undefined => {
  const nul = args.findIndex((a) => a.includes("\0"))
  if (nul >= 0)
    return new InvalidInput({
      field: "args",
      detail:
        `args[${nul}] contains a NUL byte, which a process argument cannot carry; remove it ` +
        "(for scripts use eval --stdin with the script in stdin)."
    })
  const sizes = args.map((a) => Buffer.byteLength(a, "utf8"))
  const big = sizes.findIndex((n) => n > MAX_ARG_BYTES)
  if (big >= 0)
    return new InvalidInput({
      field: "args",
      detail:
        `args[${big}] is ${sizes[big]} bytes; one process argument can hold at most ${MAX_ARG_BYTES}. ` +
        "Pass long scripts through eval --stdin (stdin) or batch stdin instead."
    })
  const total = sizes.reduce((a, b) => a + b, 0)
  if (total > MAX_ARGV_BYTES)
    return new InvalidInput({
      field: "args",
      detail:
        `args total ${total} bytes, more than the ${MAX_ARGV_BYTES} a command line can carry; ` +
        "pass bulk input through stdin."
    })
  return undefined
}

/** What is wrong with a batch's stdin as upstream reads it (a JSON array of argv arrays of strings), if anything. */
const batchRowsProblem = (stdin: string): string | undefined => {
  const parsed = parseBatchStdin(stdin)
  if ("problem" in parsed) return parsed.problem
  const bad = parsed.rows.findIndex((row) => !isBatchStep(row) || row.length === 0)
  return bad >= 0 ? `step ${bad} is not a non-empty array of strings` : undefined
}

const socketDirRefusal = (config: ToolConfigShape): InvalidInput | undefined =>
  config.socketDirProblem === undefined
    ? undefined
    : new InvalidInput({
        field: "environment",
        detail: `browser commands need the daemon socket folder, and ${config.socketDirProblem}.`
      })

/** `["eval","--stdin","document.title"]` → args `["eval","--stdin"]`, stdin `document.title`. */
const moveEvalTokensToStdin = (
  args: ReadonlyArray<string>,
  stdin: string | undefined
): Either.Either<{ args: ReadonlyArray<string>; stdin: string | undefined }, InvalidInput> => {
  const at = args.indexOf("--stdin")
  if (args[0] !== "eval" || at < 0 || at === args.length - 1) return Either.right({ args, stdin })
  const trailing = args.slice(at + 1)
  if (stdin !== undefined) {
    return Either.left(
      new InvalidInput({
        field: "stdin",
        detail: "eval --stdin got both trailing script tokens in args and a stdin field; put the script only in stdin."
      })
    )
  }
  return Either.right({ args: args.slice(0, at + 1), stdin: trailing.join(" ") })
}

const childEnv = (config: ToolConfigShape, role: SessionRole): Record<string, string> => {
  const env: Record<string, string> = socketDirEnv(config)
  if ((role === "managed" || role === "fresh") && config.env["AGENT_BROWSER_IDLE_TIMEOUT_MS"] === undefined) {
    env["AGENT_BROWSER_IDLE_TIMEOUT_MS"] = String(config.idleTimeoutMs)
  }
  const requested = Number(config.env["AGENT_BROWSER_DEFAULT_TIMEOUT"])
  if (Number.isFinite(requested) && requested > config.upstreamDefaultTimeoutCapMs) {
    env["AGENT_BROWSER_DEFAULT_TIMEOUT"] = String(config.upstreamDefaultTimeoutCapMs)
  }
  return env
}

/** The call's argv as it will be planned: --json taken out, scroll forms, eval's script moved, paths absolute. */
const normalizedArgs = (input: ToolInput & { readonly args: ReadonlyArray<string> }, cwd: string) =>
  Either.gen(function* () {
    const refused = unpassable(input.args)
    if (refused !== undefined) return yield* Either.left(refused)
    const args = input.args.filter((t) => t !== "--json")
    const withoutJson = args.includes("scroll") ? scrollFormArgs(args) : args
    const evalMoved = yield* moveEvalTokensToStdin(withoutJson, input.stdin)
    const output = absolutizeOutputPath(evalMoved.args, cwd)
    const snapshotFlags =
      evalMoved.args[0] === "snapshot" || parseCommandLine(output.args).command === "snapshot"
        ? extractSnapshotOptions(output.args)
        : { args: output.args, options: undefined }
    if (snapshotFlags.error !== undefined) {
      return yield* Either.left(new InvalidInput({ field: "args", detail: `snapshot ${snapshotFlags.error}` }))
    }
    const shot =
      parseCommandLine(snapshotFlags.args).command === "screenshot"
        ? extractScreenshotOptions(snapshotFlags.args)
        : { args: snapshotFlags.args, options: undefined }
    if (shot.error !== undefined) {
      return yield* Either.left(new InvalidInput({ field: "args", detail: `screenshot ${shot.error}` }))
    }
    return {
      args: shot.args,
      stdin: evalMoved.stdin,
      outputPath: output.outputPath,
      snapshotOptions: snapshotFlags.options,
      screenshotOptions: shot.options
    }
  })

const refuse = (field: "args" | "stdin" | "sessionMode", detail: string) =>
  Either.left(new InvalidInput({ field, detail }))

/** A command line the tool cannot run as asked: no command, a server, stdin it would not read, a malformed batch. */
const lineRefusal = (
  line: ReturnType<typeof parseCommandLine>,
  stdin: string | undefined,
  sessionMode: "auto" | "fresh"
): Either.Either<void, InvalidInput> => {
  if (line.command === undefined && !isInspection(line))
    return refuse("args", 'args holds flags but no agent-browser command, e.g. ["open","<url>"].')
  if (isRejectedServer(line))
    return refuse(
      "args",
      "bare `mcp` starts a server for external MCP clients and would never return; use it outside pi."
    )
  if (stdin !== undefined && stdinPolicy(line) === "forbidden")
    return refuse(
      "stdin",
      "stdin is only read by eval --stdin, batch and auth save --password-stdin, not by " +
        `\`${line.positionals.slice(0, 2).join(" ")}\`; drop stdin or change the command.`
    )
  const batch = line.command === "batch" && stdin !== undefined
  if (batch && line.positionals.slice(1).some((t) => !t.startsWith("-")))
    return refuse("stdin", "batch got both command strings in args and a stdin array; use one of them.")
  const rows = batch ? batchRowsProblem(stdin) : undefined
  if (rows !== undefined)
    return refuse(
      "stdin",
      `batch stdin ${rows}; it takes a JSON array of steps, each an argv array of strings: ` +
        '[["open","<url>"],["get","title"]].'
    )
  if (sessionMode === "fresh" && isClose(line))
    return refuse(
      "sessionMode",
      'sessionMode "fresh" launches a new browser; close needs none. Drop sessionMode to close the current one.'
    )
  return Either.void
}

export const planInvocation = (
  input: ToolInput & { readonly args: ReadonlyArray<string> },
  state: SessionState,
  config: ToolConfigShape,
  cwd: string
): Either.Either<Plan, InvalidInput> =>
  Either.gen(function* () {
    const moved = yield* normalizedArgs(input, cwd)
    const line = parseCommandLine(moved.args)
    const sessionMode = input.sessionMode ?? "auto"
    yield* lineRefusal(line, moved.stdin, sessionMode)
    const batchPaths =
      line.command === "batch" && moved.stdin !== undefined ? absolutizeBatchStdin(moved.stdin, cwd) : undefined
    const inspection = isInspection(line)
    const kind: Plan["kind"] = inspection ? "inspection" : isSessionless(line) ? "sessionless" : "browser"
    const noSocket = kind === "browser" ? socketDirRefusal(config) : undefined
    if (noSocket !== undefined) return yield* Either.left(noSocket)
    const explicitSession = flagValue(line, "--session")
    const ask = { line, args: moved.args, inputArgs: input.args, kind, sessionMode, explicitSession }
    const { role, sessionName, effective } = yield* sessionOf(ask, state)
    return {
      input,
      args: moved.args,
      line,
      kind,
      sessionMode,
      sessionRole: role,
      sessionName,
      usedImplicitSession: role === "managed" || role === "fresh",
      effectiveArgs: inspection ? effective : ["--json", ...effective],
      stdin: batchPaths?.stdin ?? moved.stdin,
      timeoutMs: input.timeoutMs ?? watchdogFor(moved.args, line, moved.stdin, budgetsOf(config)),
      env: childEnv(config, role),
      launchFlags: role === "managed" && state.managed.active ? state.managed.launchFlags : launchFlagTokens(line),
      callerRequestedJson: input.args.includes("--json"),
      cwd,
      outputPath: moved.outputPath,
      ...(batchPaths !== undefined && batchPaths.outputPaths.length > 0
        ? { batchOutputPaths: batchPaths.outputPaths }
        : {}),
      snapshotOptions: moved.snapshotOptions,
      ...(moved.screenshotOptions !== undefined ? { screenshotOptions: moved.screenshotOptions } : {}),
      compiled: { mode: "args" },
      stateEpoch: state.epoch,
      firstLaunch: role === "fresh" || (role === "managed" && !state.managed.active)
    } satisfies Plan
  })

/**
 * Relative output paths made absolute under the pi cwd, so files land where the caller looks: a direct command's
 * path, and every artifact step of a caller's raw `batch` stdin (contract F2/V2); and the files an `upload` sends,
 * which upstream hands to the browser as given (a relative path reaches the page as an empty file). Pure.
 */
/** `upload <selector> <files…>`: its files made absolute under the pi cwd (flags and the selector as they were). */
const absolutizeUploadFiles = (args: ReadonlyArray<string>, cwd: string): ReadonlyArray<string> => {
  const line = parseCommandLine(args)
  if (line.command !== "upload") return args
  let seen = -1
  const flagTokens = new Set(
    line.flags.flatMap((f) =>
      f.value !== undefined && !(args[f.index] ?? "").includes("=") ? [f.index, f.index + 1] : [f.index]
    )
  )
  return args.map((t, i) => {
    if (flagTokens.has(i)) return t
    seen++
    return seen >= 2 && !isAbsolute(t) ? resolve(cwd, t) : t
  })
}

/** One argv with its output path (if it has one) made absolute, and an upload's files. */
export const absolutizeOutputPath = (
  given: ReadonlyArray<string>,
  cwd: string
): { args: ReadonlyArray<string>; outputPath: string | undefined } => {
  const args = absolutizeUploadFiles(given, cwd)
  const line = parseCommandLine(args)
  // only a command of a family that saves files can name one (families/family.ts)
  const index = familyOfCommand(line.command).savesFiles ? requestedPathIndex(line) : undefined
  if (index === undefined) return { args, outputPath: undefined }
  const token = line.positionals[index] ?? ""
  const absolute = isAbsolute(token) ? token : resolve(cwd, token)
  // positionals keep argv order, so the n-th positional is the n-th non-flag token
  let seen = -1
  const flagTokens = new Set(
    line.flags.flatMap((f) =>
      f.value !== undefined && !(args[f.index] ?? "").includes("=") ? [f.index, f.index + 1] : [f.index]
    )
  )
  const out = args.map((t, i) => {
    if (flagTokens.has(i)) return t
    seen++
    return seen === index ? absolute : t
  })
  return { args: out, outputPath: absolute }
}

/**
 * A batch's stdin with each step's output path made absolute, and those paths (their folders are created before the
 * batch runs). Stdin that is not a JSON array of argv arrays is returned as it is (it is refused elsewhere).
 */
export const absolutizeBatchStdin = (
  stdin: string,
  cwd: string
): { stdin: string; outputPaths: ReadonlyArray<string> } => {
  const steps = batchRowsOf(stdin)
  if (steps === undefined || !steps.every(isBatchStep)) return { stdin, outputPaths: [] }
  const rows = steps.map((step) => absolutizeOutputPath(step, cwd))
  const outputPaths = rows.flatMap((r) => (r.outputPath !== undefined ? [r.outputPath] : []))
  const changed = rows.some((r, i) => r.args.some((t, j) => t !== steps[i]?.[j]))
  return changed ? { stdin: JSON.stringify(rows.map((r) => r.args)), outputPaths } : { stdin, outputPaths }
}
