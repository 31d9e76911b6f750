/**
 * The compact view of an oversized `snapshot -i` (a flat list of interactive elements and headings): every editable
 * field, button, tab and heading first, then content links (long names: stories, results) before short navigation
 * links, kept in page order within the budget, with what was left out counted. Pure.
 */
import { parseSnapshot, type SnapshotNode, walk } from "./parseSnapshot.js"
import { controlLine } from "./renderFlow.js"
import { type PreviewMeta, previewMeta, VIEWPORT_NOTE } from "./previewMeta.js"

/** Interactive view budget: a dense page's controls and story links in ~a third of its full tree. */
export const INTERACTIVE_BYTES = 9 * 1024
/** Link names at least this long are content (headlines, results), not navigation. */
const CONTENT_LINK_CHARS = 24

const CONTROL_PRIORITY = new Set(["textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox", "checkbox", "radio", "switch", "button", "tab", "menuitem"])

const priority = (node: SnapshotNode): number => {
  if (CONTROL_PRIORITY.has(node.role)) return 0
  if (node.role === "heading") return Number(node.attrs.find((a) => a.startsWith("level="))?.slice(6) ?? 2) <= 2 ? 0 : 2
  if (node.role === "link") return (node.name ?? "").length >= CONTENT_LINK_CHARS ? 1 : 3
  return 2
}

export interface InteractiveView {
  readonly text: string
  readonly shownRefs: number
  readonly omitted: Readonly<Record<string, number>>
  readonly meta: PreviewMeta
}

const lineOf = (node: SnapshotNode, contexts: Readonly<Record<string, string>>): string => {
  const context = node.ref !== undefined ? contexts[node.ref] : undefined
  if (context !== undefined) return `${controlLine(node)} (${context})`
  if (node.role === "heading") return `${"#".repeat(Number(node.attrs.find((a) => a.startsWith("level="))?.slice(6) ?? 2))} ${node.name ?? ""} @${node.ref}`
  if (node.role === "link") return `link ${JSON.stringify((node.name ?? "").replace(/\s+/g, " ").trim())} @${node.ref}`
  return controlLine(node)
}

export const compactInteractive = (raw: string, origin: string, contexts: Readonly<Record<string, string>> = {}): InteractiveView => {
  const nodes: Array<SnapshotNode> = []
  walk(parseSnapshot(raw), (n) => {
    if (n.ref !== undefined) nodes.push(n)
  })
  const seenLinks = new Set<string>()
  const candidates = nodes.filter((n) => {
    if (n.role !== "link") return true
    const key = (n.name ?? "").trim().toLowerCase()
    if (key === "" || seenLinks.has(key)) return false // duplicate "Read more" / logo links add nothing
    seenLinks.add(key)
    return true
  })
  const keep = new Set<SnapshotNode>()
  let bytes = 0
  for (const level of [0, 1, 2, 3]) {
    for (const n of candidates) {
      if (priority(n) !== level) continue
      const size = Buffer.byteLength(lineOf(n, contexts), "utf8") + 1
      if (bytes + size > INTERACTIVE_BYTES) continue
      keep.add(n)
      bytes += size
    }
  }
  const omitted: Record<string, number> = {}
  for (const n of nodes) if (!keep.has(n)) omitted[n.role] = (omitted[n.role] ?? 0) + 1
  const counts = Object.entries(omitted).sort((a, b) => b[1] - a[1]).map(([role, n]) => `${n} ${role}`).join(", ")
  const lines = nodes.filter((n) => keep.has(n)).map((n) => lineOf(n, contexts))
  const header = `Interactive snapshot of ${origin || "the page"}: ${keep.size} of ${nodes.length} refs shown (controls and headings first, then content links). @eN are refs. ${VIEWPORT_NOTE}`
  return {
    text: `${header}\n${lines.join("\n")}${counts !== "" ? `\nNot shown: ${counts} (mostly short navigation links and duplicates).` : ""}`,
    shownRefs: keep.size,
    omitted,
    // a flat list of controls, headings and links: an outline of the page, one section
    meta: previewMeta(raw, nodes, [...keep].map((n) => n.ref ?? ""), {
      previewMode: "outline",
      previewSections: [{ title: "Interactive elements", linesShown: keep.size, omittedLines: nodes.length - keep.size }],
      additionalSectionsOmitted: 0
    })
  }
}
