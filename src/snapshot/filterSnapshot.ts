/**
 * `snapshot --search/--filter`: the lines whose role or text match, each with its parent line for context, in page
 * order. Direct matches and context lines are counted apart so the summary never looks inconsistent. Pure.
 */

export interface FilterResult {
  readonly text: string
  readonly matchedRefs: number
  readonly visibleLines: number
  readonly totalLines: number
}

const roleOf = (line: string): string => /^\s*- ([^\s"[:]+)/.exec(line)?.[1] ?? ""
const depthOf = (line: string): number => (/^(\s*)/.exec(line)?.[1] ?? "").length

export const filterSnapshot = (tree: string, search: string | undefined, role: string | undefined): FilterResult => {
  const lines = tree.split("\n")
  const needle = search?.toLowerCase()
  const show = new Set<number>()
  let matchedRefs = 0
  lines.forEach((line, i) => {
    const matches = (needle === undefined || line.toLowerCase().includes(needle)) && (role === undefined || roleOf(line) === role)
    if (!matches) return
    show.add(i)
    if (line.includes("ref=")) matchedRefs++
    // nearest ancestor line as context
    const depth = depthOf(line)
    for (let j = i - 1; j >= 0; j--) {
      if (depthOf(lines[j] ?? "") < depth) {
        show.add(j)
        break
      }
    }
  })
  const ordered = [...show].sort((a, b) => a - b)
  return { text: ordered.map((i) => lines[i]).join("\n"), matchedRefs, visibleLines: ordered.length, totalLines: lines.length }
}
