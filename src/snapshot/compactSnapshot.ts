/**
 * The compact, main-content-first view of an oversized snapshot: the page's main content block first (reading text
 * with refs), then an outline of the other sections, then the controls an agent may need, and counts of what was
 * left out (those sections: compactSections.ts). Pure; the caller spills the raw snapshot and prints its path.
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
import { type RenderState, renderFlow } from "./renderFlow.js"
import { type PreviewMeta, previewMeta, VIEWPORT_NOTE } from "./previewMeta.js"
import {
  controlsSection,
  nearbySection,
  newState,
  outlineSection,
  previewSectionsOf,
  REST_OUTLINE_BYTES,
  restOutline
} from "./compactSections.js"

/** Raw snapshots up to this size are shown verbatim: compaction would save little and lose structure. */
export const VERBATIM_SNAPSHOT_BYTES = 8 * 1024
/**
 * Main content budget. The view grows with the article (the median article is ~6 KiB of text) up to this cap, so
 * most articles fit whole while the whole view stays under 16 KiB; longer pages end with the spill path.
 */
export const READING_BYTES = 12 * 1024
/** Nearby content after a short main block: enough for a lead or sidebar story, not the whole page. */
export const NEARBY_BYTES = 1024
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
  const nearby = nearbySection(root, main, mainState, Math.min(NEARBY_BYTES, READING_BYTES - mainState.bytes))
  const shown = new Set([...mainState.shownRefs, ...nearby.shownRefs])
  const { outline, sectionHeads } = outlineSection(main, all)
  const { controls, omittedControlRefs } = controlsSection(all, shown)
  for (const r of outline.shownRefs) shown.add(r)
  for (const r of controls.shownRefs) shown.add(r)
  const omitted: Record<string, number> = {}
  for (const n of all) if (!shown.has(n.ref ?? "")) omitted[n.role] = (omitted[n.role] ?? 0) + 1
  const controlsTitle = mainState.truncated || main !== undefined ? "Omitted high-value controls" : "Controls"
  const previewSections = previewSectionsOf({
    main,
    doc,
    mainState,
    nearby,
    outline,
    sectionHeads,
    controls,
    omittedControlRefs,
    controlsTitle
  })
  const sections: Array<string> = []
  const rawBytes = Buffer.byteLength(raw, "utf8")
  sections.push(
    `Snapshot of ${origin || "the page"}: compact view, ${all.length} refs, ${Math.round(rawBytes / 1024)} KiB ` +
      `raw. ${main !== undefined ? "Main content first." : "Whole page, condensed."} @eN are refs. ` +
      `${VIEWPORT_NOTE}`
  )
  sections.push(mainSection(main, mainState, doc, resume, origin))
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

/** The main content's section: its heading, its lines, and where it goes on (or that the full snapshot has more). */
const mainSection = (
  main: SnapshotNode | undefined,
  mainState: RenderState,
  doc: ReadingDoc | undefined,
  resume: number | undefined,
  origin: string
): string => {
  const rest = doc !== undefined && resume !== undefined ? restOutline(doc.lines, doc.headings, resume) : undefined
  const cut =
    doc !== undefined && resume !== undefined
      ? `\n${readOnLine(doc, resume, READ_RESULT_BYTES - Buffer.byteLength(readHead(origin), "utf8"))}` +
        `${rest !== undefined && rest !== "" ? `\nOutline of the rest:\n${rest}` : ""}`
      : mainState.truncated
        ? "\n… (more in the full snapshot)"
        : ""
  return (
    `${main !== undefined ? `Main content (${main.role}${main.name !== undefined ? ` "${main.name}"` : ""}):\n` : ""}` +
    `${mainState.lines.join("\n")}${cut}`
  )
}
