/**
 * A run of sibling lines that differ only in name and ref (a calendar's days, a table's column headers) as one line
 * that says their role and shared marks once, with each name and ref on its own line under it:
 *
 *   - gridcell ×42, each clickable:
 *     - "Choose Sunday, February 23rd, 2025" [ref=e32]
 *
 * The last step before the model reads a tree: sizes, deltas and refs are decided on the lines upstream's format has.
 * Every name and ref stays, in page order. Pure.
 */

/** Fewer lines than this in a run say their role as they are: the saving does not pay for a second line format. */
export const MIN_RUN = 6
/**
 * Nor do lines whose shared part (role, attributes, marks) is shorter than this: `link`, `button`, `option` alone save
 * a few bytes a line; `gridcell … clickable`, `columnheader`, `checkbox … [checked=false]` save what is worth it.
 */
export const MIN_SHARED_CHARS = 10

/** `- role "name" [attributes with ref=eN] marks`, a line with nothing under it. */
const ITEM = /^(\s*)- ([A-Za-z]+) ("(?:[^"\\]|\\.)*") \[([^\]]*)\](.*)$/
const REF = /(?:^|, )(ref=e\d+)(?=,|$)/

interface Item {
  readonly indent: string
  /** What every line of a run shares: role, attributes other than the ref, the marks after them. */
  readonly key: string
  readonly role: string
  readonly shared: string
  readonly own: string
}

const itemOf = (line: string): Item | undefined => {
  const m = ITEM.exec(line)
  if (m === null) return undefined
  const [, indent = "", role = "", name = "", attributes = "", marks = ""] = m
  const ref = REF.exec(attributes)
  if (ref === null) return undefined
  const others = attributes.replace(REF, "").replace(/^, /, "")
  const shared = `${others === "" ? "" : ` [${others}]`}${marks}`
  return { indent, key: `${indent}${role}${shared}`, role, shared, own: `${name} [${ref[1]}]` }
}

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0

/** The header of a run: its role, its count, and what each of its lines shares (`each clickable`, `each [level=2]`). */
const headerOf = (first: Item, count: number): string =>
  `${first.indent}- ${first.role} ×${count}${first.shared === "" ? "" : `, each${first.shared}`}:`

/** The tree text with each run of at least MIN_RUN same-role leaf lines said once (see above). */
export const sameRoleRuns = (tree: string): string => {
  const lines = tree.split("\n")
  const items = lines.map((line, i) => {
    const item = itemOf(line)
    // a line with lines under it is not a leaf: its children would read as the run's
    return item !== undefined && indentOf(lines[i + 1] ?? "") <= item.indent.length ? item : undefined
  })
  const out: Array<string> = []
  let i = 0
  while (i < lines.length) {
    const first = items[i]
    let end = i + 1
    while (first !== undefined && end < lines.length && items[end]?.key === first.key) end++
    if (first === undefined || end - i < MIN_RUN || first.role.length + first.shared.length < MIN_SHARED_CHARS) {
      out.push(lines[i] ?? "")
      i++
      continue
    }
    out.push(headerOf(first, end - i))
    for (let j = i; j < end; j++) out.push(`${first.indent}  - ${items[j]?.own ?? ""}`)
    i = end
  }
  return out.join("\n")
}
