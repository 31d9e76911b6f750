/**
 * Wrapper-only `snapshot` flags, stripped before upstream runs: `--search <text>` and `--filter role=<role>` narrow
 * what is shown (refs are still all recorded), `--viewport` adds where the page is scrolled, `--diff` reports refs
 * added and removed since the previous snapshot of the session, `--read <place>` gives the main content as text from
 * a section on (`14`, or `14+37`: 37 lines into §14), as a long page's view says to, `--full` shows the whole tree
 * where a repeat snapshot of the same page would show what changed (snapshotDelta.ts). `--search /re/flags` is a
 * regular expression, `--context <n>` shows n lines around each match. `-d/--depth <n>` is taken too: upstream counts
 * levels of its own tree (unnamed wrappers not counted, structural lines the view then hides counted), so `-d 1` could
 * show nothing and `-d 2` a button four levels down; the tool cuts the tree as shown at n levels instead. Pure.
 */

import { parsePlace } from "../snapshot/readingText.js"
import { parseSearch } from "../snapshot/filterSnapshot.js"
import type { SnapshotOptions } from "../domain/SnapshotOptions.js"

/** A whole number in a range, or undefined. */
const wholeIn = (value: string | undefined, min: number, max: number): number | undefined =>
  value !== undefined && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : undefined

const DEPTH_FLAGS = new Set(["-d", "--depth"])

/** `-d 3`, `--depth 3`, `--depth=3`: the value and how many tokens it took; undefined when `token` is no depth flag. */
type DepthToken = { readonly value: string | undefined; readonly taken: number }

const depthAt = (args: ReadonlyArray<string>, i: number): DepthToken | undefined => {
  const token = args[i] ?? ""
  if (DEPTH_FLAGS.has(token)) return { value: args[i + 1], taken: 2 }
  const eq = /^(--depth|-d)=(.*)$/.exec(token)
  return eq !== null ? { value: eq[2], taken: 1 } : undefined
}

type NumberFlag =
  | { readonly key: "depth" | "context"; readonly value: number; readonly taken: number }
  | { readonly error: string }

/** `-d/--depth <n>` (levels, from 1) or `--context <n>` (lines, 0-50) at `i`; undefined when `args[i]` is neither. */
const numberFlagAt = (args: ReadonlyArray<string>, i: number): NumberFlag | undefined => {
  const depth = depthAt(args, i)
  // a value that is no number is left for the flag check (prepare.ts), which offers the call without it
  if (depth !== undefined && /^\d+$/.test(depth.value ?? "")) {
    const value = wholeIn(depth.value, 1, 100)
    if (value !== undefined) return { key: "depth", value, taken: depth.taken }
    return {
      error:
        "-d/--depth takes the number of levels of the tree to show, " +
        `from 1 (the top level only), not ${depth.value}`
    }
  }
  if (args[i] !== "--context") return undefined
  const value = wholeIn(args[i + 1], 0, 50)
  if (value !== undefined) return { key: "context", value, taken: 2 }
  return { error: "--context takes the number of lines (0-50) to show before and after each --search match" }
}

const CONTEXT_ALONE =
  "--context shows lines around --search (or --filter) matches: " + "add --search <text> or --search /re/"

/** `--read <place>` at `i`: the place, or why it cannot be read. */
const readFlag = (args: ReadonlyArray<string>, i: number): { readonly value: string } | { readonly error: string } => {
  const value = args[i + 1]
  if (value === undefined || parsePlace(value) === undefined)
    return { error: "--read takes a section as the view names it: <n> or <n>+<lines>, e.g. --read 14" }
  if (args.includes("-i") || args.includes("--interactive"))
    return { error: "--read reads the main content as text: use it without -i" }
  return { value }
}

/** `--search <text|/re/>` or `--filter role=<role>` at `i`: what it narrows to, or what is wrong with it. */
const narrowingFlag = (
  args: ReadonlyArray<string>,
  i: number
): { readonly key: "search" | "role"; readonly value: string } | { readonly error: string } => {
  const token = args[i] ?? ""
  const value = args[i + 1]
  if (value === undefined) return { error: `${token} needs a value` }
  const parsed = token === "--search" ? parseSearch(value) : undefined
  if (typeof parsed === "string") return { error: parsed }
  if (token === "--search") return { key: "search", value }
  if (value.startsWith("role=")) return { key: "role", value: value.slice(5) }
  return { error: "--filter takes role=<role>, e.g. --filter role=button" }
}

export const extractSnapshotOptions = (
  args: ReadonlyArray<string>
): { readonly args: ReadonlyArray<string>; readonly options: SnapshotOptions | undefined; readonly error?: string } => {
  const at = args.indexOf("snapshot")
  if (at < 0) return { args, options: undefined }
  const kept: Array<string> = []
  let search: string | undefined
  let role: string | undefined
  let viewport = false
  let diff = false
  let full = false
  let read: string | undefined
  let context: number | undefined
  let depth: number | undefined
  for (let i = 0; i < args.length; i++) {
    const token = args[i] ?? ""
    const reading = i > at && token === "--read" ? readFlag(args, i) : undefined
    if (reading !== undefined) {
      if ("error" in reading) return { args, options: undefined, error: reading.error }
      read = reading.value
      i++
      continue
    }
    const numeric = i > at ? numberFlagAt(args, i) : undefined
    if (numeric !== undefined) {
      if ("error" in numeric) return { args, options: undefined, error: numeric.error }
      if (numeric.key === "depth") depth = numeric.value
      else context = numeric.value
      i += numeric.taken - 1
      continue
    }
    const narrowing = i > at && (token === "--search" || token === "--filter") ? narrowingFlag(args, i) : undefined
    if (narrowing !== undefined) {
      if ("error" in narrowing) return { args, options: undefined, error: narrowing.error }
      if (narrowing.key === "search") search = narrowing.value
      else role = narrowing.value
      i++
      continue
    }
    if (i > at && token === "--viewport") {
      viewport = true
      continue
    }
    if (i > at && token === "--diff") {
      diff = true
      continue
    }
    if (i > at && token === "--full") {
      full = true
      continue
    }
    kept.push(token)
  }
  if (context !== undefined && search === undefined && role === undefined) {
    return { args, options: undefined, error: CONTEXT_ALONE }
  }
  const any =
    search !== undefined || role !== undefined || viewport || diff || full || read !== undefined || depth !== undefined
  return {
    args: kept,
    options: any
      ? {
          ...(search !== undefined ? { search } : {}),
          ...(role !== undefined ? { role } : {}),
          viewport,
          diff,
          ...(full ? { full } : {}),
          ...(read !== undefined ? { read } : {}),
          ...(context !== undefined ? { context } : {}),
          ...(depth !== undefined ? { depth } : {})
        }
      : undefined
  }
}
