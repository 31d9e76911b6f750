/**
 * Renders a snapshot subtree as compact reading text: prose as plain lines (sentences kept whole, link text inline),
 * headings as `#` lines, list items as `- ` lines (indented lines in a long document's reading text), table rows
 * as `a | b`, controls as `role "name" @eN`, and the refs of inline links listed after their line. Stops at a byte
 * budget and reports what it could not show.
 */
import { isBlockedFrame } from "./contentWeight.js"
import type { SnapshotNode } from "./parseSnapshot.js"

const INLINE = new Set([
  "StaticText",
  "link",
  "emphasis",
  "strong",
  "code",
  "mark",
  "subscript",
  "superscript",
  "time",
  "abbr",
  "LineBreak",
  "text",
  "insertion",
  "deletion"
])
const SKIP = new Set(["ListMarker", "separator", "img", "image", "graphics-symbol", "presentation", "none"])
export const CONTROL_ROLES = new Set([
  "button",
  "textbox",
  "searchbox",
  "combobox",
  "checkbox",
  "radio",
  "switch",
  "slider",
  "spinbutton",
  "tab",
  "menuitem",
  "option",
  "listbox",
  "menuitemcheckbox",
  "menuitemradio",
  "treeitem"
])
/** Inline link names longer than this are cut in the trailing ref list (the full text is already in the line). */
const LINK_LABEL_CHARS = 32

export interface RenderState {
  readonly lines: Array<string>
  bytes: number
  readonly budget: number
  truncated: boolean
  /** Refs rendered so far (the compact view's "shown" set). */
  readonly shownRefs: Set<string>
  /** Reading text: no refs at all (controls and links by their names only). Refs are shown unless this is set. */
  readonly textOnly?: boolean
  /** When given, the index in `lines` of every heading rendered (the sections of reading text start there). */
  readonly headingLines?: Array<number>
  /**
   * A long document read as text (readingText.ts), in the view and in `snapshot --read` alike: its own table of
   * contents (these nodes) and its controls are left out, they are in the outline and `snapshot -i`; a line that does
   * not fit is left for the next read rather than cut, so no read repeats what the one before showed.
   */
  readonly reading?: { readonly leaveOut: ReadonlySet<SnapshotNode> }
  /** Set when the last line was cut at the budget (only ever the first line of a reading). */
  cutLast?: boolean
}

const isInline = (node: SnapshotNode): boolean =>
  INLINE.has(node.role) || (node.role === "generic" && node.name === undefined && node.children.every(isInline))

const attr = (node: SnapshotNode, key: string): string | undefined =>
  node.attrs.find((a) => a.startsWith(`${key}=`))?.slice(key.length + 1)

const clip = (s: string, max: number): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s)

/**
 * Whether two inline pieces need a space between them: the accessibility tree drops whitespace-only text between two
 * elements (`<code>timeout</code> <a>&lt;number&gt;</a>`, `<b>Default:</b> <code>undefined</code>`), so two pieces
 * that end and start a word (ASCII letters, digits, `:`/`,` then a letter, `<`, `(`, a quote after a citation's `^`)
 * were apart on the page. Not
 * before `.`/`)` (`<code>fs</code>.open`), and never between other scripts' characters (CJK text has no spaces).
 */
const needsSpace = (left: string, right: string): boolean =>
  /[A-Za-z0-9:;,!?)\]>^]$/.test(left) && /^[A-Za-z0-9<(\["“]/.test(right)

/** Image roles: an image-only link's name is its alt text, a description of a picture rather than the text. */
const IMAGE_ROLES = new Set(["img", "image", "graphics-symbol"])

/** Inline text of a run plus the refs of the links in it (`reading`: without image links' alt text). */
const inlineText = (
  nodes: ReadonlyArray<SnapshotNode>,
  links: Array<{ ref: string; name: string }>,
  reading = false
): string => {
  let out = ""
  nodes.forEach((n, i) => {
    const previous = nodes[i - 1]
    // sibling text nodes that end and start sentences are separate paragraphs in one container
    const breakBefore =
      n.role === "StaticText" &&
      previous?.role === "StaticText" &&
      /[.!?…"”’)]\s*$/.test(previous.name ?? "") &&
      /^\s*["“‘(]?[A-Z0-9]/.test(n.name ?? "")
    const text = inlineNode(n, links, reading)
    out += breakBefore
      ? `\n${text}`
      : i > 0 && n.role !== "StaticText" && previous?.role !== "StaticText" && needsSpace(out, text)
        ? ` ${text}`
        : text
  })
  return out
}

const inlineNode = (n: SnapshotNode, links: Array<{ ref: string; name: string }>, reading: boolean): string => {
  if (SKIP.has(n.role)) return ""
  if (n.role === "link") {
    const name = n.name ?? inlineText(n.children, [])
    if (n.ref !== undefined) links.push({ ref: n.ref, name })
    return reading && n.children.length > 0 && n.children.every((c) => IMAGE_ROLES.has(c.role)) ? "" : name
  }
  if (n.role === "StaticText" || n.role === "text") return n.name ?? n.value ?? ""
  if (n.role === "LineBreak") return " "
  return inlineText(n.children, links, reading) || (n.name ?? "")
}

/** Shortest useful tail of a cut line: below this, the line is dropped instead. */
const MIN_PARTIAL_BYTES = 200

const push = (state: RenderState, line: string, refs: ReadonlyArray<string>): boolean => {
  const size = Buffer.byteLength(line, "utf8") + 1
  if (state.bytes + size > state.budget) {
    const room = state.budget - state.bytes - 2
    if (room >= MIN_PARTIAL_BYTES && (state.reading === undefined || state.lines.length === 0)) {
      const cut = Buffer.from(line, "utf8")
        .subarray(0, room)
        .toString("utf8")
        .replace(/\uFFFD$/, "")
      state.lines.push(`${cut}…`)
      state.bytes = state.budget
      state.cutLast = true
    }
    state.truncated = true
    return false
  }
  state.lines.push(line)
  state.bytes += size
  for (const r of refs) state.shownRefs.add(r)
  return true
}

/** The refs of a line's links, after it: a line that is one link's name takes just its ref. */
const refList = (links: ReadonlyArray<{ ref: string; name: string }>, line: string): string =>
  links.length === 0
    ? ""
    : links.length === 1 && normalize(links[0]?.name ?? "") === line.replace(/^\s*- /, "")
      ? ` @${links[0]?.ref}`
      : ` [${links.map((l) => `@${l.ref} ${clip(l.name.trim(), LINK_LABEL_CHARS)}`).join("; ")}]`

/** The refs of a line's links, after it (none in reading text). */
const refsOf = (state: RenderState, links: ReadonlyArray<{ ref: string; name: string }>, line: string): string =>
  state.textOnly === true ? "" : refList(links, line)

const normalize = (s: string): string =>
  s
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim()

export const controlLine = (node: SnapshotNode): string => {
  const extras = node.attrs.filter((a) => !a.startsWith("level="))
  const value = node.value !== undefined ? `: ${clip(node.value, 80)}` : ""
  return (
    `${node.role}${node.name !== undefined && node.name !== "" ? ` ${JSON.stringify(node.name)}` : ""}` +
    `${node.ref !== undefined ? ` @${node.ref}` : ""}${extras.length > 0 ? ` [${extras.join(", ")}]` : ""}` +
    `${value}`
  )
}

/**
 * A node that is one line of its own (a heading, a folded <details>, a control, a table row, a link outside a list):
 * renders it and returns whether the budget held; undefined for a node whose content flows (renderFlow).
 */
const renderOwnLine = (node: SnapshotNode, state: RenderState, listDepth: number): boolean | undefined => {
  if (node.role === "heading") {
    const level = Number(attr(node, "level") ?? 2)
    const text = normalize(node.name ?? inlineText(node.children, []))
    if (text === "") return true
    state.headingLines?.push(state.lines.length)
    return push(state, `${"#".repeat(Math.min(Math.max(level, 1), 6))} ${text}`, [])
  }
  // a folded <details>: the tree has its summary but not what it folds (Chromium leaves that out), so reading text says
  // the text stops there rather than let the summary pass for a line of prose
  if (state.reading !== undefined && node.role === "DisclosureTriangle" && node.attrs.includes("expanded=false")) {
    const text = normalize(node.name ?? inlineText(node.children, []))
    return text === "" || push(state, `${text} (folded)`, [])
  }
  if (CONTROL_ROLES.has(node.role))
    return (
      state.reading !== undefined ||
      push(
        state,
        state.textOnly === true ? controlLine({ ...node, ref: undefined }) : controlLine(node),
        node.ref !== undefined ? [node.ref] : []
      )
    )
  if (node.role === "row") {
    const links: Array<{ ref: string; name: string }> = []
    const cells = node.children
      .filter((c) => !SKIP.has(c.role))
      .map((c) =>
        normalize(
          inlineText(c.children.length > 0 ? c.children : [c], links, state.reading !== undefined) || (c.name ?? "")
        )
      )
    const line = cells.join(" | ")
    return (
      line.replace(/[| ]/g, "") === "" ||
      push(
        state,
        `${line}${refsOf(state, links, line)}`,
        links.map((l) => l.ref)
      )
    )
  }
  if (node.role === "link" && node.ref !== undefined && listDepth === 0 && node.name !== undefined) {
    return push(
      state,
      state.textOnly === true ? normalize(node.name) : `link ${JSON.stringify(normalize(node.name))} @${node.ref}`,
      [node.ref]
    )
  }
  return undefined
}

/** Renders `node`'s content into `state`; returns false once the budget is exhausted. */
export const renderFlow = (node: SnapshotNode, state: RenderState, listDepth = 0): boolean => {
  if (SKIP.has(node.role) || isBlockedFrame(node) || state.reading?.leaveOut.has(node) === true) return true
  const own = renderOwnLine(node, state, listDepth)
  if (own !== undefined) return own
  const isList = node.role === "list"
  // reading text marks a list item by its indent alone: the page's text runs on from line to line ("Returns: <Object>"
  // then "  pid <number> Pid of the child process.") as a reader reads it, where a `- ` would cut into it
  const prefix =
    node.role !== "listitem"
      ? ""
      : state.reading !== undefined
        ? "  ".repeat(Math.max(listDepth, 1))
        : `${"  ".repeat(Math.max(listDepth - 1, 0))}- `
  let run: Array<SnapshotNode> = []
  let first = true
  const flush = (): boolean => {
    if (run.length === 0) return true
    const links: Array<{ ref: string; name: string }> = []
    const text = normalize(inlineText(run, links, state.reading !== undefined))
    run = []
    if (text === "") return true
    const line =
      `${first || state.reading !== undefined ? prefix : prefix === "" ? "" : `${"  ".repeat(listDepth)}`}${text}` +
      `${refsOf(state, links, text)}`
    first = false
    return push(
      state,
      line,
      links.map((l) => l.ref)
    )
  }
  for (const child of node.children) {
    if (isInline(child)) {
      run.push(child)
      continue
    }
    if (!flush()) return false
    const before = state.lines.length
    if (!renderFlow(child, state, isList ? listDepth + 1 : listDepth)) return false
    if (state.lines.length > before && child.role !== "list") first = false
  }
  return flush()
}
