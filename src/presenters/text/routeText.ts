/**
 * `network route`, `unroute` and the wrapper's `network routes` said as what they did: the mock a route answers with
 * (upstream's: HTTP 200, application/json), how many routes an unroute removed, and the routes still active, as the
 * tool recorded them (program/session/routeBook.ts). Patterns are the caller's own text. Pure.
 */
import { type Formatted, formatted } from "./formatted.js"

type Data = Readonly<Record<string, unknown>>

interface Row {
  readonly pattern: string
  readonly mode: string
}

const rowsOf = (value: unknown): ReadonlyArray<Row> | undefined =>
  Array.isArray(value)
    ? value.flatMap((r) => (r !== null && typeof r === "object" && typeof (r as Row).pattern === "string" ? [{ pattern: (r as Row).pattern, mode: String((r as Row).mode) }] : []))
    : undefined

const MODE: Readonly<Record<string, string>> = {
  fulfill: "answered with HTTP 200, application/json and the --body",
  abort: "failed (--abort)",
  continue: "passed through"
}

const list = (rows: ReadonlyArray<Row>): string => rows.map((r) => `${r.pattern} (${r.mode})`).join(", ")

const SCOPE = "as set through this tool in this session; a relaunched browser has none"

const activeLine = (rows: ReadonlyArray<Row>): string =>
  rows.length === 0 ? `No route is active now (${SCOPE}).` : `Active routes (${rows.length}, ${SCOPE}): ${list(rows)}.`

export const formatRoutes = (command: string, sub: string | undefined, data: Data): Formatted | undefined => {
  if (command !== "network") return undefined
  const active = rowsOf(data["activeRoutes"])
  if (sub === "routes") {
    const routes = rowsOf(data["routes"]) ?? []
    return formatted([activeLine(routes)], `${routes.length} active routes`)
  }
  if (sub === "route" && active !== undefined && typeof data["routed"] === "string") {
    const mine = active.find((r) => r.pattern === data["routed"])
    const what = `Routed ${data["routed"]}: matching requests are ${MODE[mine?.mode ?? "continue"] ?? "passed through"}.`
    return formatted([what, "\n", activeLine(active)], `routed ${data["routed"]}`)
  }
  const removed = rowsOf(data["removed"])
  if (sub === "unroute" && active !== undefined && removed !== undefined) {
    const asked = typeof data["unrouted"] === "string" && data["unrouted"] !== "all" ? data["unrouted"] : undefined
    const head = removed.length > 0
      ? `Removed ${removed.length} route(s): ${list(removed)}.`
      : asked !== undefined
      ? `Removed 0 routes: ${asked} is not among the routes this tool set here (upstream answers unroute the same either way).`
      : "Removed 0 routes: this tool set none here (upstream answers unroute the same either way)."
    return formatted([head, "\n", activeLine(active)], `unrouted ${removed.length}`)
  }
  return undefined
}

/** `network request <id> --save <path>`: where the body went, how it was had, and whether its size is the captured one. */
export const formatSavedBody = (command: string, sub: string | undefined, data: Data): Formatted | undefined => {
  const saved = data["savedBody"] as { path?: unknown; bytes?: unknown; source?: unknown; capturedBytes?: unknown } | undefined
  if (command !== "network" || sub !== "request" || saved === undefined || typeof saved.path !== "string") return undefined
  const bytes = Number(saved.bytes)
  const captured = typeof saved.capturedBytes === "number" ? saved.capturedBytes : undefined
  const how = saved.source === "captured"
    ? "the text agent-browser captured"
    : `agent-browser withholds binary bodies, so the page read the URL again (cache first); ${captured !== undefined && Math.abs(captured - bytes) <= 2 ? "same size as the captured body" : `the captured body was about ${captured ?? "?"} bytes: the server answered differently this time`}`
  const line = `Saved the response body of ${String(data["method"] ?? "GET")} ${String(data["url"] ?? "")} (HTTP ${String(data["status"] ?? "?")}, ${bytes} bytes) to ${saved.path}: ${how}.`
  return formatted([line], `response body saved (${bytes} bytes)`)
}
