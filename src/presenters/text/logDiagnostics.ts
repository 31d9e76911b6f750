/**
 * The session's logs as the model reads them, counts first: network requests (actionable vs benign failures,
 * labelled as the session aggregate, inline images counted not listed; past the row cap the newest kept), console
 * messages and page errors. Pure.
 */
import { isBenignAssetFailure, isFailedRequest } from "../../upstream/requestOutcome.js"
import { type Formatted, formatted, page, type Parts } from "./contentBoundary.js"
import { AGGREGATE_SCOPE, boundedPage, type Data, DIAGNOSTIC_ROWS, newest, str } from "./diagnosticRows.js"

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
  const answered = requests.filter((r) => !failed.includes(r) && !isDataImage(r))
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
  const rows = newestAnswered(
    actionable.filter((r) => !isDataImage(r)).map(row),
    answered.map(row),
    benign.filter((r) => !isDataImage(r)).map(row)
  )
  return formatted([`${head}\n`, ...rows], head)
}

/**
 * The rows within DIAGNOSTIC_ROWS: the actionable failures first, then the newest of the other requests (what the
 * last action started), the older ones counted where they were left out, then the benign probes as room allows.
 */
const newestAnswered = (
  failures: ReadonlyArray<string>,
  others: ReadonlyArray<string>,
  benign: ReadonlyArray<string>
): Parts => {
  const all = [...failures, ...others, ...benign]
  if (all.length <= DIAGNOSTIC_ROWS) return boundedPage(all)
  const first = failures.slice(0, DIAGNOSTIC_ROWS)
  const room = DIAGNOSTIC_ROWS - first.length
  const newest = others.slice(Math.max(0, others.length - room))
  const probes = benign.slice(0, room - newest.length)
  const older = others.length - newest.length
  const rest = failures.length - first.length + benign.length - probes.length
  return [
    ...(first.length > 0 ? [page(first.join("\n"))] : []),
    ...(older > 0 ? [`${first.length > 0 ? "\n" : ""}… ${older} older (see the full output)`] : []),
    ...(newest.length + probes.length > 0 ? ["\n", page([...newest, ...probes].join("\n"))] : []),
    ...(rest > 0 ? [`\n… ${rest} more (see the full output)`] : [])
  ]
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
