/**
 * A presented result before redaction and budgets (`Formatted`), and the values a command's success text is made of:
 * upstream data as text, one-line summaries, a page title. Pure.
 */
import { page, type Part, type Parts, plain } from "./contentBoundary.js"

/**
 * The text the model reads and a one-line summary for details. `parts` is the same text split into the tool's words
 * and page content (see contentBoundary.ts); absent, all of it is the tool's.
 */
export interface Formatted {
  readonly text: string
  readonly summary: string
  readonly parts?: Parts
}

/** A Formatted whose text is its parts joined. */
export const formatted = (parts: Parts, summary: string): Formatted => ({ text: plain(parts), parts, summary })

export const partsOf = (f: Formatted): Parts => f.parts ?? [f.text]

export type Data = Record<string, unknown>

/** One successful command as its text sees it: the argv's positionals, upstream's data, and the session's facts. */
export interface CommandCall {
  readonly positionals: ReadonlyArray<string>
  readonly command: string
  readonly sub: string | undefined
  /** The second positional ("" when none): the element, URL or value the command names. */
  readonly target: string
  readonly data: Data
  readonly sessionName: string | undefined
  readonly crashedTabs: ReadonlyArray<string>
}

/** One command family's text; undefined hands the call on to the diagnostic and generic texts. */
export type CommandText = (call: CommandCall) => Formatted | undefined

/** Upstream data without the per-call `lifecycle` block (launch bookkeeping the model never needs) and `_boundary`. */
export const stripLifecycle = (data: unknown): unknown => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data
  const { lifecycle: _lifecycle, _boundary, ...rest } = data as Data
  return rest
}

export const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v)

export const scalar = (v: unknown): string => {
  if (typeof v === "string") return v
  if (v === undefined) return "undefined"
  return JSON.stringify(v, null, 2)
}

export const oneLine = (s: string, max = 80): string => {
  const flat = s.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A page title as page content; none is the tool's "(untitled)". */
export const titlePart = (title: unknown): Part => (str(title) !== "" ? page(str(title)) : "(untitled)")
