/**
 * Parses agent-browser's ARIA snapshot text (`- role "name" [attr, ref=eN]: value`, two spaces per level) into a
 * tree. Pure and lossless enough to re-render: unknown line shapes become text nodes.
 */

export interface SnapshotNode {
  readonly role: string
  readonly name: string | undefined
  readonly ref: string | undefined
  readonly attrs: ReadonlyArray<string>
  readonly value: string | undefined
  /** Upstream's words after the attributes (`editable [contenteditable]`, `clickable [onclick]`): `editable`, … */
  readonly marks?: ReadonlyArray<string>
  readonly children: Array<SnapshotNode>
}

/**
 * A mark after the attributes, with its reasons: `editable [contenteditable]`, `clickable [cursor:pointer]`; and the
 * tool's words for what the page marks draggable or a drop target (page/refTargets.ts).
 */
const MARK = /^\s*(editable|clickable|draggable|drop target)(?: \[[^\]]*\])?/

const LINE = /^(\s*)- (.*)$/

/** `role "name" [a, b=c]: value` → parts; names are JSON-style quoted strings. */
const parseItem = (item: string): Omit<SnapshotNode, "children"> => {
  let rest = item
  const roleMatch = /^([^\s"[:]+)/.exec(rest)
  const role = roleMatch?.[1] ?? "text"
  rest = rest.slice(role.length).trimStart()
  let name: string | undefined
  if (rest.startsWith('"')) {
    let i = 1
    while (i < rest.length && rest[i] !== '"') i += rest[i] === "\\" ? 2 : 1
    const quoted = rest.slice(0, i + 1)
    try {
      name = JSON.parse(quoted) as string
    } catch {
      name = quoted.slice(1, -1)
    }
    rest = rest.slice(i + 1).trimStart()
  }
  let attrs: Array<string> = []
  if (rest.startsWith("[")) {
    const end = rest.indexOf("]")
    attrs = rest
      .slice(1, end < 0 ? undefined : end)
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a !== "")
    rest = end < 0 ? "" : rest.slice(end + 1)
  }
  const marks: Array<string> = []
  for (let m = MARK.exec(rest); m !== null; m = MARK.exec(rest)) {
    marks.push(m[1] ?? "")
    rest = rest.slice(m[0].length)
  }
  rest = rest.trimStart()
  const value = rest.startsWith(":") ? rest.slice(1).trim() : undefined
  const refAttr = attrs.find((a) => a.startsWith("ref="))
  return {
    role,
    name,
    ref: refAttr?.slice(4),
    attrs: attrs.filter((a) => !a.startsWith("ref=")),
    value: value === "" ? undefined : value,
    ...(marks.length > 0 ? { marks } : {})
  }
}

export const parseSnapshot = (text: string): SnapshotNode => {
  const root: SnapshotNode = {
    role: "root",
    name: undefined,
    ref: undefined,
    attrs: [],
    value: undefined,
    children: []
  }
  const stack: Array<{ readonly depth: number; readonly node: SnapshotNode }> = [{ depth: -1, node: root }]
  for (const raw of text.split("\n")) {
    const match = LINE.exec(raw)
    if (match === null) continue
    const depth = (match[1] ?? "").length / 2
    const node: SnapshotNode = { ...parseItem(match[2] ?? ""), children: [] }
    while (stack.length > 1 && (stack[stack.length - 1]?.depth ?? -1) >= depth) stack.pop()
    stack[stack.length - 1]?.node.children.push(node)
    stack.push({ depth, node })
  }
  return root
}

/** Visits every node depth-first, parents before children. */
export const walk = (node: SnapshotNode, visit: (node: SnapshotNode, depth: number) => void, depth = 0): void => {
  visit(node, depth)
  for (const child of node.children) walk(child, visit, depth + 1)
}
