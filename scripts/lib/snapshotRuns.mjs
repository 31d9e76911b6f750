// The reader's side of the tool's same-role runs (src/snapshot/sameRoleRuns.ts): a snapshot text with each
// `- role ×N[, each <shared>][, named "<prefix>…<suffix>"]:` run written back as N lines in upstream's own format, so a
// test or a bench finds a ref by `role "name"` in either. Checked against the writer by test/unit/sameRoleRuns.test.ts.
const NAME_PART = '((?:[^"\\\\]|\\\\.)*)'
const HEADER = new RegExp(
  `^(\\s*)- ([A-Za-z]+) ×(\\d+)(?:, each( \\[[^\\]]*\\])?(.*?))?(?:, named "${NAME_PART}…${NAME_PART}")?:$`
)
const ITEM = /^\s*- ("(?:[^"\\]|\\.)*") \[(ref=e\d+)\]$/

/** The text with every run expanded to one `- role "name" [attributes, ref=eN] marks` line per item. */
export const expandRuns = (text) => {
  const lines = text.split("\n")
  const out = []
  for (let i = 0; i < lines.length; i++) {
    const h = HEADER.exec(lines[i])
    if (h === null) {
      out.push(lines[i])
      continue
    }
    const [, indent, role, count, attributes = "", marks = "", prefix = "", suffix = ""] = h
    const others = attributes === "" ? "" : `${attributes.slice(2, -1)}, `
    for (let k = 0; k < Number(count) && ITEM.test(lines[i + 1] ?? ""); k++) {
      const [, name, ref] = ITEM.exec(lines[++i])
      out.push(`${indent}- ${role} "${prefix}${name.slice(1, -1)}${suffix}" [${others}${ref}]${marks}`)
    }
  }
  return out.join("\n")
}
