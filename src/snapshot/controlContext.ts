/**
 * Names unnamed controls by their context: `checkbox [checked=false, ref=e9]` in a todo list says nothing, so the
 * interactive view adds ` (in listitem "Buy milk")`, read from the full tree of the same page (the nearest ancestor
 * with a little text of its own, or else the heading above). When that ancestor holds other unnamed controls too (a
 * form of four custom selects), its text would be the same for all of them: the control is named by the text right
 * next to it instead (` (after "Choose a speed")`, or before it for a checkbox or radio, whose label follows it).
 * Only unnamed controls get a context, at most MAX_CONTEXTS of them, so a page without any reads exactly as before.
 * Pure.
 */
import { parseSnapshot, type SnapshotNode } from "./parseSnapshot.js"
import { CONTROL_ROLES } from "./renderFlow.js"

/** Controls named by context per view: a dense grid of unnamed cells costs at most this many annotations. */
export const MAX_CONTEXTS = 40
/** Context text is cut to this many characters. */
const CONTEXT_CHARS = 40
/** An ancestor with more text than this is a container (a form, a page section), not the control's row or label. */
const ROW_TEXT_CHARS = 120
/** Ancestors searched for the row or label a control belongs to. */
const MAX_CLIMB = 4
/** Wrappers that say nothing about what the control belongs to: their parent's role names the context instead. */
const WRAPPERS = new Set([
  "generic",
  "none",
  "presentation",
  "LabelText",
  "paragraph",
  "Section",
  "group",
  "cell",
  "gridcell"
])
const NAMEABLE = new Set([...CONTROL_ROLES, "link"])

const isUnnamedControl = (node: SnapshotNode): boolean =>
  node.ref !== undefined && NAMEABLE.has(node.role) && (node.name ?? "").trim() === ""

/** Refs of the unnamed controls in a snapshot text, in page order. */
export const unnamedControlRefs = (tree: string): ReadonlyArray<string> => {
  const refs: Array<string> = []
  const visit = (node: SnapshotNode): void => {
    if (isUnnamedControl(node) && node.ref !== undefined) refs.push(node.ref)
    for (const child of node.children) visit(child)
  }
  visit(parseSnapshot(tree))
  return refs
}

/** Characters of text in a snapshot tree, spaces not counted (names of text, headings, cells; not of controls). */
export const treeTextChars = (tree: string): number => {
  let chars = 0
  for (const m of tree.matchAll(/^\s*- (?:StaticText|text|heading|cell|paragraph|listitem) ("(?:[^"\\]|\\.)*")/gm))
    chars += (m[1] ?? "").replace(/\s+/g, "").length - 2
  return chars
}

/** A node's text: static text and the names of cells, headings, links and labels, but not of other controls. */
const textOf = (node: SnapshotNode): string => {
  if (node.role === "StaticText" || node.role === "text") return node.name ?? node.value ?? ""
  if (node.role === "ListMarker" || CONTROL_ROLES.has(node.role)) return ""
  const inner = node.children
    .map(textOf)
    .filter((t) => t.trim() !== "")
    .join(" ")
  // a cell, label or heading whose text upstream printed as its name
  return inner !== "" ? inner : (node.name ?? "")
}

const normalize = (s: string): string => s.replace(/\s+/g, " ").trim()
const clip = (s: string): string => (s.length > CONTEXT_CHARS ? `${s.slice(0, CONTEXT_CHARS - 1)}…` : s)

/** Controls whose label usually follows them (`[x] Remember me`); the others' usually precedes them. */
const LABEL_AFTER = new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"])

const unnamedCount = (node: SnapshotNode): number =>
  (isUnnamedControl(node) ? 1 : 0) + node.children.reduce((sum, c) => sum + unnamedCount(c), 0)

/**
 * The text between `control` and the control before it, and between it and the control after it, inside `scope`
 * (page order; other controls' names are not text).
 */
const adjacentText = (
  scope: SnapshotNode,
  control: SnapshotNode
): { readonly before: string; readonly after: string } => {
  const items: Array<SnapshotNode | string> = []
  const visit = (node: SnapshotNode): void => {
    if (node === control || (node.ref !== undefined && NAMEABLE.has(node.role))) {
      items.push(node)
      return
    }
    if (node.role === "StaticText" || node.role === "text") items.push(node.name ?? node.value ?? "")
    else if (node.children.length === 0 && node.role !== "ListMarker" && node.name !== undefined) items.push(node.name)
    for (const child of node.children) visit(child)
  }
  for (const child of scope.children) visit(child)
  const at = items.indexOf(control)
  const run = (from: number, step: number): string => {
    const parts: Array<string> = []
    for (let i = from; i >= 0 && i < items.length && typeof items[i] === "string"; i += step)
      parts.push(items[i] as string)
    return normalize((step < 0 ? parts.reverse() : parts).join(" "))
  }
  return { before: run(at - 1, -1), after: run(at + 1, 1) }
}

/** The control named by the text next to it, when its row is shared with other unnamed controls. */
const nextToContext = (scope: SnapshotNode, control: SnapshotNode): string | undefined => {
  const { before, after } = adjacentText(scope, control)
  const clipEnd = (s: string) => (s.length > CONTEXT_CHARS ? `…${s.slice(s.length - CONTEXT_CHARS + 1)}` : s)
  const said = [
    before !== "" ? `after ${JSON.stringify(clipEnd(before))}` : undefined,
    after !== "" ? `before ${JSON.stringify(clip(after))}` : undefined
  ]
  return (LABEL_AFTER.has(control.role) ? [said[1], said[0]] : said).find((s) => s !== undefined)
}

/** The context of the control at the end of `path` (its ancestors, root first), or undefined. */
const contextAt = (path: ReadonlyArray<SnapshotNode>, heading: string | undefined): string | undefined => {
  const control = path[path.length - 1]
  for (let i = path.length - 2, climbed = 0; i >= 1 && climbed < MAX_CLIMB; i--, climbed++) {
    const ancestor = path[i]
    if (ancestor === undefined) break
    const text = normalize(textOf(ancestor))
    if (text === "") continue
    if (text.length > ROW_TEXT_CHARS) break
    // a row shared with other unnamed controls names none of them apart: the text right next to this one does
    const shared = control !== undefined && unnamedCount(ancestor) > 1 ? nextToContext(ancestor, control) : undefined
    if (shared !== undefined) return shared
    // a wrapper's parent with the same text names the row (a div.view inside its listitem)
    let role = ancestor.role
    for (let j = i - 1; WRAPPERS.has(role) && j >= 1; j--) {
      const parent = path[j]
      if (parent === undefined || normalize(textOf(parent)) !== text) break
      role = parent.role
    }
    return WRAPPERS.has(role) ? `next to ${JSON.stringify(clip(text))}` : `in ${role} ${JSON.stringify(clip(text))}`
  }
  return heading !== undefined ? `under heading ${JSON.stringify(clip(heading))}` : undefined
}

/** Context of each wanted ref in the full tree, in page order, at most MAX_CONTEXTS. */
export const controlContexts = (fullTree: string, wanted: ReadonlyArray<string>): Readonly<Record<string, string>> => {
  const want = new Set(wanted)
  const found: Record<string, string> = {}
  let count = 0
  let heading: string | undefined
  const path: Array<SnapshotNode> = []
  const visit = (node: SnapshotNode): void => {
    if (count >= MAX_CONTEXTS) return
    path.push(node)
    if (node.role === "heading") heading = normalize(node.name ?? textOf(node)) || heading
    if (node.ref !== undefined && want.has(node.ref) && found[node.ref] === undefined) {
      const context = contextAt(path, heading)
      if (context !== undefined) {
        found[node.ref] = context
        count++
      }
    }
    for (const child of node.children) visit(child)
    path.pop()
  }
  visit(parseSnapshot(fullTree))
  return found
}

const REF_IN_LINE = /[[ ]ref=(e\d+)[\],]/
/** What upstream appends to elements the tool made clickable for one snapshot (`-C`): not the page's doing. */
const TOOL_MARK = " clickable [onclick]"

/**
 * The snapshot text with each unnamed control's context appended to its line, and upstream's `clickable [onclick]`
 * removed from the lines of elements the tool itself gave refs to (`targets`, matched by their text), or replaced by
 * what the page marks that element as (`kinds`, parallel to `targets`: `draggable`, `drop target`).
 */
export const annotateTree = (
  tree: string,
  contexts: Readonly<Record<string, string>>,
  targets: ReadonlyArray<string> = [],
  kinds: ReadonlyArray<string> = []
): string => {
  const marked = new Map<string, string>()
  targets.forEach((t, i) => {
    const key = JSON.stringify(normalize(t).slice(0, 100))
    if (!marked.get(key)) marked.set(key, kinds[i] ?? "")
  })
  if (Object.keys(contexts).length === 0 && marked.size === 0) return tree
  return tree
    .split("\n")
    .map((line) => {
      let out = line
      if (marked.size > 0 && out.endsWith(TOOL_MARK)) {
        const name = /^\s*- [^\s"[:]+ ("(?:[^"\\]|\\.)*")/.exec(out)?.[1]
        const kind = name !== undefined ? marked.get(JSON.stringify(normalize(JSON.parse(name) as string))) : undefined
        if (kind !== undefined) out = `${out.slice(0, -TOOL_MARK.length)}${kind !== "" ? ` ${kind}` : ""}`
      }
      const ref = REF_IN_LINE.exec(out)?.[1]
      const context = ref !== undefined ? contexts[ref] : undefined
      if (context === undefined) return out
      // before a `: value` so the value stays last, as upstream prints it
      const end = out.indexOf("]", out.indexOf("ref=")) + 1
      return `${out.slice(0, end)} (${context})${out.slice(end)}`
    })
    .join("\n")
}
