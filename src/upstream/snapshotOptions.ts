/**
 * Wrapper-only `snapshot` flags, stripped before upstream runs: `--search <text>` and `--filter role=<role>` narrow
 * what is shown (refs are still all recorded), `--viewport` adds where the page is scrolled, `--diff` reports refs
 * added and removed since the previous snapshot of the session, `--read <place>` gives the main content as text from
 * a section on (`14`, or `14+37`: 37 lines into §14), as a long page's view says to, `--full` shows the whole tree where
 * a repeat snapshot of the same page would show what changed (snapshotDelta.ts). Pure.
 */
import { parsePlace } from "../snapshot/readingText.js"
import type { SnapshotOptions } from "../domain/SnapshotOptions.js"

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
  for (let i = 0; i < args.length; i++) {
    const token = args[i] ?? ""
    if (i > at && token === "--read") {
      const value = args[i + 1]
      if (value === undefined || parsePlace(value) === undefined) return { args, options: undefined, error: "--read takes a section as the view names it: <n> or <n>+<lines>, e.g. --read 14" }
      if (args.includes("-i") || args.includes("--interactive")) return { args, options: undefined, error: "--read reads the main content as text: use it without -i" }
      read = value
      i++
      continue
    }
    if (i > at && (token === "--search" || token === "--filter")) {
      const value = args[i + 1]
      if (value === undefined) return { args, options: undefined, error: `${token} needs a value` }
      if (token === "--search") search = value
      else if (value.startsWith("role=")) role = value.slice(5)
      else return { args, options: undefined, error: "--filter takes role=<role>, e.g. --filter role=button" }
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
  const any = search !== undefined || role !== undefined || viewport || diff || full || read !== undefined
  return {
    args: kept,
    options: any ? { ...(search !== undefined ? { search } : {}), ...(role !== undefined ? { role } : {}), viewport, diff, ...(full ? { full } : {}), ...(read !== undefined ? { read } : {}) } : undefined
  }
}
