/**
 * The sections of a compact snapshot view around its main content (compactSnapshot.ts): nearby content, the outline
 * of the other sections, the controls not shown yet, the rest of a long main content as headings, and the preview
 * sections that describe them. Each renders into its own budgeted state. Pure.
 */
import { walk, type SnapshotNode } from "./parseSnapshot.js"
import type { PreviewSection } from "./previewMeta.js"
import type { ReadingDoc } from "./readingText.js"
import { CONTROL_ROLES, controlLine, type RenderState, renderFlow } from "./renderFlow.js"

/** Outline of headings not shown above. */
export const OUTLINE_BYTES = 500
/** Controls (editable fields first) not shown above. */
export const CONTROLS_BYTES = 640
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

const EDITABLE = new Set(["textbox", "searchbox", "combobox", "spinbutton", "slider", "listbox"])

const contains = (ancestor: SnapshotNode, node: SnapshotNode): boolean => {
  let found = false
  walk(ancestor, (n) => {
    if (n === node) found = true
  })
  return found
}

export const newState = (budget: number, reading?: RenderState["reading"]): RenderState => ({
  lines: [],
  bytes: 0,
  budget,
  truncated: false,
  shownRefs: new Set(),
  headingLines: [],
  ...(reading !== undefined ? { reading } : {})
})

/**
 * `§k <heading>` for every heading after `from`, within REST_OUTLINE_BYTES; when they do not all fit, the top levels
 * first (in page order) and the count of the deeper ones left out.
 */
export const restOutline = (lines: ReadonlyArray<string>, headings: ReadonlyArray<number>, from: number): string => {
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

/** Nearby content: what is left of the page outside chrome and link rails, in page order, within the budget. */
export const nearbySection = (
  root: SnapshotNode,
  main: SnapshotNode | undefined,
  mainState: RenderState,
  budget: number
): RenderState => {
  const nearby = newState(budget)
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
  return nearby
}

/** Outline: headings (levels 1-3) outside the main block, in page order; `sectionHeads` are all of them. */
export const outlineSection = (
  main: SnapshotNode | undefined,
  all: ReadonlyArray<SnapshotNode>
): { readonly outline: RenderState; readonly sectionHeads: ReadonlyArray<SnapshotNode> } => {
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
  return { outline, sectionHeads }
}

/** Controls not shown yet: editable fields first, then buttons/tabs/others; named ones only. */
export const controlsSection = (
  all: ReadonlyArray<SnapshotNode>,
  shown: ReadonlySet<string>
): { readonly controls: RenderState; readonly omittedControlRefs: ReadonlyArray<string> } => {
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
  return { controls, omittedControlRefs }
}

/** What each section of the view shows and leaves out (the preview metadata's `previewSections`). */
export const previewSectionsOf = (view: {
  readonly main: SnapshotNode | undefined
  readonly doc: ReadingDoc | undefined
  readonly mainState: RenderState
  readonly nearby: RenderState
  readonly outline: RenderState
  readonly sectionHeads: ReadonlyArray<SnapshotNode>
  readonly controls: RenderState
  readonly omittedControlRefs: ReadonlyArray<string>
  readonly controlsTitle: string
}): Array<PreviewSection> => {
  const { main, doc, mainState, nearby, outline, sectionHeads, controls, omittedControlRefs, controlsTitle } = view
  return [
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
}
