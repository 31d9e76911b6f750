/**
 * Evidence readers for `networkSourceLookup`: the request rows of `network request`/`network requests`, which rows
 * failed (status >= 400, `failed: true` or an `error` string; browser icon probes left out), source locations in
 * initiator/stack/source/trace metadata, and the URL paths to look for in workspace files. URLs are shown without
 * their query string. Pure.
 */
import type { FailedRequest, NetworkCandidate } from "../../domain/Lookup.js"
import { isBenignAssetFailure } from "../../upstream/requestOutcome.js"

type Row = Readonly<Record<string, unknown>>
const isRow = (v: unknown): v is Row => v !== null && typeof v === "object" && !Array.isArray(v)

/** A URL as lookup results show it: origin and path; any query or fragment replaced by a marker. */
export const displayUrl = (raw: string): string => {
  const cut = raw.search(/[?#]/)
  return cut < 0 ? raw : `${raw.slice(0, cut)}?[query hidden]`
}

/** Request rows in a `network requests` (`requests`) or `network request` (the request itself or `request`) result. */
export const requestRows = (data: unknown): ReadonlyArray<Row> => {
  if (!isRow(data)) return []
  if (Array.isArray(data["requests"])) return (data["requests"] as ReadonlyArray<unknown>).filter(isRow)
  if (isRow(data["request"])) return [{ ...data, ...data["request"] }]
  return typeof data["url"] === "string" || typeof data["requestId"] === "string" ? [data] : []
}

export const isFailed = (r: Row): boolean =>
  (typeof r["status"] === "number" && r["status"] >= 400) || r["failed"] === true || typeof r["error"] === "string"

export const failedRequestOf = (r: Row): FailedRequest => ({
  ...(typeof r["requestId"] === "string" ? { requestId: r["requestId"] } : {}),
  ...(typeof r["url"] === "string" ? { url: displayUrl(r["url"]) } : {}),
  ...(typeof r["status"] === "number" ? { status: r["status"] } : {}),
  ...(typeof r["method"] === "string" ? { method: r["method"] } : {}),
  ...(typeof r["error"] === "string" ? { error: r["error"] } : {})
})

/** Failed rows worth a lookup, one per request id (or URL). */
export const failedRows = (rows: ReadonlyArray<Row>): ReadonlyArray<Row> => {
  const seen = new Set<string>()
  return rows.filter((r) => {
    const key = String(r["requestId"] ?? r["url"] ?? "")
    if (!isFailed(r) || isBenignAssetFailure(r) || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

const SOURCE_FILE = /\.(?:tsx?|jsx?|mjs|cjs)(?:[?#:]|$)/
const LOCATION_IN_TEXT = /((?:[a-z]+:\/\/)?[\w@./:-]*?\.(?:tsx?|jsx?|mjs|cjs))(?:\?[^\s:)]*)?:(\d+)(?::(\d+))?/g

/** Source locations in a request's initiator, stack, source or trace fields (CDP call frames are 0-based). */
export const initiatorCandidates = (r: Row): ReadonlyArray<NetworkCandidate> => {
  const out: Array<NetworkCandidate> = []
  const requestUrl = typeof r["url"] === "string" ? { requestUrl: displayUrl(r["url"]) } : {}
  const add = (file: string, line: number | undefined, field: string) => {
    if (out.some((c) => c.file === displayUrl(file) && c.line === line)) return
    out.push({
      source: "initiator",
      confidence: /^[a-z]+:\/\//i.test(file) ? "low" : "medium",
      evidence: [`${field} of the failed request`],
      file: displayUrl(file),
      ...(line !== undefined ? { line } : {}),
      ...requestUrl
    })
  }
  const walk = (value: unknown, field: string, depth: number): void => {
    if (depth > 6 || out.length >= 10) return
    if (typeof value === "string") {
      for (const m of value.matchAll(LOCATION_IN_TEXT)) add(m[1]!, Number(m[2]), field)
      return
    }
    if (Array.isArray(value)) return value.forEach((v) => walk(v, field, depth + 1))
    if (!isRow(value)) return
    const url = value["url"] ?? value["fileName"] ?? value["file"]
    if (typeof url === "string" && SOURCE_FILE.test(url)) {
      const line =
        typeof value["lineNumber"] === "number"
          ? value["lineNumber"] + 1
          : typeof value["line"] === "number"
            ? value["line"]
            : undefined
      add(url, line, field)
      return
    }
    for (const v of Object.values(value)) walk(v, field, depth + 1)
  }
  for (const field of ["initiator", "stack", "source", "trace"]) walk(r[field], field, 0)
  return out
}

/** The literal to look for in source files: the request's path (without origin, query or fragment). */
export const urlNeedle = (raw: string): string | undefined => {
  const path = raw.replace(/^[a-z]+:\/\/[^/]+/i, "").replace(/[?#].*$/, "")
  return path.length >= 4 && path !== "/" ? path : undefined
}
