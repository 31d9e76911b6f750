/**
 * `snapshot --search/--filter`: the lines whose text (or role) match, each under its whole ancestor path (every line
 * above it with less indentation, so a match says where on the page it sits), plus `--context <n>` lines before and
 * after it, in page order. `--search` is a case-insensitive substring, or a regular expression written `/re/flags`.
 * Direct matches and context lines are counted apart so the summary never looks inconsistent. Pure.
 */

export interface FilterResult {
  readonly text: string
  readonly matchedRefs: number
  /** Lines that match (the rest shown are ancestors and context). */
  readonly matchedLines: number
  readonly visibleLines: number
  readonly totalLines: number
}

/** What `--search` looks for: a literal (case-insensitive) or a regular expression. */
export type SearchPattern =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "regex"; readonly source: string; readonly flags: string }

/** Flags a line-by-line test can use (`g` and `y` would make `test` stateful). */
const REGEX_FLAGS = /^[imsu]*$/

/** `/re/flags` is a regular expression, anything else a literal; a bad expression or flag is a sentence saying why. */
export const parseSearch = (value: string): SearchPattern | string => {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(value)
  if (m === null) return { kind: "text", text: value }
  const [, source = "", flags = ""] = m
  if (!REGEX_FLAGS.test(flags)) return `--search ${value}: flags may be i, m, s or u, not ${JSON.stringify(flags)}`
  try {
    new RegExp(source, flags)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    return `--search ${value} is not a valid regular expression (${why}); write a literal without the slashes`
  }
  return { kind: "regex", source, flags }
}

/** The pattern as the summary names it. */
export const searchLabel = (pattern: SearchPattern): string =>
  pattern.kind === "text" ? `text "${pattern.text}"` : `regex /${pattern.source}/${pattern.flags}`

const tester = (pattern: SearchPattern | undefined): ((line: string) => boolean) => {
  if (pattern === undefined) return () => true
  if (pattern.kind === "regex") {
    const re = new RegExp(pattern.source, pattern.flags)
    return (line) => re.test(line.trimStart())
  }
  const needle = pattern.text.toLowerCase()
  return (line) => line.toLowerCase().includes(needle)
}

const roleOf = (line: string): string => /^\s*- ([^\s"[:]+)/.exec(line)?.[1] ?? ""
const depthOf = (line: string): number => (/^(\s*)/.exec(line)?.[1] ?? "").length

/** Every ancestor line of line `i` (each nearer line with less indentation than the last one found). */
const ancestorsOf = (lines: ReadonlyArray<string>, i: number): ReadonlyArray<number> => {
  const found: Array<number> = []
  let depth = depthOf(lines[i] ?? "")
  for (let j = i - 1; j >= 0 && depth > 0; j--) {
    const d = depthOf(lines[j] ?? "")
    if (d < depth) {
      found.push(j)
      depth = d
    }
  }
  return found
}

export const filterSnapshot = (
  tree: string,
  search: SearchPattern | undefined,
  role: string | undefined,
  context = 0
): FilterResult => {
  const lines = tree.split("\n")
  const matches = tester(search)
  const show = new Set<number>()
  let matchedRefs = 0
  let matchedLines = 0
  lines.forEach((line, i) => {
    if (!matches(line) || (role !== undefined && roleOf(line) !== role)) return
    matchedLines++
    if (line.includes("ref=")) matchedRefs++
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) show.add(k)
    for (const a of [...ancestorsOf(lines, i), ...ancestorsOf(lines, Math.max(0, i - context))]) show.add(a)
  })
  const ordered = [...show].sort((a, b) => a - b)
  const text = ordered.map((i) => lines[i]).join("\n")
  return { text, matchedRefs, matchedLines, visibleLines: ordered.length, totalLines: lines.length }
}
