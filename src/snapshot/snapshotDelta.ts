/**
 * A repeat snapshot of the same page as what changed since the last one the model was shown: the lines that are new
 * or changed in page order, each run of lines as they were shown before as one `… N as before` line, and the refs
 * that are gone. Refs live as long as their element (agent-browser keeps an element's ref across snapshots and never
 * reuses one), so a line that reads the same as before is the same element with the same working ref. The diff is a
 * longest common subsequence of lines: a moved line (a sorted row) is shown again, never assumed. Pure.
 */
import { depthView } from "./depthView.js"
import { annotateTree } from "./controlContext.js"
import { condenseTree } from "./condenseTree.js"
import { VERBATIM_SNAPSHOT_BYTES } from "./compactSnapshot.js"
import type { ShownTree } from "../domain/ShownTree.js"
import type { SnapshotNaming } from "../domain/SnapshotNaming.js"

/**
 * A delta is shown when it is at most this share of the full tree (a calendar that opened amid the page's controls
 * saves the lines around it); a delta that saves less than this reads no better than the full tree.
 */
export const DELTA_SHARE = 0.9
/** Lines beyond which the quadratic diff is not attempted (a verbatim tree stays far below). */
const MAX_LINES = 2000

const isInteractive = (flags: ReadonlyArray<string>): boolean => flags.includes("-i") || flags.includes("--interactive")

/** The tree as the model reads it (unnamed controls' contexts, the condensed lines). */
export const viewTree = (positionals: ReadonlyArray<string>, raw: string, naming: SnapshotNaming | undefined): string =>
  condenseTree(
    naming === undefined ? raw : annotateTree(raw, naming.contexts, naming.targets?.names, naming.targets?.kinds),
    {
      interactive: isInteractive(positionals)
    }
  )

/** The lines of a view tree shown verbatim; undefined when it is too big to be (it is then compacted). */
export const shownTree = (positionals: ReadonlyArray<string>, origin: string, tree: string): ShownTree | undefined =>
  Buffer.byteLength(tree, "utf8") > VERBATIM_SNAPSHOT_BYTES
    ? undefined
    : { flags: positionals.slice(1).join(" "), origin, lines: tree.split("\n") }

/**
 * A raw tree this much larger than the verbatim budget is not condensed to learn that it will not fit: condensing keeps
 * every name and text, so it never shrinks a tree this far (at worst a delta is not offered).
 */
const RAW_OVER_VERBATIM = 4

/** The flags a shown tree was read with: a depth the tool took off the argv counts (a cut view is another view). */
export const withDepth = (args: ReadonlyArray<string>, depth: number | undefined): ReadonlyArray<string> =>
  depth === undefined ? args : [...args, "-d", String(depth)]

/** The lines a snapshot reply shows verbatim; undefined when it is compacted (too big) or not a text tree. */
export const shownTreeOf = (
  positionals: ReadonlyArray<string>,
  data: Record<string, unknown>,
  naming?: SnapshotNaming,
  depth?: number
): ShownTree | undefined => {
  const raw = data["snapshot"]
  if (typeof raw !== "string" || Buffer.byteLength(raw, "utf8") > RAW_OVER_VERBATIM * VERBATIM_SNAPSHOT_BYTES)
    return undefined
  const tree = viewTree(positionals, raw, naming)
  const origin = typeof data["origin"] === "string" ? data["origin"] : ""
  return shownTree(withDepth(positionals, depth), origin, depth === undefined ? tree : depthView(tree, depth).tree)
}

export interface SnapshotDelta {
  readonly text: string
  readonly added: number
  readonly changed: number
  readonly gone: number
  readonly unchanged: number
}

/** Which lines of each list a longest common subsequence of the two keeps. */
const commonLines = (
  a: ReadonlyArray<string>,
  b: ReadonlyArray<string>
): { readonly inA: ReadonlyArray<boolean>; readonly inB: ReadonlyArray<boolean> } => {
  const n = a.length
  const m = b.length
  const table = new Int32Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        a[i] === b[j]
          ? table[(i + 1) * (m + 1) + j + 1]! + 1
          : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!)
    }
  }
  const inA = new Array<boolean>(n).fill(false)
  const inB = new Array<boolean>(m).fill(false)
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      inA[i] = true
      inB[j] = true
      i++
      j++
    } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) i++
    else j++
  }
  return { inA, inB }
}

const refOf = (line: string): number | undefined => {
  const m = /\bref=e(\d+)\b/.exec(line)
  return m === null ? undefined : Number(m[1])
}

/** `e17-e20, e31`: consecutive ref numbers as ranges (refs are allocated in page order, so a gone list is a run). */
const refRanges = (refs: ReadonlyArray<number>): string => {
  const sorted = [...new Set(refs)].sort((x, y) => x - y)
  const out: Array<string> = []
  for (let k = 0; k < sorted.length; k++) {
    const start = sorted[k]!
    while (sorted[k + 1] === sorted[k]! + 1) k++
    out.push(sorted[k] === start ? `e${start}` : `e${start}-e${sorted[k]}`)
  }
  return out.join(", ")
}

const indentOf = (line: string): string => /^\s*/.exec(line)?.[0] ?? ""

/**
 * The delta of `now` against what `before` showed, or undefined when it does not apply (another page or flags) or
 * would not be shorter enough than the full tree.
 */
export const snapshotDelta = (before: ShownTree | undefined, now: ShownTree): SnapshotDelta | undefined => {
  if (before === undefined || before.flags !== now.flags || before.origin !== now.origin || before.origin === "")
    return undefined
  if (before.lines.length > MAX_LINES || now.lines.length > MAX_LINES) return undefined
  const { inA, inB: kept } = commonLines(before.lines, now.lines)
  const nowRefs = new Set(now.lines.map(refOf).filter((r) => r !== undefined))
  const beforeRefs = new Set(before.lines.map(refOf).filter((r) => r !== undefined))
  const unchanged = kept.filter(Boolean).length
  // a line of before that is not in the common run and whose ref is not on the page now (a changed line keeps its ref)
  const goneBefore = before.lines.filter((l, i) => !inA[i] && !nowRefs.has(refOf(l) ?? -1))
  const goneRefs = goneBefore.map(refOf).filter((r): r is number => r !== undefined)
  const goneLines = goneBefore.length
  const fresh = now.lines.filter((_, j) => !kept[j])
  const changed = fresh.filter((l) => beforeRefs.has(refOf(l) ?? -1)).length
  const body: Array<string> = []
  for (let j = 0; j < now.lines.length; j++) {
    if (!kept[j]) {
      body.push(now.lines[j]!)
      continue
    }
    let end = j
    while (kept[end + 1] === true) end++
    body.push(`${indentOf(now.lines[j]!)}… ${end - j + 1} as before`)
    j = end
  }
  const textOnly = goneLines - goneRefs.length
  const gone = [
    goneRefs.length > 0 ? `gone: ${refRanges(goneRefs)}` : "",
    textOnly > 0 ? `${textOnly} text line${textOnly === 1 ? "" : "s"} gone` : ""
  ]
    .filter((x) => x !== "")
    .map((x) => `; ${x}`)
    .join("")
  const counts = [
    fresh.length - changed > 0 ? `${fresh.length - changed} new` : "",
    changed > 0 ? `${changed} changed` : ""
  ]
    .filter((x) => x !== "")
    .join(", ")
  const head =
    fresh.length === 0 && goneLines === 0
      ? `No change since the last snapshot of this page (${unchanged} lines; refs still work).`
      : `Since the last snapshot: ${counts === "" ? "nothing new" : counts}${gone} (` +
        `${goneRefs.length > 0 ? "other " : ""}refs still work; --full shows all).`
  const text = fresh.length === 0 && goneLines === 0 ? head : `${head}\n${body.join("\n")}`
  const full = now.lines.join("\n")
  if (Buffer.byteLength(text, "utf8") > DELTA_SHARE * Buffer.byteLength(full, "utf8")) return undefined
  return { text, added: fresh.length - changed, changed, gone: goneLines, unchanged }
}
