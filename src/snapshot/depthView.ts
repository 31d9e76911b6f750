/**
 * `snapshot -d <n>` as a model reads it: the first n levels of the tree the tool shows (`-d 1` the top level only),
 * cut after the view hid the lines that say nothing. Upstream's own depth counts its levels before that (unnamed
 * wrappers not counted, structure the view hides counted), so its `-d 1` could show nothing and its `-d 2` a button
 * four levels down. What the cut hid is counted, with the depth that shows it all. Pure.
 */

export interface DepthView {
  readonly tree: string
  /** Lines below the cut. */
  readonly hiddenLines: number
  /** Levels the whole tree has (the `-d` that shows every line). */
  readonly levels: number
}

/** Indentation in levels: two spaces each, as the view prints them. */
const levelOf = (line: string): number => Math.floor((/^( *)/.exec(line)?.[1] ?? "").length / 2)

export const depthView = (tree: string, depth: number): DepthView => {
  const lines = tree === "" ? [] : tree.split("\n")
  const kept = lines.filter((line) => levelOf(line) < depth)
  const levels = lines.reduce((max, line) => Math.max(max, levelOf(line) + 1), 0)
  return { tree: kept.join("\n"), hiddenLines: lines.length - kept.length, levels }
}

/** The sentence after a cut tree: what -d showed and how to see the rest; empty when nothing was hidden. */
export const depthNote = (view: DepthView, depth: number): string => {
  if (view.tree === "")
    return `\n(-d ${depth}: the page's tree is empty, at any depth; wait for the page or open another.)`
  if (view.hiddenLines === 0) return ""
  const levels = `${depth} level${depth === 1 ? "" : "s"}`
  return (
    `\n(-d ${depth} shows ${levels} of this tree; ${view.hiddenLines} deeper line(s) hidden. ` +
    `-d ${view.levels} or no -d shows all; --search <text> finds one.)`
  )
}
