/**
 * Diagnostic and status families rendered compactly with counts first and stable fields: network requests
 * (actionable vs benign failures, labelled as the session aggregate, inline images counted not listed), console, page
 * errors, cookies, storage, dialog, frame, state list/show/load, dashboard start/stop, session info, profiles and
 * stream status. Lists are bounded; the full payload is in the spill file when large. Pure.
 */
import type { RouteDiagnostic } from "../../domain/Captures.js"
import type { NextAction } from "../../schema/NextAction.js"
import { isBenignAssetFailure, isFailedRequest } from "../../upstream/requestOutcome.js"
import { page, type Parts } from "./contentBoundary.js"
import { type Formatted, formatted } from "./formatted.js"
import { nextActions } from "../actions/nextActions.js"

type Data = Record<string, unknown>
const str = (v: unknown): string => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v))
/** Rows shown per list; counts always cover everything. */
export const DIAGNOSTIC_ROWS = 40

const more = (lines: ReadonlyArray<string>): string =>
  lines.length > DIAGNOSTIC_ROWS ? `\n… ${lines.length - DIAGNOSTIC_ROWS} more (see the full output)` : ""

const bounded = (lines: ReadonlyArray<string>): string => lines.slice(0, DIAGNOSTIC_ROWS).join("\n") + more(lines)

/** Page-derived rows, bounded: the rows are page content, the count of the rest is the tool's. */
const boundedPage = (lines: ReadonlyArray<string>): Parts => [
  page(lines.slice(0, DIAGNOSTIC_ROWS).join("\n")),
  more(lines)
]

/** The newest rows of a log (the end is what a repro just printed), with the count of older ones not shown. */
const newest = (lines: ReadonlyArray<string>): Parts => [
  lines.length > DIAGNOSTIC_ROWS ? `… ${lines.length - DIAGNOSTIC_ROWS} older (see the full output)\n` : "",
  page(lines.slice(-DIAGNOSTIC_ROWS).join("\n"))
]

/**
 * Upstream's network and console buffers hold every page the session showed since they were last cleared: the list
 * says so, so an earlier page's failures are not read as the current page's.
 */
export const AGGREGATE_SCOPE = "session aggregate since the last --clear"

/** Inline images (`data:image/…`) are page assets, not requests to act on: counted, not listed (details keep them). */
const isDataImage = (r: Data): boolean => str(r["url"]).startsWith("data:image")

/** The wrapper's own filters to the active page: the list is then that page's, not the aggregate. */
const PAGE_FILTERS = ["--current-page", "--current-origin", "--current-url"]

const networkRequests = (requests: ReadonlyArray<Data>, pageOnly: boolean): Formatted => {
  const failed = requests.filter(isFailedRequest)
  const benign = failed.filter(isBenignAssetFailure)
  const actionable = failed.filter((r) => !benign.includes(r))
  const row = (r: Data) =>
    `[${str(r["requestId"])}] ${str(r["method"])} ${str(r["url"])} (${str(r["resourceType"])}) ${typeof r["status"] === "number" ? r["status"] : "no response"}`
  const ordered = [...actionable, ...requests.filter((r) => !failed.includes(r)), ...benign]
  const shown = ordered.filter((r) => !isDataImage(r))
  const hidden = ordered.length - shown.length
  // a request with no answer and no error (a host that does not resolve, or one still pending) is not "0 failed"
  const unanswered = shown.filter((r) => !failed.includes(r) && typeof r["status"] !== "number").length
  const noAnswer =
    unanswered > 0
      ? `; ${unanswered} without a response (no answer: failed before one, e.g. a host that does not resolve, or still pending)`
      : ""
  const head = `${requests.length} requests${pageOnly ? "" : ` (${AGGREGATE_SCOPE})`}: ${failed.length} failed (${actionable.length} actionable, ${benign.length} benign icon probes)${noAnswer}${hidden > 0 ? `; ${hidden} data:image rows not listed` : ""}`
  return formatted([`${head}\n`, ...boundedPage(shown.map(row))], head)
}

const stateFiles = (data: Data): Formatted => {
  const files = data["files"] as ReadonlyArray<Data>
  const head = `${files.length} saved state files in ${str(data["directory"])}`
  const row = (f: Data) =>
    `${str(f["filename"])} (${str(f["size"])} bytes${typeof f["modified"] === "number" ? `, modified ${new Date(f["modified"] * 1000).toISOString()}` : ""}${f["encrypted"] === true ? ", encrypted" : ""})`
  return formatted([`${head}${files.length > 0 ? "\n" : ""}`, ...boundedPage(files.map(row))], head)
}

/** `state show`: what the file holds, values never shown (cookie values and credential-like storage are redacted). */
const stateFile = (data: Data): Formatted => {
  const state = data["state"] as Data
  const cookies = Array.isArray(state["cookies"]) ? (state["cookies"] as ReadonlyArray<Data>) : []
  const origins = Array.isArray(state["origins"]) ? (state["origins"] as ReadonlyArray<Data>) : []
  const count = (o: Data, k: string) => (Array.isArray(o[k]) ? (o[k] as ReadonlyArray<unknown>).length : 0)
  const head = `State file ${str(data["filename"])} (${str(data["size"])} bytes${data["encrypted"] === true ? ", encrypted" : ""}): ${cookies.length} cookies (values hidden), ${origins.length} origins`
  const rows = [
    ...cookies.map((c) => `cookie ${str(c["name"])} — ${str(c["domain"])}${str(c["path"])}`),
    ...origins.map(
      (o) =>
        `origin ${str(o["origin"])}: ${count(o, "localStorage")} localStorage, ${count(o, "sessionStorage")} sessionStorage entries`
    )
  ]
  return formatted([`${head}${rows.length > 0 ? "\n" : ""}`, ...boundedPage(rows)], head)
}

const dashboard = (sub: string | undefined, data: Data): Formatted | undefined => {
  if (sub === "start" && data["port"] !== undefined) {
    const urls = Array.isArray(data["access_urls"]) ? (data["access_urls"] as ReadonlyArray<unknown>).map(str) : []
    const text = `Dashboard running on port ${str(data["port"])}${data["pid"] !== undefined ? ` (pid ${str(data["pid"])})` : ""}${urls.length > 0 ? `: ${urls.join(", ")}` : ""}; stop it with dashboard stop.`
    return { text, summary: `dashboard on port ${str(data["port"])}` }
  }
  if (sub === "stop" && typeof data["stopped"] === "boolean") {
    const text = data["stopped"]
      ? "Dashboard stopped."
      : `Dashboard not stopped${data["reason"] !== undefined ? `: ${str(data["reason"])}` : ""}.`
    return { text, summary: text }
  }
  return undefined
}

/** agent-browser 0.41 keeps the newest 1,000 console messages of a page and drops older ones without saying so. */
export const CONSOLE_BUFFER_LIMIT = 1_000

const consoleMessages = (messages: ReadonlyArray<Data>): Formatted => {
  const count = (t: string) => messages.filter((m) => m["type"] === t).length
  const full = messages.length >= CONSOLE_BUFFER_LIMIT
  const head = `${messages.length} console messages (${AGGREGATE_SCOPE}; ${count("error")} errors, ${count("warning")} warnings)${full ? `; the buffer is full, so older messages were dropped (upstream keeps the newest ${CONSOLE_BUFFER_LIMIT}): clear it with console --clear before a repro` : ""}`
  return formatted([`${head}\n`, ...newest(messages.map((m) => `[${str(m["type"])}] ${str(m["text"])}`))], head)
}

const pageErrors = (errors: ReadonlyArray<Data>): Formatted => {
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

/** Cookies with their values (a credential-like one is hidden, and the head counts those). */
const cookieList = (cookies: ReadonlyArray<Data>): Formatted => {
  const hidden = cookies.filter((c) => c["valueRedacted"] === true).length
  const values = hidden === 1 ? "value" : "values"
  const head = `${cookies.length} cookies${hidden > 0 ? ` (${hidden} credential-like ${values} hidden)` : ""}`
  const flags = (c: Data) => ["httpOnly", "secure", "session"].filter((f) => c[f] === true).join(", ")
  const where = (c: Data) => `${str(c["domain"])}${str(c["path"])}${flags(c) !== "" ? ` (${flags(c)})` : ""}`
  const row = (c: Data) => `${str(c["name"])}=${str(c["value"])} — ${where(c)}`
  return formatted([`${head}${cookies.length > 0 ? "\n" : ""}`, ...boundedPage(cookies.map(row))], head)
}

export const formatDiagnostics = (
  command: string,
  sub: string | undefined,
  data: Data,
  positionals: ReadonlyArray<string> = []
): Formatted | undefined => {
  if (command === "network" && sub === "requests" && Array.isArray(data["requests"]))
    return networkRequests(
      data["requests"] as ReadonlyArray<Data>,
      positionals.some((t) => PAGE_FILTERS.includes(t))
    )
  if (command === "console" && Array.isArray(data["messages"]))
    return consoleMessages(data["messages"] as ReadonlyArray<Data>)
  if (command === "state" && sub === "list" && Array.isArray(data["files"])) return stateFiles(data)
  if (command === "state" && sub === "show" && data["state"] !== null && typeof data["state"] === "object")
    return stateFile(data)
  if (command === "dashboard") return dashboard(sub, data)
  if (command === "errors" && Array.isArray(data["errors"])) return pageErrors(data["errors"] as ReadonlyArray<Data>)
  if (command === "cookies" && Array.isArray(data["cookies"])) return cookieList(data["cookies"] as ReadonlyArray<Data>)
  if ((command === "console" || command === "errors" || command === "cookies") && data["cleared"] === true)
    return { text: `${command} cleared`, summary: `${command} cleared` }
  if (command === "storage" && data["data"] !== null && typeof data["data"] === "object") {
    const entries = Object.entries(data["data"] as Data)
    return formatted(
      [
        `${entries.length} ${sub ?? ""} storage entries${entries.length > 0 ? "\n" : ""}`,
        ...boundedPage(entries.map(([k, v]) => `${k}: ${str(v)}`))
      ],
      `${entries.length} storage entries`
    )
  }
  if (command === "dialog" && sub === "status") {
    return data["hasDialog"] === true
      ? formatted(
          [
            `A ${str(data["type"])} dialog is open: `,
            page(JSON.stringify(str(data["message"]))),
            ". Resolve it with dialog accept [text] or dialog dismiss."
          ],
          `${str(data["type"])} dialog open`
        )
      : { text: "No dialog is open.", summary: "no dialog" }
  }
  if (command === "dialog" && (sub === "accept" || sub === "dismiss") && data["handled"] === true) {
    const done = data["accepted"] === false ? "Dismissed" : "Accepted"
    const answered = sub === "accept" && positionals[2] !== undefined ? " with the given text" : ""
    return { text: `${done} the open dialog${answered}.`, summary: `dialog ${sub}` }
  }
  if (command === "frame" && typeof data["frame"] === "string")
    return {
      text: `Now in frame ${data["frame"]}. snapshot is scoped to it; eval and get url still run in the top document.`,
      summary: `frame ${data["frame"]}`
    }
  if (command === "state" && sub === "load") {
    const skipped = Array.isArray(data["skippedOrigins"]) ? (data["skippedOrigins"] as ReadonlyArray<unknown>) : []
    return {
      text: `Loaded state from ${str(data["path"])}${skipped.length > 0 ? ` (skipped origins: ${skipped.map(str).join(", ")})` : ""}.`,
      summary: "state loaded"
    }
  }
  if (command === "session" && sub === "info") {
    const runtime = (data["runtime"] ?? {}) as Data
    return {
      text: `Session ${str(data["session"])}: daemon pid ${str(data["pid"])}, browser ${runtime["browserLaunched"] === true ? "running" : "not launched"}, ${str(runtime["pageCount"] ?? "?")} page(s), engine ${str(runtime["engine"])}, version ${str(data["version"])}.`,
      summary: `session ${str(data["session"])}`
    }
  }
  if (command === "stream" && (sub === "status" || sub === "enable") && "enabled" in data) {
    const port = typeof data["port"] === "number" ? data["port"] : undefined
    return {
      text:
        data["alreadyEnabled"] === true
          ? "Stream enabled (it already was); stream status shows its port."
          : `Stream ${data["enabled"] === true ? "enabled" : "disabled"}, ${data["connected"] === true ? "a client is connected" : "no client connected"}${port !== undefined ? `, ws://127.0.0.1:${port} (JPEG frames)` : ""}.`,
      summary: `stream ${data["enabled"] === true ? "enabled" : "disabled"}`
    }
  }
  if (command === "doctor" && Array.isArray(data["checks"])) {
    const checks = data["checks"] as ReadonlyArray<Data>
    const summary = (data["summary"] ?? {}) as Data
    const head = `Doctor: ${str(summary["pass"] ?? 0)} pass, ${str(summary["warn"] ?? 0)} warn, ${str(summary["fail"] ?? 0)} fail`
    const notable = checks
      .filter((c) => c["status"] === "fail" || c["status"] === "warn")
      .map((c) => `[${str(c["status"])}] ${str(c["id"])}: ${str(c["message"])}`)
    const fixed = Array.isArray(data["fixed"])
      ? (data["fixed"] as ReadonlyArray<unknown>).map((f) => `fixed: ${str(f)}`)
      : []
    return {
      text: `${head}${notable.length + fixed.length > 0 ? "\n" : ""}${bounded([...notable, ...fixed])}`,
      summary: head
    }
  }
  if (command === "auth" && sub === "list" && Array.isArray(data["profiles"])) {
    const logins = data["profiles"] as ReadonlyArray<Data>
    return {
      text: `${logins.length} saved logins${logins.length > 0 ? "\n" : ""}${bounded(logins.map((l) => `${str(l["name"])} — ${str(l["url"])} (user ${str(l["username"])})`))}`,
      summary: `${logins.length} saved logins`
    }
  }
  if (command === "auth" && sub === "show" && data["profile"] !== null && typeof data["profile"] === "object") {
    const l = data["profile"] as Data
    return {
      text: `Saved login ${str(l["name"])}: ${str(l["url"])}, user ${str(l["username"])} (password stored, never shown).`,
      summary: `login ${str(l["name"])}`
    }
  }
  if (command === "profiles" && Array.isArray(data["profiles"])) {
    const profiles = data["profiles"] as ReadonlyArray<Data | string>
    return {
      text: `${profiles.length} browser profiles\n${bounded(profiles.map((p) => (typeof p === "string" ? p : `${str(p["name"])}${p["path"] !== undefined ? ` — ${str(p["path"])}` : ""}`)))}`,
      summary: `${profiles.length} profiles`
    }
  }
  return undefined
}

/** Request ids that are safe to echo as argv (upstream ids look like `14604.5` or 32 hex digits). */
const SAFE_ID = /^[\w.-]{1,64}$/
/** Paths worth offering as a filter: short, and nothing that looks like a credential or a random token. */
const filterPath = (url: string): string | undefined => {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").replace(/[?#].*$/, "")
  if (path.length < 2 || path.length > 80 || path === "/") return undefined
  if (/token|secret|passw|api[-_]?key|session|auth|[A-Za-z0-9_-]{24,}/i.test(path)) return undefined
  return path
}

/**
 * Follow-ups after `network requests`, bounded to one selected request: actionable failures first, then fetch/XHR
 * rows, then benign failures, then any row with a safe id. Route-mock findings put their actions first; a failed
 * request gets a networkSourceLookup; the buffer can be cleared before a repro and a HAR recorded.
 */
export const networkFollowUps = (
  session: string | undefined,
  data: Data,
  routes: ReadonlyArray<RouteDiagnostic> | undefined
): ReadonlyArray<NextAction> => {
  const requests = (Array.isArray(data["requests"]) ? data["requests"] : []) as ReadonlyArray<Data>
  const safe = requests.filter((r) => SAFE_ID.test(str(r["requestId"])))
  const failed = safe.filter(isFailedRequest)
  const actionable = failed.filter((r) => !isBenignAssetFailure(r) && typeof r["status"] === "number")
  const api = safe.filter((r) => /^(fetch|xhr)$/i.test(str(r["resourceType"])))
  const selected = actionable[0] ?? api[0] ?? failed[0] ?? safe[0]
  const routed = (routes ?? []).flatMap((d) =>
    d.requestId !== undefined && SAFE_ID.test(d.requestId) ? [{ requestId: d.requestId }] : []
  )[0]
  const out: Array<NextAction> = []
  if (routed !== undefined)
    out.push(nextActions.inspectRequest(session, routed.requestId, true), nextActions.startHar(session, true))
  if (selected !== undefined) {
    const id = str(selected["requestId"])
    if (routed?.requestId !== id) out.push(nextActions.inspectRequest(session, id, false))
    if (selected === actionable[0]) out.push(nextActions.findRequestSource(session, id))
    const path = filterPath(str(selected["url"]))
    if (path !== undefined) out.push(nextActions.filterRequests(session, path))
  }
  out.push(nextActions.filterCurrentPage(session), nextActions.clearRequests(session))
  if (routed === undefined) out.push(nextActions.startHar(session, false))
  return out
}
