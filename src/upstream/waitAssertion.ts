/**
 * What a `wait` row asserts: `wait --text <t>` (a job's `assertText`, a QA `expectedText`, a caller's own wait) that
 * text on the page; `wait --url <u>` or the URL-glob predicate (a job's `assertUrl`) the page's URL. A miss of either
 * is an assertion that failed, not a slow browser: the classifier attaches this to the wait's timeout. Also the one
 * home of the URL-glob predicate and its reading back. Pure.
 */
import type { WaitAssertion } from "../schema/ErrorFields.js"

const escapeRegExp = (s: string) => s.replace(/[.+^${}()|[\]\\?]/g, "\\$&")

/** `*` matches within a path segment, `**` (or longer runs) across segments; everything else is literal. */
export const urlGlobPredicate = (glob: string): string => {
  const pattern = glob
    .split(/\*{2,}/)
    .map((part) => part.split("*").map(escapeRegExp).join("[^/]*"))
    .join(".*")
  return `new RegExp(${JSON.stringify(`^${pattern}$`)}).test(location.href)`
}

const PREDICATE = /^new RegExp\(("(?:[^"\\]|\\.)*")\)\.test\(location\.href\)$/

/** The glob a `urlGlobPredicate` was made from (undefined for any other script). */
export const urlGlobOf = (predicate: string): string | undefined => {
  const quoted = PREDICATE.exec(predicate)?.[1]
  if (quoted === undefined) return undefined
  const source = JSON.parse(quoted) as string
  if (!source.startsWith("^") || !source.endsWith("$")) return undefined
  // `.*` only comes from `**` and `[^/]*` only from `*`: every literal `.`, `[` or `*`-free character was escaped
  return source
    .slice(1, -1)
    .replace(/\\(.)|\.\*|\[\^\/\]\*/g, (m, escaped: string | undefined) =>
      escaped !== undefined ? escaped : m === ".*" ? "**" : "*"
    )
}

/** The assertion a `wait` argv makes, if any (its positionals, command first). */
export const waitAssertionOf = (argv: ReadonlyArray<string> | undefined): WaitAssertion | undefined => {
  if (argv === undefined || argv[0] !== "wait") return undefined
  const valueOf = (flag: string) => {
    const at = argv.indexOf(flag)
    return at > 0 ? argv[at + 1] : undefined
  }
  const text = valueOf("--text")
  if (text !== undefined) return { kind: "text", expected: text }
  const url = valueOf("--url")
  if (url !== undefined) return { kind: "url", expected: url }
  const fn = valueOf("--fn")
  const glob = fn !== undefined ? urlGlobOf(fn) : undefined
  return glob !== undefined ? { kind: "url", expected: glob } : undefined
}
