/**
 * `set media dark|light|reduced-motion`: whether the page now matches the media query each word emulates, read with
 * `matchMedia` as the step after the command in its one upstream batch (program/probed/media.ts). `set media`
 * with no word, or a word this does not know, is not read. Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

const QUERIES: Readonly<Record<string, string>> = {
  dark: "(prefers-color-scheme: dark)",
  light: "(prefers-color-scheme: light)",
  "reduced-motion": "(prefers-reduced-motion: reduce)"
}

/** The media queries a `set media …` emulates, or undefined when it is no such command (or names none we know). */
export const mediaQueriesOf = (argv: ReadonlyArray<string>): ReadonlyArray<string> | undefined => {
  if (argv[0] !== "set" || argv[1] !== "media") return undefined
  const words = argv.slice(2).filter((w) => !w.startsWith("--"))
  const queries = words.map((w) => QUERIES[w])
  return queries.length > 0 && queries.every((q) => q !== undefined) ? (queries as ReadonlyArray<string>) : undefined
}

/** The read after the command: each query and whether the page matches it. */
export const mediaReadExpression = (queries: ReadonlyArray<string>): string =>
  `${JSON.stringify(queries)}.map((query) => ({ query, matches: matchMedia(query).matches }))`

/** The read's answer, or undefined when it is not one. */
export const mediaOf = (value: unknown): ActionEffects["media"] => {
  if (!Array.isArray(value)) return undefined
  const rows = value.flatMap((v) => {
    const r = v !== null && typeof v === "object" ? (v as Record<string, unknown>) : {}
    return typeof r["query"] === "string" && typeof r["matches"] === "boolean"
      ? [{ query: r["query"], matches: r["matches"] }]
      : []
  })
  return rows.length > 0 ? rows : undefined
}
