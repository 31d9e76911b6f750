/**
 * The snapshot tree as the model reads it, in upstream's own line format with the lines that say nothing removed:
 * a node whose children are only text says it on its own line (`- listitem "Alpha"`, not `- listitem` + `- StaticText
 * "Alpha"`), a wrapper without name, ref or state gives way to what it holds when its bounds say nothing (it holds one
 * node, starts with its heading, or is the only group among its siblings; cards side by side keep theirs), adjacent
 * text runs are one line, bullets, separators and empty structure are dropped, and a list item's `level` (its
 * indentation says it) is not repeated. Every name, ref, state, value and text stays, in page order. In `-i` (a flat
 * list) a nested item's level stays and a clickable wrapper's run-together name is cut, or dropped where no other
 * wrapper is beside it. `clickable` keeps no list of reasons. Lines the tool added (a control's context) are kept as
 * they are. Pure.
 */

interface Line {
  /** Indentation in levels (two spaces each) as upstream printed it. */
  readonly depth: number
  role: string
  /** The quoted name, as printed (JSON string), or undefined. */
  name: string | undefined
  /** Everything after role and name (attributes, the tool's context, `: value`), with its leading space. */
  rest: string
  readonly children: Array<Line>
  /** A line that is not `- role …` (upstream's "(empty page)", …): printed as it was. */
  readonly verbatim?: string
}

const ITEM = /^(\s*)- (.*)$/
const TEXT_ROLES = new Set(["StaticText", "text"])
/** Roles that only group: with no name, ref or state, one child says all they do. */
const WRAPPERS = new Set(["generic", "none", "presentation", "Section", "group"])

const parseLine = (depth: number, item: string): Line => {
  const role = /^[^\s"[:]+/.exec(item)?.[0] ?? ""
  let rest = item.slice(role.length)
  let name: string | undefined
  if (rest.startsWith(' "')) {
    let i = 2
    while (i < rest.length && rest[i] !== '"') i += rest[i] === "\\" ? 2 : 1
    name = rest.slice(1, i + 1)
    rest = rest.slice(i + 1)
  }
  return { depth, role, name, rest, children: [] }
}

const parse = (tree: string): Array<Line> => {
  const top: Array<Line> = []
  const stack: Array<Line> = []
  for (const raw of tree.split("\n")) {
    const match = ITEM.exec(raw)
    if (match === null) {
      if (raw.trim() !== "")
        (stack[stack.length - 1]?.children ?? top).push({
          depth: stack.length,
          role: "",
          name: undefined,
          rest: "",
          children: [],
          verbatim: raw.trim()
        })
      continue
    }
    const depth = (match[1] ?? "").length / 2
    const line = parseLine(depth, match[2] ?? "")
    while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? -1) >= depth) stack.pop()
    ;(stack[stack.length - 1]?.children ?? top).push(line)
    stack.push(line)
  }
  return top
}

const textOf = (quoted: string | undefined): string => {
  if (quoted === undefined) return ""
  try {
    return JSON.parse(quoted) as string
  } catch {
    return quoted.slice(1, -1)
  }
}

const isText = (line: Line): boolean =>
  line.verbatim === undefined && TEXT_ROLES.has(line.role) && line.children.length === 0 && line.rest.trim() === ""
const hasRef = (line: Line): boolean => /\bref=e\d+/.test(line.rest)
/** Nothing but a role: no name, ref, attribute, value or context. */
const isBare = (line: Line): boolean =>
  line.verbatim === undefined && line.name === undefined && line.rest.trim() === ""

/** Text runs joined as they read: a space between two runs only where neither already has one. */
const joinText = (parts: ReadonlyArray<string>): string =>
  parts.reduce(
    (joined, part) => (joined === "" || /\s$/.test(joined) || /^\s/.test(part) ? joined + part : `${joined} ${part}`),
    ""
  )

const normalize = (s: string): string => s.replace(/\s+/g, " ").trim()

/**
 * Bullets ("• ", "◦"), separators between links (", ", " | ") and line breaks are layout: a list marker or a text of
 * nothing else says nothing that the lines around it do not (numbered markers, "1. " or "a)", stay).
 */
const BULLETS = /^[\s•◦▪▫·‣⁃○●■□►▸,;|/]*$/
const isLayout = (line: Line): boolean =>
  line.verbatim === undefined &&
  line.children.length === 0 &&
  !hasRef(line) &&
  (line.role === "LineBreak" || ((line.role === "ListMarker" || isText(line)) && BULLETS.test(textOf(line.name))))

/** Empty table cells hold their column's place: never dropped. */
const CELLS = new Set(["cell", "gridcell", "columnheader", "rowheader"])
/** In `-i`, a container's name is all the text inside it run together: this much of it is enough to tell it apart. */
export const CONTAINER_NAME_CHARS = 40

interface Options {
  /** An `-i` tree: flat, so a list item's level is the only place its nesting shows. */
  readonly interactive: boolean
}

const withoutLevel = (rest: string): string => rest.replace(/ \[level=\d+\]/, "").replace(/\[level=\d+, /, "[")

/**
 * `level=N` on a list item repeats what its indentation says (in a full tree); in `-i` (flat) only a nested item's
 * level says something (`level=1` is every top-level item's). In `-i`, a heading's level is not kept either: the
 * headings there are landmarks among the controls (which section a control is in), not an outline.
 */
const withoutListLevel = (line: Line, options: Options): string =>
  (line.role === "listitem" && (!options.interactive || /\[level=1[,\]]/.test(line.rest))) ||
  (line.role === "heading" && options.interactive)
    ? withoutLevel(line.rest)
    : line.rest

/**
 * `clickable [cursor:pointer, onclick, tabindex]`: why upstream found the element clickable (its cursor, a handler, a
 * tab stop) says nothing the model acts on; `clickable` says it can be clicked.
 */
const withoutClickReasons = (rest: string): string => rest.replace(/ clickable \[[^\]]*\]/, " clickable")

/** A clickable wrapper in `-i`: a `generic` with a name (all the text inside it run together) and lines inside it. */
const isNamedWrapper = (line: Line, options: Options): boolean =>
  options.interactive && line.role === "generic" && line.children.length > 0 && line.name !== undefined

/**
 * A clickable wrapper's name in `-i` (`generic "todosMark all as completeBuy milk…"`): cut, and only where it tells
 * the wrapper apart from another beside it (cards side by side); the one wrapper among its siblings (a page's root,
 * which a framework made clickable) is told apart by the lines inside it, so its run-together text is not repeated.
 */
const clippedName = (line: Line, options: Options, alone: boolean): string | undefined => {
  if (!isNamedWrapper(line, options)) return line.name
  if (alone) return undefined
  const text = textOf(line.name)
  return text.length > CONTAINER_NAME_CHARS ? JSON.stringify(`${text.slice(0, CONTAINER_NAME_CHARS - 1)}…`) : line.name
}

/** A wrapper of several nodes: it only groups them. */
const isGroup = (line: Line): boolean => isBare(line) && WRAPPERS.has(line.role) && line.children.length > 1

/**
 * Groups whose bounds another line already says give way to their nodes: a section that starts with its heading, or
 * the one group among its siblings. Groups side by side without headings (cards, rows of a custom list) stay: which
 * button goes with which text is said only by them.
 */
const spliced = (lines: ReadonlyArray<Line>): Array<Line> => {
  const groups = lines.filter(isGroup).length
  return lines.flatMap((line) =>
    isGroup(line) && (groups === 1 || line.children[0]?.role === "heading") ? line.children : [line]
  )
}

/**
 * In `-i`, the page's root (the tree's one top-level node), a wrapper left with no name, state or value (a framework
 * made it clickable: `- generic [ref=e1] clickable`), gives way to the lines inside it: it says nothing they do not.
 * A clickable wrapper beside other lines (a modal's backdrop, a card) stays.
 */
const givesWay = (node: Line, options: Options, root: boolean): boolean =>
  options.interactive &&
  root &&
  node.role === "generic" &&
  node.name === undefined &&
  node.children.length > 0 &&
  /^ \[ref=e\d+\]( clickable)?$/.test(node.rest)

/** `top`: the tree's top-level lines. */
const condenseChildren = (lines: ReadonlyArray<Line>, options: Options, top = false): Array<Line> => {
  const out: Array<Line> = []
  const alone = lines.filter((line) => isNamedWrapper(line, options)).length === 1
  const condensedLines = lines.flatMap((line) => {
    const node = condense(line, options, alone)
    return node === undefined ? [] : givesWay(node, options, top && lines.length === 1) ? node.children : [node]
  })
  for (const condensed of spliced(condensedLines)) {
    if (isLayout(condensed)) continue
    const previous = out[out.length - 1]
    if (previous !== undefined && isText(previous) && isText(condensed)) {
      previous.name = JSON.stringify(joinText([textOf(previous.name), textOf(condensed.name)]))
      continue
    }
    out.push(condensed)
  }
  return out
}

/** One node, condensed; undefined when it says nothing. */
const condense = (line: Line, options: Options, alone: boolean): Line | undefined => {
  if (line.verbatim !== undefined) return line
  const children = condenseChildren(line.children, options)
  const node: Line = {
    ...line,
    name: clippedName(line, options, alone),
    rest: withoutClickReasons(withoutListLevel(line, options)),
    children
  }
  if (children.length === 0)
    return isBare(node) && !TEXT_ROLES.has(node.role) && !CELLS.has(node.role) ? undefined : node
  if (isBare(node) && WRAPPERS.has(node.role) && children.length === 1) return children[0]
  if (children.every(isText)) {
    const text = joinText(children.map((c) => textOf(c.name)))
    if (node.name === undefined && !hasRef(node)) return { ...node, name: JSON.stringify(text), children: [] }
    if (node.name !== undefined && normalize(textOf(node.name)) === normalize(text)) return { ...node, children: [] }
  }
  // a list item that holds one thing is that thing (the list around it says it is an item)
  if (node.role === "listitem" && isBare(node) && children.length === 1 && children[0]?.role !== "list")
    return children[0]
  return node
}

const render = (lines: ReadonlyArray<Line>, depth: number, out: Array<string>): void => {
  for (const line of lines) {
    const indent = "  ".repeat(depth)
    out.push(
      line.verbatim !== undefined
        ? `${indent}${line.verbatim}`
        : `${indent}- ${line.role}${line.name !== undefined ? ` ${line.name}` : ""}${line.rest}`
    )
    render(line.children, depth + 1, out)
  }
}

export const condenseTree = (tree: string, options: Options = { interactive: false }): string => {
  const out: Array<string> = []
  render(condenseChildren(parse(tree), options, true), 0, out)
  return out.join("\n")
}
