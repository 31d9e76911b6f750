/**
 * How the diagnostic and status texts (formatDiagnostics.ts) show a list: bounded to DIAGNOSTIC_ROWS rows with the
 * count of the rest, page rows marked as page content, a log's newest rows last. Pure.
 */
import { page, type Parts } from "./contentBoundary.js"

export type Data = Record<string, unknown>
export const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v)
/** Rows shown per list; counts always cover everything. */
export const DIAGNOSTIC_ROWS = 40

const more = (lines: ReadonlyArray<string>): string =>
  lines.length > DIAGNOSTIC_ROWS ? `\n… ${lines.length - DIAGNOSTIC_ROWS} more (see the full output)` : ""

export const bounded = (lines: ReadonlyArray<string>): string =>
  lines.slice(0, DIAGNOSTIC_ROWS).join("\n") + more(lines)

/** Page-derived rows, bounded: the rows are page content, the count of the rest is the tool's. */
export const boundedPage = (lines: ReadonlyArray<string>): Parts => [
  page(lines.slice(0, DIAGNOSTIC_ROWS).join("\n")),
  more(lines)
]

/** The newest rows of a log (the end is what a repro just printed), with the count of older ones not shown. */
export const newest = (lines: ReadonlyArray<string>): Parts => [
  lines.length > DIAGNOSTIC_ROWS ? `… ${lines.length - DIAGNOSTIC_ROWS} older (see the full output)\n` : "",
  page(lines.slice(-DIAGNOSTIC_ROWS).join("\n"))
]

/**
 * Upstream's network and console buffers hold every page the session showed since they were last cleared: the list
 * says so, so an earlier page's failures are not read as the current page's.
 */
export const AGGREGATE_SCOPE = "session aggregate since the last --clear"
