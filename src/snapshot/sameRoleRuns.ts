/**
 * A run of sibling lines that differ only in name and ref (a calendar's days, a table's column headers) as one line
 * that says their role and shared marks once, with each name and ref on its own line under it. Words every name of
 * the run starts or ends with are said once too, in the header, with `…` for each line's own part:
 *
 *   - gridcell ×42, each clickable, named "Choose …, 2025":
 *     - "Sunday, February 23rd" [ref=e32]
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
  /** The name as upstream quotes it, without its quotes. */
  readonly name: string
  readonly ref: string
}

const itemOf = (line: string): Item | undefined => {
  const m = ITEM.exec(line)
  if (m === null) return undefined
  const [, indent = "", role = "", name = "", attributes = "", marks = ""] = m
  const ref = REF.exec(attributes)
  if (ref === null) return undefined
  const others = attributes.replace(REF, "").replace(/^, /, "")
  const shared = `${others === "" ? "" : ` [${others}]`}${marks}`
  return { indent, key: `${indent}${role}${shared}`, role, shared, name: name.slice(1, -1), ref: ref[1] ?? "" }
}

/** Fewer characters than this said once for a whole run are not worth the header's `named "…"`. */
const MIN_HOISTED_CHARS = 6

/**
 * The words every name of the run starts with (up to and with a space) and ends with (from a space, or punctuation
 * before one), when they leave each name a part of its own; else empty. Never inside a word or a number.
 */
export const sharedNameParts = (names: ReadonlyArray<string>): { readonly prefix: string; readonly suffix: string } => {
  const [first = "", ...rest] = names
  let p = first.length
  let q = first.length
  for (const name of rest) {
    let i = 0
    while (i < p && i < name.length && name[i] === first[i]) i++
    p = i
    let j = 0
    while (j < q && j < name.length && name[name.length - 1 - j] === first[first.length - 1 - j]) j++
    q = j
  }
  const prefix = first.slice(0, first.lastIndexOf(" ", p - 1) + 1)
  let suffix = first.slice(first.length - q)
  // from its first space, or punctuation that ends a word ("…, 2025", not the ".5 kg" of "1.5 kg"); upstream escapes
  // only quotes and backslashes, and neither starts it
  const start = suffix.search(/ |[,.;:)](?= |$)/)
  suffix = start < 0 ? "" : suffix.slice(start)
  const fits = names.every((n) => n.length > prefix.length + suffix.length)
  return fits && prefix.length + suffix.length >= MIN_HOISTED_CHARS ? { prefix, suffix } : { prefix: "", suffix: "" }
}

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0

/**
 * The header of a run: its role, its count, what each of its lines shares (`each clickable`, `each [level=2]`) and the
 * words each name starts and ends with (`named "Choose …, 2025"`).
 */
const headerOf = (first: Item, count: number, named: { readonly prefix: string; readonly suffix: string }): string =>
  `${first.indent}- ${first.role} ×${count}${first.shared === "" ? "" : `, each${first.shared}`}${
    named.prefix === "" && named.suffix === "" ? "" : `, named "${named.prefix}…${named.suffix}"`
  }:`

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
    const run = items.slice(i, end).filter((item) => item !== undefined)
    const named = sharedNameParts(run.map((item) => item.name))
    out.push(headerOf(first, end - i, named))
    for (const item of run) {
      const own = item.name.slice(named.prefix.length, item.name.length - named.suffix.length)
      out.push(`${first.indent}  - "${own}" [${item.ref}]`)
    }
    i = end
  }
  return out.join("\n")
}
