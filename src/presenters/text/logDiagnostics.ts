/**
 * The session's logs as the model reads them, counts first: network requests (actionable vs benign failures,
 * labelled as the session aggregate, inline images counted not listed), console messages and page errors. Pure.
 */
import { isBenignAssetFailure, isFailedRequest } from "../../upstream/requestOutcome.js"
import { type Formatted, formatted } from "./contentBoundary.js"
import { AGGREGATE_SCOPE, boundedPage, type Data, newest, str } from "./diagnosticRows.js"

/** Inline images (`data:image/…`) are page assets, not requests to act on: counted, not listed (details keep them). */
const isDataImage = (r: Data): boolean => str(r["url"]).startsWith("data:image")

/** The wrapper's own filters to the active page: the list is then that page's, not the aggregate. */
export const PAGE_FILTERS = ["--current-page", "--current-origin", "--current-url"]

export const networkRequests = (requests: ReadonlyArray<Data>, pageOnly: boolean): Formatted => {
  const failed = requests.filter(isFailedRequest)
  const benign = failed.filter(isBenignAssetFailure)
  const actionable = failed.filter((r) => !benign.includes(r))
  const row = (r: Data) =>
    `[${str(r["requestId"])}] ${str(r["method"])} ${str(r["url"])} (${str(r["resourceType"])}) ` +
    `${typeof r["status"] === "number" ? r["status"] : "no response"}`
  const ordered = [...actionable, ...requests.filter((r) => !failed.includes(r)), ...benign]
  const shown = ordered.filter((r) => !isDataImage(r))
  const hidden = ordered.length - shown.length
  // a request with no answer and no error (a host that does not resolve, or one still pending) is not "0 failed"
  const unanswered = shown.filter((r) => !failed.includes(r) && typeof r["status"] !== "number").length
  const noAnswer =
    unanswered > 0
      ? `; ${unanswered} without a response (no answer: failed before one, e.g. a host that does not resolve, or ` +
        "still pending)"
      : ""
  const head =
    `${requests.length} requests${pageOnly ? "" : ` (${AGGREGATE_SCOPE})`}: ${failed.length} failed (` +
    `${actionable.length} actionable, ${benign.length} benign icon probes)${noAnswer}` +
    `${hidden > 0 ? `; ${hidden} data:image rows not listed` : ""}`
  return formatted([`${head}\n`, ...boundedPage(shown.map(row))], head)
}

/** agent-browser 0.41 keeps the newest 1,000 console messages of a page and drops older ones without saying so. */
export const CONSOLE_BUFFER_LIMIT = 1_000

export const consoleMessages = (messages: ReadonlyArray<Data>): Formatted => {
  const count = (t: string) => messages.filter((m) => m["type"] === t).length
  const full = messages.length >= CONSOLE_BUFFER_LIMIT
  const head =
    `${messages.length} console messages (${AGGREGATE_SCOPE}; ${count("error")} errors, ${count("warning")}` +
    " warnings)" +
    (full
      ? `; the buffer is full, so older messages were dropped (upstream keeps the newest ${CONSOLE_BUFFER_LIMIT}` +
        "): clear it with console --clear before a repro"
      : "")
  return formatted([`${head}\n`, ...newest(messages.map((m) => `[${str(m["type"])}] ${str(m["text"])}`))], head)
}

export const pageErrors = (errors: ReadonlyArray<Data>): Formatted => {
  const head = `${errors.length} page errors`
  return formatted(
    [
      `${head}${errors.length > 0 ? "\n" : ""}`,
      ...boundedPage(
        errors.map((e) => {
          const [first, at] = str(e["text"]).split("\n")
          return `${first ?? ""}${at !== undefined ? ` (${at.trim()})` : ""}`
        })
      )
    ],
    head
  )
}
