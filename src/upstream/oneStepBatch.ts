/**
 * A single command run as the one step of a stdin-form batch, so a process started ahead can run it (ProcessRunner
 * `startsAhead`; a plain command acts as soon as it starts). agent-browser 0.41 gives a batch row the standalone
 * command's `data` as its `result` (lifecycle included, a held action's `confirmation_required` too) and its error
 * text and `code`; its answer is turned back into the command's own envelope, so everything after the runner reads
 * it as before. Only commands checked side by side on the real binary (test/integration/oneStepCommands.test.ts),
 * and none that reads stdin, names a file or manages tabs, dialogs or the session. Pure.
 */
import { parseCommandLine } from "./commandLine.js"
import { parseJsonLossless } from "./wire.js"

/** Queries, and actions on the current page, that answer the same alone or as a batch step. */
export const ONE_STEP_COMMANDS: ReadonlySet<string> = new Set([
  "get",
  "is",
  "press",
  "wait",
  "hover",
  "focus",
  "check",
  "uncheck",
  "select",
  "scrollintoview",
  "type",
  "fill",
  "keyboard"
])

/**
 * A command's argv as a one-step batch: its global flags (wherever they stood) then `batch --omit-command --bail`,
 * and the step (the command's own tokens); undefined for anything else (and for `wait --download`, which saves a file).
 */
export const oneStepBatchOf = (
  argv: ReadonlyArray<string>
): { readonly args: ReadonlyArray<string>; readonly step: ReadonlyArray<string> } | undefined => {
  const line = parseCommandLine(argv)
  if (
    line.command === undefined ||
    !ONE_STEP_COMMANDS.has(line.command) ||
    argv.some((t) => t === "--download" || t.startsWith("--download="))
  )
    return undefined
  const global = new Set<number>()
  for (const f of line.flags) {
    global.add(f.index)
    if (f.value !== undefined && !(line.argv[f.index] ?? "").includes("=")) global.add(f.index + 1)
  }
  return {
    args: [...argv.filter((_, i) => global.has(i)), "batch", "--omit-command", "--bail"],
    step: line.positionals
  }
}

/**
 * The one step's row as the command's own envelope (`{success, data, error, warning?, code?}`); any other answer
 * (an envelope outside rows: the browser could not start) is the command's answer as it is.
 */
export const envelopeOfOneStep = (stdout: string): string => {
  let rows: unknown
  try {
    // lossless: an unsafe integer (a lifecycle's launchHash) stays the string the envelope's reader would make it
    rows = parseJsonLossless(stdout)
  } catch {
    return stdout
  }
  if (!Array.isArray(rows) || rows.length !== 1) return stdout
  const row = rows[0] as Record<string, unknown> | null
  if (row === null || typeof row !== "object" || typeof row["success"] !== "boolean") return stdout
  return `${JSON.stringify({
    success: row["success"],
    data: row["result"] ?? null,
    error: row["error"] ?? null,
    ...(typeof row["warning"] === "string" ? { warning: row["warning"] } : {}),
    ...(typeof row["code"] === "string" ? { code: row["code"] } : {})
  })}\n`
}
