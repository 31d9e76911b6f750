/**
 * Relative output paths made absolute under the pi cwd, so files land where the caller looks: a direct command's
 * path, and every artifact step of a caller's raw `batch` stdin (contract F2/V2); and the files an `upload` sends,
 * which upstream hands to the browser as given (a relative path reaches the page as an empty file). Pure.
 */
import { isAbsolute, resolve } from "node:path"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { requestedPathIndex } from "../../upstream/artifactPaths.js"
import { batchRowsOf, isBatchStep } from "../../upstream/batchSteps.js"

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
  const index = requestedPathIndex(line)
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
