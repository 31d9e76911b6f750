/**
 * The compact view of an oversized `snapshot -i` (a flat list of interactive elements and headings): editable fields
 * first, then buttons, tabs and top headings, then content links (long names: stories, results) before short
 * navigation links, kept in page order within the budget. When a control worth acting on still does not fit (600
 * buttons before the one search box), part of the budget goes to `Omitted high-value controls`: those controls by
 * role, name and ref, editable fields first. What is left out is counted by role, with the filter that lists it. Pure.
 */
import { parseSnapshot, type SnapshotNode, walk } from "./parseSnapshot.js"
import { controlLine } from "./renderFlow.js"
import { type PreviewMeta, type PreviewSection, previewMeta, VIEWPORT_NOTE } from "./previewMeta.js"

/** Interactive view budget: a dense page's controls and story links in ~a third of its full tree. */
export const INTERACTIVE_BYTES = 9 * 1024
/** Of that budget, what `Omitted high-value controls` may take when it is needed. */
export const HIGH_VALUE_BYTES = 1024
/** At most this many lines in `Omitted high-value controls`; the rest are counted. */
export const HIGH_VALUE_LINES = 12
/** Link names at least this long are content (headlines, results), not navigation. */
const CONTENT_LINK_CHARS = 24

/** Fields a task types into or sets: never cut without being named. */
export const EDITABLE_ROLES = new Set([
  "textbox",
  "searchbox",
  "combobox",
  "spinbutton",
  "slider",
  "listbox",
  "checkbox",
  "radio",
  "switch",
  "menuitemcheckbox",
  "menuitemradio"
])
/** Controls after the editable ones: buttons, tabs, menu items. */
const ACTION_ROLES = new Set(["button", "tab", "menuitem"])
/** Named controls of these roles are named in `Omitted high-value controls` when cut (after the editable ones). */
const NAMED_HIGH_VALUE = new Set([...ACTION_ROLES, "option", "treeitem"])

/** An editable field: by role, or a `contenteditable` element (upstream marks it `editable`). */
export const isEditable = (node: SnapshotNode): boolean =>
  EDITABLE_ROLES.has(node.role) || node.marks?.includes("editable") === true
const isHighValue = (node: SnapshotNode): boolean =>
  isEditable(node) || (NAMED_HIGH_VALUE.has(node.role) && (node.name ?? "").trim() !== "")

const headingLevel = (node: SnapshotNode): number =>
  Number(node.attrs.find((a) => a.startsWith("level="))?.slice(6) ?? 2)

/** Level 0 is kept first: editable fields; then buttons, tabs and top headings; content links; the rest; navigation. */
const priority = (node: SnapshotNode): number => {
  if (isEditable(node)) return 0
  if (ACTION_ROLES.has(node.role)) return 1
  if (node.role === "heading") return headingLevel(node) <= 2 ? 1 : 3
  if (node.role === "link") return (node.name ?? "").length >= CONTENT_LINK_CHARS ? 2 : 4
  return 3
}
const LEVELS = [0, 1, 2, 3, 4]

export interface InteractiveView {
  readonly text: string
  readonly shownRefs: number
  readonly omitted: Readonly<Record<string, number>>
  readonly meta: PreviewMeta
}

type Contexts = Readonly<Record<string, string>>

/** Marks a compact line keeps (among its attributes): what the element is for, which its role does not say. */
const SAID_MARKS = new Set(["editable", "draggable", "drop target"])

const lineOf = (node: SnapshotNode, contexts: Contexts): string => {
  const context = node.ref !== undefined ? contexts[node.ref] : undefined
  // a contenteditable, draggable or drop-target element says so: its role (`generic`, `group`) does not
  const words = (node.marks ?? []).filter((m) => SAID_MARKS.has(m))
  const control = () => controlLine(words.length > 0 ? { ...node, attrs: [...node.attrs, ...words] } : node)
  if (context !== undefined) return `${control()} (${context})`
  if (node.role === "heading") return `${"#".repeat(headingLevel(node))} ${node.name ?? ""} @${node.ref}`
  if (node.role === "link") return `link ${JSON.stringify((node.name ?? "").replace(/\s+/g, " ").trim())} @${node.ref}`
  return control()
}

const bytesOf = (line: string): number => Buffer.byteLength(line, "utf8") + 1

/** The nodes kept within `budget`, by priority level, in page order within a level. */
const budgetKeep = (candidates: ReadonlyArray<SnapshotNode>, contexts: Contexts, budget: number): Set<SnapshotNode> => {
  const keep = new Set<SnapshotNode>()
  let bytes = 0
  for (const level of LEVELS) {
    for (const n of candidates) {
      if (priority(n) !== level) continue
      const size = bytesOf(lineOf(n, contexts))
      if (bytes + size > budget) continue
      keep.add(n)
      bytes += size
    }
  }
  return keep
}

interface HighValueSection {
  readonly lines: ReadonlyArray<string>
  readonly nodes: ReadonlyArray<SnapshotNode>
  /** The cut high-value controls the section could not name. */
  readonly more: number
}

/** The cut high-value controls, editable fields first (page order within each), within HIGH_VALUE_BYTES. */
const highValueSection = (cut: ReadonlyArray<SnapshotNode>, contexts: Contexts): HighValueSection => {
  const ranked = [...cut.filter(isEditable), ...cut.filter((n) => !isEditable(n))]
  const lines: Array<string> = []
  const nodes: Array<SnapshotNode> = []
  let bytes = 0
  for (const n of ranked) {
    const line = lineOf(n, contexts)
    if (lines.length >= HIGH_VALUE_LINES || bytes + bytesOf(line) > HIGH_VALUE_BYTES) break
    lines.push(line)
    nodes.push(n)
    bytes += bytesOf(line)
  }
  return { lines, nodes, more: ranked.length - nodes.length }
}

/** `470 button, 30 link (12 of them repeat a name shown or have none)`: what was left out, by role, most first. */
export const notShownLine = (omitted: Readonly<Record<string, number>>, repeatedLinks: number): string => {
  const entries = Object.entries(omitted).sort((a, b) => b[1] - a[1])
  if (entries.length === 0) return ""
  const repeats = repeatedLinks > 0 ? ` (${repeatedLinks} of them repeat a link name or have none)` : ""
  const counts = entries.map(([role, n]) => `${n} ${role}${role === "link" ? repeats : ""}`)
  const top = entries[0]?.[0] ?? ""
  return (
    `Not shown: ${counts.join(", ")}. List them by role: snapshot -i --filter role=${top}; ` +
    "by name: snapshot -i --search <text>."
  )
}

const sectionText = (section: HighValueSection | undefined, cut: ReadonlyArray<SnapshotNode>): string => {
  if (section === undefined || section.lines.length === 0) return ""
  const rest = cut.filter((n) => !section.nodes.includes(n))
  const roles = [...new Set([...rest.filter(isEditable), ...rest].map((n) => n.role))].slice(0, 3)
  const filters = roles.map((r) => `snapshot -i --filter role=${r}`).join(", ")
  const more = section.more > 0 ? `\n(${section.more} more: ${filters})` : ""
  const title = "Omitted high-value controls (not in the list above; editable fields first):"
  return `\n${title}\n${section.lines.join("\n")}${more}`
}

export const compactInteractive = (raw: string, origin: string, contexts: Contexts = {}): InteractiveView => {
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
  let keep = budgetKeep(candidates, contexts, INTERACTIVE_BYTES)
  let section: HighValueSection | undefined
  if (candidates.some((n) => isHighValue(n) && !keep.has(n))) {
    // a control worth naming does not fit: the list gives up room for the section that names it
    keep = budgetKeep(candidates, contexts, INTERACTIVE_BYTES - HIGH_VALUE_BYTES)
    section = highValueSection(
      candidates.filter((n) => isHighValue(n) && !keep.has(n)),
      contexts
    )
  }
  const named = new Set(section?.nodes ?? [])
  const shown = (n: SnapshotNode) => keep.has(n) || named.has(n)
  const omitted: Record<string, number> = {}
  for (const n of nodes) if (!shown(n)) omitted[n.role] = (omitted[n.role] ?? 0) + 1
  const repeatedLinks = nodes.filter((n) => n.role === "link" && !candidates.includes(n)).length
  const lines = nodes.filter((n) => keep.has(n)).map((n) => lineOf(n, contexts))
  const shownCount = keep.size + named.size
  const header =
    `Interactive snapshot of ${origin || "the page"}: ${shownCount} of ${nodes.length} refs shown ` +
    `(editable fields first, then other controls and headings, then content links; in page order). @eN are refs. ` +
    VIEWPORT_NOTE
  const notShown = notShownLine(omitted, repeatedLinks)
  const cut = candidates.filter((n) => isHighValue(n) && !keep.has(n))
  const sections: Array<PreviewSection> = [
    { title: "Interactive elements", linesShown: keep.size, omittedLines: nodes.length - keep.size },
    ...(section !== undefined && section.lines.length > 0
      ? [{ title: "Omitted high-value controls", linesShown: section.lines.length, omittedLines: section.more }]
      : [])
  ]
  return {
    text: `${header}\n${lines.join("\n")}${sectionText(section, cut)}${notShown !== "" ? `\n${notShown}` : ""}`,
    shownRefs: shownCount,
    omitted,
    // a flat list of controls, headings and links: an outline of the page
    meta: previewMeta(
      raw,
      nodes,
      [...keep, ...named].map((n) => n.ref ?? ""),
      {
        previewMode: "outline",
        previewSections: sections,
        additionalSectionsOmitted: 0,
        highValueControlRefIds: (section?.nodes ?? []).map((n) => n.ref ?? "")
      }
    )
  }
}
