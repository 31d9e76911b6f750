/**
 * A document's own table of contents: a list of in-page links whose names are the document's headings ("2.1. NAME",
 * "1 Etymology"), at least half of them. Reading a long document as text, it repeats the outline the view already
 * gives with section numbers, so the reading text leaves it out (its links stay in `snapshot -i`). A chapter's own
 * shorter list stays: it is part of the chapter's text. Pure.
 */
import type { SnapshotNode } from "./parseSnapshot.js"

/** Containers a table of contents is built of. */
const TOC_ROLES = new Set(["list", "DescriptionList", "navigation"])
/** Parts of a table of contents besides its links. */
const FRAME_ROLES = new Set([
  "list",
  "listitem",
  "ListMarker",
  "DescriptionList",
  "term",
  "definition",
  "generic",
  "group",
  "separator"
])
/** At least this many links, this share of them named as a heading, and this share of the headings listed. */
const MIN_LINKS = 3
const HEADING_SHARE = 0.6
const LISTED_SHARE = 0.5

/** A heading or entry without its numbering, a wiki's "[edit]" and case: "2.1. NAME" and "2.1 Name" → "name". */
const key = (text: string): string =>
  text
    .replace(/^\s*(?:[A-Z]|\d+)(?:\.\d+)*\.?\s+/, "")
    .replace(/\[edit\]\s*$/i, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()

/** The names of the links a container holds when it holds nothing but links (and list frames); else undefined. */
const linkNames = (node: SnapshotNode, names: Array<string>): boolean => {
  for (const child of node.children) {
    if (child.role === "link") names.push(child.name ?? "")
    else if (child.role === "StaticText") {
      if ((child.name ?? "").trim() !== "") return false
    } else if (!FRAME_ROLES.has(child.role) || !linkNames(child, names)) return false
  }
  return true
}

/** The outermost tables of contents in `block`. */
export const tablesOfContents = (block: SnapshotNode): ReadonlySet<SnapshotNode> => {
  const headings = new Set<string>()
  let headingCount = 0
  const collect = (n: SnapshotNode) => {
    if (n.role === "heading" && n.name !== undefined) {
      headings.add(key(n.name))
      headingCount++
    }
    n.children.forEach(collect)
  }
  collect(block)
  const found = new Set<SnapshotNode>()
  const visit = (n: SnapshotNode) => {
    if (TOC_ROLES.has(n.role)) {
      const names: Array<string> = []
      const listed = linkNames(n, names) ? names.filter((name) => headings.has(key(name))).length : 0
      if (
        names.length >= MIN_LINKS &&
        listed >= HEADING_SHARE * names.length &&
        listed >= LISTED_SHARE * headingCount
      ) {
        found.add(n)
        return
      }
    }
    n.children.forEach(visit)
  }
  visit(block)
  return found
}
