/**
 * The compact, main-content-first view of an oversized snapshot: the page's main content block first (reading text
 * with refs), then an outline of the other sections, then the controls an agent may need, and counts of what was
 * left out. Pure; the caller spills the raw snapshot and prints its path.
 */
import { contentWeights, findMainBlock } from "./contentWeight.js"
import { parseSnapshot, type SnapshotNode, walk } from "./parseSnapshot.js"
import {
  placeAt,
  placeText,
  READ_RESULT_BYTES,
  readHead,
  type ReadingDoc,
  readingDocOfBlock,
  readOnLine
} from "./readingText.js"
import { CONTROL_ROLES, controlLine, type RenderState, renderFlow } from "./renderFlow.js"
import { type PreviewMeta, type PreviewSection, previewMeta, VIEWPORT_NOTE } from "./previewMeta.js"

/** Raw snapshots up to this size are shown verbatim: compaction would save little and lose structure. */
export const VERBATIM_SNAPSHOT_BYTES = 8 * 1024
/**
 * Main content budget. The view grows with the article (the median article is ~6 KiB of text) up to this cap, so
 * most articles fit whole while the whole view stays under 16 KiB; longer pages end with the spill path.
 */
export const READING_BYTES = 12 * 1024
/** Nearby content after a short main block: enough for a lead or sidebar story, not the whole page. */
export const NEARBY_BYTES = 1024
/** Outline of headings not shown above. */
export const OUTLINE_BYTES = 500
/** Controls (editable fields first) not shown above. */
export const CONTROLS_BYTES = 640
/** A main content longer than READING_BYTES: its text and the outline of what is not shown share this much. */
export const LONG_VIEW_BYTES = 14 * 1024
/**
 * ...and then the text takes what is left of this much for the whole view, under the inline cap (16 KiB) with room
 * for the lines the tool adds (the spill path, notes; up to ~450 bytes seen): every byte the view reads is one the
 * two reads after it need not.
 */
export const LONG_VIEW_TOTAL_BYTES = 15 * 1024
/** What a wider text may change in the rest of the view (the digits of the place and counts). */
const LONG_VIEW_SLACK = 64
/** At most this much of LONG_VIEW_BYTES goes to the outline of the sections not shown. */
export const REST_OUTLINE_BYTES = 8 * 1024
const MAX_OUTLINE_LINES = 8
const MAX_CONTROL_LINES = 10
/** Page chrome: never "nearby content" (its controls still surface in the controls section). */
const CHROME_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "menubar",
  "menu",
  "toolbar",
  "dialog",
  "alertdialog"
])

/** A list whose every item is only a link: menus, "more stories" rails. */
const isLinkList = (node: SnapshotNode): boolean =>
  node.role === "list" &&
  node.children.length > 1 &&
  node.children.every((item) => item.children.filter((c) => c.role !== "ListMarker").every((c) => c.role === "link"))

export interface SnapshotCompaction extends PreviewMeta {
  readonly mode: "main-content" | "whole-page"
  readonly mainRole?: string
  readonly mainTruncated: boolean
  /** Where `snapshot --read` goes on from when the main content did not fit (readingText.ts). */
  readonly readOn?: string
  readonly refCount: number
  readonly shownRefCount: number
  readonly omittedControlRefs: ReadonlyArray<string>
  readonly omitted: Readonly<Record<string, number>>
  readonly rawBytes: number
}

export interface CompactView {
  readonly text: string
  readonly compaction: SnapshotCompaction
}

const EDITABLE = new Set(["textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox"])

const contains = (ancestor: SnapshotNode, node: SnapshotNode): boolean => {
  let found = false
  walk(ancestor, (n) => {
    if (n === node) found = true
  })
  return found
}

const newState = (budget: number, reading?: RenderState["reading"]): RenderState => ({
  lines: [],
  bytes: 0,
  budget,
  truncated: false,
  shownRefs: new Set(),
  headingLines: [],
  ...(reading !== undefined ? { reading } : {})
})

export const compactSnapshot = (raw: string, origin: string): CompactView => {
  const root = parseSnapshot(raw)
  const weights = contentWeights(root)
  const main = findMainBlock(root, weights)
  const all: Array<SnapshotNode> = []
  walk(root, (n) => {
    if (n.ref !== undefined) all.push(n)
  })

  // a main content longer than the reading budget: its text, then every heading not reached yet (with its section
  // number), then where to read on as text (readingText.ts)
  let mainState = newState(READING_BYTES)
  renderFlow(main ?? root, mainState)
  const doc = main !== undefined && mainState.truncated ? readingDocOfBlock(main, main.role) : undefined
  if (doc !== undefined) {
    const headingBytes = doc.headings.reduce((sum, h) => sum + Buffer.byteLength(doc.lines[h] ?? "", "utf8") + 6, 0)
    // the view's text is the reading text's start with refs: the same lines (readingText.ts), whole
    mainState = newState(LONG_VIEW_BYTES - Math.min(headingBytes, REST_OUTLINE_BYTES), { leaveOut: doc.leaveOut })
    renderFlow(main ?? root, mainState)
    const first = assemble(root, main, all, doc, mainState, raw, origin)
    const room = LONG_VIEW_TOTAL_BYTES - LONG_VIEW_SLACK - Buffer.byteLength(first.text, "utf8")
    if (room <= 0 || !mainState.truncated) return first
    const wider = newState(mainState.budget + room, { leaveOut: doc.leaveOut })
    renderFlow(main ?? root, wider)
    return assemble(root, main, all, doc, wider, raw, origin)
  }
  return assemble(root, main, all, doc, mainState, raw, origin)
}

/** The view around a main content rendered into `mainState`: the other sections, the controls, what was left out. */
const assemble = (
  root: SnapshotNode,
  main: SnapshotNode | undefined,
  all: ReadonlyArray<SnapshotNode>,
  doc: ReadingDoc | undefined,
  mainState: RenderState,
  raw: string,
  origin: string
): CompactView => {
  // the reading text goes on from the line after the last one shown (a first line cut at the budget is read again)
  const resume =
    doc !== undefined && mainState.truncated
      ? Math.max(0, mainState.lines.length - (mainState.cutLast === true ? 1 : 0))
      : undefined
  const rest = doc !== undefined && resume !== undefined ? restOutline(doc.lines, doc.headings, resume) : undefined
  // Nearby content: what is left of the page outside chrome and link rails, in page order, within the budget.
  const nearby = newState(Math.min(NEARBY_BYTES, READING_BYTES - mainState.bytes))
  if (main !== undefined && !mainState.truncated) {
    const visit = (node: SnapshotNode): boolean => {
      if (node === main) return true
      if (CHROME_ROLES.has(node.role) || isLinkList(node)) return true
      if (!contains(node, main)) return renderFlow(node, nearby)
      for (const child of node.children) if (!visit(child)) return false
      return true
    }
    visit(root)
  }
  const shown = new Set([...mainState.shownRefs, ...nearby.shownRefs])

  // Outline: headings (levels 1-3) outside the main block, in page order.
  const outline = newState(OUTLINE_BYTES)
  const levelOf = (n: SnapshotNode) => Number(n.attrs.find((a) => a.startsWith("level="))?.slice(6) ?? 2)
  const sectionHeads =
    main === undefined
      ? []
      : all.filter(
          (n) =>
            n.role === "heading" &&
            n.name !== undefined &&
            n.name !== "Blocked" &&
            levelOf(n) <= 3 &&
            !contains(main, n)
        )
  for (const n of sectionHeads) {
    if (outline.lines.length >= MAX_OUTLINE_LINES) break
    const line = `${"#".repeat(levelOf(n))} ${(n.name ?? "").replace(/\s+/g, " ").trim()} @${n.ref}`
    if (!renderLine(outline, line, n.ref)) break
  }

  // Controls not shown yet: editable fields first, then buttons/tabs/others; named ones only.
  const hidden = all.filter(
    (n) =>
      (CONTROL_ROLES.has(n.role) && !shown.has(n.ref ?? "") && (n.name ?? "") !== "") ||
      (EDITABLE.has(n.role) && !shown.has(n.ref ?? ""))
  )
  const ranked = [...hidden.filter((n) => EDITABLE.has(n.role)), ...hidden.filter((n) => !EDITABLE.has(n.role))]
  const controls = newState(CONTROLS_BYTES)
  const omittedControlRefs: Array<string> = []
  for (const n of ranked) {
    if (controls.lines.length >= MAX_CONTROL_LINES || !renderLine(controls, controlLine(n), n.ref)) {
      omittedControlRefs.push(n.ref ?? "")
      continue
    }
  }

  for (const r of outline.shownRefs) shown.add(r)
  for (const r of controls.shownRefs) shown.add(r)
  const omitted: Record<string, number> = {}
  for (const n of all) if (!shown.has(n.ref ?? "")) omitted[n.role] = (omitted[n.role] ?? 0) + 1

  const controlsTitle = mainState.truncated || main !== undefined ? "Omitted high-value controls" : "Controls"
  const previewSections: Array<PreviewSection> = [
    {
      title: main?.name ?? (main !== undefined ? "Main content" : "Whole page"),
      ...(main !== undefined ? { role: main.role } : {}),
      linesShown: mainState.lines.length,
      ...(!mainState.truncated
        ? { omittedLines: 0 }
        : doc !== undefined
          ? { omittedLines: Math.max(0, doc.lines.length - mainState.lines.length) }
          : {})
    },
    ...(nearby.lines.length > 0
      ? [{ title: "Nearby content", linesShown: nearby.lines.length, ...(nearby.truncated ? {} : { omittedLines: 0 }) }]
      : []),
    ...(outline.lines.length > 0
      ? [
          {
            title: "Other sections",
            linesShown: outline.lines.length,
            omittedLines: sectionHeads.length - outline.lines.length
          }
        ]
      : []),
    ...(controls.lines.length > 0
      ? [{ title: controlsTitle, linesShown: controls.lines.length, omittedLines: omittedControlRefs.length }]
      : [])
  ]
  const sections: Array<string> = []
  const rawBytes = Buffer.byteLength(raw, "utf8")
  sections.push(
    `Snapshot of ${origin || "the page"}: compact view, ${all.length} refs, ${Math.round(rawBytes / 1024)} KiB raw. ${main !== undefined ? "Main content first." : "Whole page, condensed."} @eN are refs. ${VIEWPORT_NOTE}`
  )
  const cut =
    doc !== undefined && resume !== undefined
      ? `\n${readOnLine(doc, resume, READ_RESULT_BYTES - Buffer.byteLength(readHead(origin), "utf8"))}${rest !== undefined && rest !== "" ? `\nOutline of the rest:\n${rest}` : ""}`
      : mainState.truncated
        ? "\n… (more in the full snapshot)"
        : ""
  sections.push(
    `${main !== undefined ? `Main content (${main.role}${main.name !== undefined ? ` "${main.name}"` : ""}):\n` : ""}${mainState.lines.join("\n")}${cut}`
  )
  if (nearby.lines.length > 0)
    sections.push(
      `Nearby content:\n${nearby.lines.join("\n")}${nearby.truncated ? "\n… (more in the full snapshot)" : ""}`
    )
  if (outline.lines.length > 0) sections.push(`Other sections:\n${outline.lines.join("\n")}`)
  if (controls.lines.length > 0) sections.push(`${controlsTitle}:\n${controls.lines.join("\n")}`)
  const counts = Object.entries(omitted)
    .sort((a, b) => b[1] - a[1])
    .map(([role, n]) => `${n} ${role}`)
    .join(", ")
  if (counts !== "") sections.push(`Not shown: ${counts}.`)

  return {
    text: sections.join("\n\n"),
    compaction: {
      mode: main !== undefined ? "main-content" : "whole-page",
      ...(main !== undefined ? { mainRole: main.role } : {}),
      mainTruncated: mainState.truncated,
      ...(doc !== undefined && resume !== undefined ? { readOn: placeText(placeAt(doc, resume)) } : {}),
      refCount: all.length,
      shownRefCount: shown.size,
      omittedControlRefs: omittedControlRefs.slice(0, 20),
      omitted,
      rawBytes,
      ...previewMeta(raw, all, shown, {
        previewMode: "structured",
        previewSections,
        additionalSectionsOmitted: sectionHeads.length - outline.lines.length,
        highValueControlRefIds: controlsTitle === "Omitted high-value controls" ? [...controls.shownRefs] : []
      })
    }
  }
}

/**
 * `§k <heading>` for every heading after `from`, within REST_OUTLINE_BYTES; when they do not all fit, the top levels
 * first (in page order) and the count of the deeper ones left out.
 */
const restOutline = (lines: ReadonlyArray<string>, headings: ReadonlyArray<number>, from: number): string => {
  const rest = headings.flatMap((line, i) => (line > from ? [{ section: i + 1, text: lines[line] ?? "" }] : []))
  const size = (xs: ReadonlyArray<{ text: string; section: number }>) =>
    xs.reduce((sum, h) => sum + Buffer.byteLength(h.text, "utf8") + String(h.section).length + 3, 0)
  let shown = rest
  for (let depth = 6; size(shown) > REST_OUTLINE_BYTES && depth > 1; depth--)
    shown = rest.filter((h) => (/^#+/.exec(h.text)?.[0].length ?? 1) < depth)
  while (size(shown) > REST_OUTLINE_BYTES) shown = shown.slice(0, -1)
  const left = rest.length - shown.length
  return [
    ...shown.map((h) => `§${h.section} ${h.text}`),
    ...(left > 0 ? [`(${left} more headings, deeper or later: they show in the text read on)`] : [])
  ].join("\n")
}

const renderLine = (state: RenderState, line: string, ref: string | undefined): boolean => {
  const size = Buffer.byteLength(line, "utf8") + 1
  if (state.bytes + size > state.budget) {
    state.truncated = true
    return false
  }
  state.lines.push(line)
  state.bytes += size
  if (ref !== undefined) state.shownRefs.add(ref)
  return true
}
