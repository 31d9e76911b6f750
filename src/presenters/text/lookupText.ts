/**
 * The visible text and `details` fields of a lookup: the summary first, then candidates (confidence, place, source,
 * evidence), failed requests and limitations, each list bounded; and the page-filter line of `network requests
 * --current-*`. Prepended to the batch's own text. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import type { LookupReport, NetworkRequestsPageFilter } from "../../domain/Lookup.js"
import type { Plan } from "../../domain/Plan.js"
import { page, type Parts, plain } from "./contentBoundary.js"

const SHOWN = 10
type RedactArgs = (args: ReadonlyArray<string>) => ReadonlyArray<string>

const place = (c: { readonly file?: string; readonly line?: number; readonly column?: number }) =>
  `${c.file ?? "?"}${c.line !== undefined ? `:${c.line}` : ""}${c.column !== undefined ? `:${c.column}` : ""}`

export const lookupText = (lookup: LookupReport): string => plain(lookupParts(lookup))

/** The summary and status are the tool's; failed requests, candidates' evidence and limitations quote the page. */
const lookupParts = (lookup: LookupReport): Parts => {
  const { report } = lookup
  const lines: Array<string> = []
  if (lookup.mode === "networkSourceLookup") {
    for (const r of lookup.report.failedRequests.slice(0, SHOWN)) {
      lines.push(
        "Failed: " +
          [
            r.status ?? "",
            r.method ?? "",
            r.url ?? "",
            r.requestId !== undefined ? `[${r.requestId}]` : "",
            r.error ?? ""
          ]
            .filter((p) => p !== "")
            .join(" ")
      )
    }
  }
  for (const c of report.candidates.slice(0, SHOWN))
    lines.push(`- [${c.confidence}] ${place(c)} (${c.source}): ${c.evidence.join("; ")}`)
  if (report.candidates.length > SHOWN) lines.push(`… ${report.candidates.length - SHOWN} more in details`)
  for (const l of report.limitations) lines.push(`Limitation: ${l}`)
  return [`${report.summary}\nStatus: ${report.status}`, ...(lines.length > 0 ? ["\n", page(lines.join("\n"))] : [])]
}

export const pageFilterText = (f: NetworkRequestsPageFilter): string =>
  `Filtered (${f.mode}) to ${f.currentUrl}: ${f.matchedRows} of ${f.totalRows} requests.`

/** What a lookup compiled to, echoed like compiledJob: the batch argv, its stdin, the steps and the query. */
export const lookupCompiledEcho = (plan: Plan, redact: RedactArgs) => {
  const c = plan.compiled
  const echo = (b: {
    readonly args: ReadonlyArray<string>
    readonly stdin: string
    readonly rows: ReadonlyArray<ReadonlyArray<string>>
  }) => {
    const steps = b.rows.map(redact)
    return { args: b.args, stdin: JSON.stringify(steps), steps }
  }
  if (c.mode === "sourceLookup")
    return { compiledSourceLookup: { ...echo(c.sourceLookup), query: c.sourceLookup.query } }
  if (c.mode === "networkSourceLookup")
    return { compiledNetworkSourceLookup: { ...echo(c.networkSourceLookup), query: c.networkSourceLookup.query } }
  return {}
}

/** The report fields of details. */
export const lookupDetails = (executed: Executed) => ({
  ...(executed.lookup?.mode === "sourceLookup" ? { sourceLookup: executed.lookup.report } : {}),
  ...(executed.lookup?.mode === "networkSourceLookup" ? { networkSourceLookup: executed.lookup.report } : {}),
  ...(executed.networkRequestsPageFilter !== undefined
    ? { networkRequestsPageFilter: executed.networkRequestsPageFilter }
    : {})
})

/** The body with the lookup summary (or the page-filter line) in front. */
export const withLookupParts = (executed: Executed, parts: Parts): Parts =>
  executed.lookup !== undefined
    ? [...lookupParts(executed.lookup), "\n\n", ...parts]
    : executed.networkRequestsPageFilter !== undefined
      ? [`${pageFilterText(executed.networkRequestsPageFilter)}\n`, ...parts]
      : parts
