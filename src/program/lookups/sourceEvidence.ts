/**
 * Evidence readers for `sourceLookup`, one per compiled step: the element's own source attributes (`get attr`),
 * source-like DOM attributes and path text in `get html` (its inner HTML),
 * `react inspect` props and source, `react tree` rows, and component declarations in workspace files. Pure.
 */
import {
  SOURCE_COLUMN_ATTRS as COLUMN_ATTRS,
  SOURCE_FILE_ATTRS as FILE_ATTRS,
  SOURCE_LINE_ATTRS as LINE_ATTRS,
  type SourceCandidate
} from "../../domain/Lookup.js"
import { displayUrl } from "./networkEvidence.js"

const SOURCE_PATH = /^(.+?\.(?:tsx?|jsx?))(?::(\d+))?(?::(\d+))?$/
const PATH_IN_TEXT = /(?:^|[\s"'(])((?:\.{0,2}\/)?[\w@-][\w@./-]*\.(?:tsx?|jsx?))(?::(\d+))?/g

const int = (value: string | undefined): number | undefined => {
  const n = value === undefined ? NaN : Number.parseInt(value, 10)
  return Number.isFinite(n) && n > 0 ? n : undefined
}

const located = (file: string, line: number | undefined, column: number | undefined) => ({
  file,
  ...(line !== undefined ? { line } : {}),
  ...(column !== undefined ? { column } : {})
})

const first = (attrs: ReadonlyMap<string, string>, names: ReadonlyArray<string>) =>
  names.map((n) => attrs.get(n)).find((v) => v !== undefined)

/** A candidate from one element's source attributes (a path attribute, or `data-source-file` whatever it holds). */
const attributeCandidate = (
  attrs: ReadonlyMap<string, string>,
  evidence: (shown: string) => string
): SourceCandidate | undefined => {
  const raw = first(attrs, FILE_ATTRS)
  const path = raw === undefined ? null : SOURCE_PATH.exec(raw)
  if (raw === undefined || (path === null && !attrs.has("data-source-file"))) return undefined
  const line = int(first(attrs, LINE_ATTRS)) ?? int(path?.[2])
  const column = int(first(attrs, COLUMN_ATTRS)) ?? int(path?.[3])
  const shown = [...attrs]
    .filter(([k]) => ([...FILE_ATTRS, ...LINE_ATTRS, ...COLUMN_ATTRS] as ReadonlyArray<string>).includes(k))
    .map(([k, v]) => `${k}="${v}"`)
    .join(" ")
  return {
    source: "dom-attribute",
    confidence: line !== undefined ? "high" : "medium",
    evidence: [evidence(shown)],
    ...located(path?.[1] ?? raw, line, column)
  }
}

/** The element's own source attributes, read one by one (`get attr`): name → value, for those it has. */
export const ownAttributeCandidate = (
  attrs: ReadonlyMap<string, string>,
  selector: string
): SourceCandidate | undefined => attributeCandidate(attrs, (shown) => `get attr on ${selector}: ${shown}`)

/** Elements in `get html` output that carry source attributes, then `.ts/.tsx/.js/.jsx` paths in its text. */
export const domCandidates = (
  html: string,
  known: ReadonlyArray<SourceCandidate> = []
): ReadonlyArray<SourceCandidate> => {
  const out: Array<SourceCandidate> = []
  const seen = new Set<string>(known.map((c) => `${c.file ?? ""}:${c.line ?? ""}`))
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)\s([^>]*)>/g)) {
    const attrs = new Map(
      [...(tag[2] ?? "").matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!] as const)
    )
    const found = attributeCandidate(attrs, (shown) => `get html: <${tag[1]} ${shown}>`)
    if (found === undefined) continue
    const key = `${found.file ?? ""}:${found.line ?? ""}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(found)
  }
  const text = html.replace(/<[^>]*>/g, " ")
  for (const m of text.matchAll(PATH_IN_TEXT)) {
    const file = m[1]!
    const key = `${file}:${m[2] ?? ""}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({
      source: "dom-attribute",
      confidence: "low",
      evidence: [`path text in the element's HTML: ${m[0].trim()}`],
      ...located(file, int(m[2]), undefined)
    })
  }
  return out
}

/**
 * `react inspect` → `{ text: "Name #id\nprops:\n  data-source-file: \"…\" …", source: [file, line, column] | null }`.
 */
export const inspectCandidates = (result: unknown, fiberId: string): ReadonlyArray<SourceCandidate> => {
  const data = (result ?? {}) as { text?: unknown; source?: unknown }
  const text = typeof data.text === "string" ? data.text : ""
  const componentName = /^(\S+)\s+#/.exec(text)?.[1]
  const named = componentName !== undefined ? { componentName } : {}
  const prop = (names: ReadonlyArray<string>) =>
    names.map((n) => new RegExp(`^\\s+${n}: "([^"]*)"`, "m").exec(text)?.[1]).find((v) => v !== undefined)
  const out: Array<SourceCandidate> = []
  const file = prop(FILE_ATTRS)
  if (file !== undefined) {
    const line = int(prop(LINE_ATTRS))
    out.push({
      source: "react-inspect",
      confidence: "high",
      evidence: [`react inspect ${fiberId}: source props on ${componentName ?? "the fiber"}`],
      ...named,
      ...located(file, line, int(prop(COLUMN_ATTRS)))
    })
  }
  if (Array.isArray(data.source) && typeof data.source[0] === "string") {
    const [where, line, column] = data.source as [string, unknown, unknown]
    const bundled = /^[a-z]+:\/\//i.test(where)
    out.push({
      source: "react-inspect",
      confidence: bundled ? "low" : "high",
      evidence: [
        bundled
          ? `react inspect ${fiberId}: React's source is a served script (a bundle without source maps), ` +
            "not a workspace file"
          : `react inspect ${fiberId}: React debug source`
      ],
      ...named,
      ...located(
        bundled ? displayUrl(where) : where,
        typeof line === "number" ? line : undefined,
        typeof column === "number" ? column : undefined
      )
    })
  }
  return out
}

/** Fiber ids of `react tree` rows (`depth id parent name [key=…]`) named `name`. */
export const treeFibers = (result: unknown, name: string): ReadonlyArray<string> => {
  const tree = (result as { tree?: unknown } | null)?.tree
  if (typeof tree !== "string") return []
  return tree.split("\n").flatMap((row) => {
    const cols = row.trim().split(/\s+/)
    return !row.startsWith("#") && cols[3] === name ? [cols[1]!] : []
  })
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Lines of a source file that declare `name` as a function, class or const/let/var component. */
export const declarationLines = (name: string) => {
  const declared = new RegExp(
    `\\b(?:function\\s*\\*?|class)\\s+${escapeRegExp(name)}\\b|\\b(?:const|let|var)\\s+${escapeRegExp(name)}\\s*[=:]`
  )
  return (text: string): ReadonlyArray<number> =>
    text.includes(name) ? text.split("\n").flatMap((line, i) => (declared.test(line) ? [i + 1] : [])) : []
}
