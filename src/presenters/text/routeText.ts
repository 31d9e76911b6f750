/**
 * `network route`, `unroute` and the wrapper's `network routes` said as what they did: the mock a route answers with
 * (upstream's: HTTP 200, application/json; or the shape the tool sent its daemon: status, content type, headers),
 * how many routes an unroute removed, and the routes still active, as the tool recorded them
 * (program/lifecycle/routeBook.ts). Patterns and header names are the caller's own text. Pure.
 */
import { type Formatted, formatted } from "./contentBoundary.js"

type Data = Readonly<Record<string, unknown>>

interface Row {
  readonly pattern: string
  readonly mode: string
  readonly status?: unknown
}

const isRow = (r: unknown): r is Row => r !== null && typeof r === "object" && typeof (r as Row).pattern === "string"

const rowsOf = (value: unknown): ReadonlyArray<Row> | undefined =>
  Array.isArray(value)
    ? value.filter(isRow).map((r) => ({
        pattern: r.pattern,
        mode: typeof r.status === "number" ? `${String(r.mode)}, HTTP ${r.status}` : String(r.mode)
      }))
    : undefined

const MODE: Readonly<Record<string, string>> = {
  fulfill: "answered with HTTP 200, application/json and the --body",
  abort: "failed (--abort)",
  continue: "passed through"
}

/** A shaped route's answer (upstream/routeShape.ts `RouteAnswer`): what its requests are answered with. */
const shapedAnswer = (answer: unknown): string | undefined => {
  if (answer === null || typeof answer !== "object") return undefined
  const a = answer as { status?: unknown; contentType?: unknown; headerNames?: unknown; body?: unknown }
  if (typeof a.status !== "number") return undefined
  const names = Array.isArray(a.headerNames) ? a.headerNames.map(String) : []
  const parts = [
    `HTTP ${a.status}`,
    ...(typeof a.contentType === "string" ? [`Content-Type ${a.contentType}`] : []),
    ...(names.length > 0 ? [`header${names.length > 1 ? "s" : ""} ${names.join(", ")}`] : [])
  ]
  return `answered with ${parts.join(", ")} and ${a.body === true ? "the --body" : "an empty body"}`
}

const SAME = "(upstream answers unroute the same either way)"

const list = (rows: ReadonlyArray<Row>): string => rows.map((r) => `${r.pattern} (${r.mode})`).join(", ")

const SCOPE = "as set through this tool in this session; a relaunched browser has none"

const activeLine = (rows: ReadonlyArray<Row>): string =>
  rows.length === 0 ? `No route is active now (${SCOPE}).` : `Active routes (${rows.length}, ${SCOPE}): ${list(rows)}.`

/** Routes set earlier that may take some of the new route's requests: upstream answers with the first that matches. */
const earlierLine = (rows: ReadonlyArray<Row> | undefined): ReadonlyArray<string> =>
  rows === undefined || rows.length === 0
    ? []
    : [
        " Upstream answers with the first route set that matches, so requests an earlier route also matches may " +
          `get it: ${list(rows)} (network unroute ${rows[0]?.pattern} lets this one answer them).`
      ]

export const formatRoutes = (command: string, sub: string | undefined, data: Data): Formatted | undefined => {
  if (command !== "network") return undefined
  const active = rowsOf(data["activeRoutes"])
  if (sub === "routes") {
    const routes = rowsOf(data["routes"]) ?? []
    return formatted([activeLine(routes)], `${routes.length} active routes`)
  }
  if (sub === "route" && active !== undefined && typeof data["routed"] === "string") {
    const mine = active.find((r) => r.pattern === data["routed"])
    const answer = shapedAnswer(data["answer"]) ?? MODE[mine?.mode ?? "continue"] ?? "passed through"
    const what = `Routed ${data["routed"]}: matching requests are ${answer}.`
    return formatted(
      [what, ...earlierLine(rowsOf(data["routedBefore"])), "\n", activeLine(active)],
      `routed ${data["routed"]}`
    )
  }
  const removed = rowsOf(data["removed"])
  if (sub === "unroute" && active !== undefined && removed !== undefined) {
    const asked = typeof data["unrouted"] === "string" && data["unrouted"] !== "all" ? data["unrouted"] : undefined
    const head =
      removed.length > 0
        ? `Removed ${removed.length} route(s): ${list(removed)}.`
        : asked !== undefined
          ? `Removed 0 routes: ${asked} is not among the routes this tool set here ${SAME}.`
          : `Removed 0 routes: this tool set none here ${SAME}.`
    return formatted([head, "\n", activeLine(active)], `unrouted ${removed.length}`)
  }
  return undefined
}

interface SavedBody {
  readonly path?: unknown
  readonly bytes?: unknown
  readonly source?: unknown
  readonly capturedBytes?: unknown
}

/** How a saved body was had, and (re-read) whether its size is the captured one's (base64 length: within 2 bytes). */
const howSaved = (saved: SavedBody, bytes: number): string => {
  if (saved.source === "captured") return "the text agent-browser captured"
  const captured = typeof saved.capturedBytes === "number" ? saved.capturedBytes : undefined
  const same =
    captured !== undefined && Math.abs(captured - bytes) <= 2
      ? "same size as the captured body"
      : `the captured body was about ${captured ?? "?"} bytes: the server answered differently this time`
  return `agent-browser withholds binary bodies, so the page read the URL again (cache first); ${same}`
}

/** `network request <id> --save <path>`: where the body went, how it was had, whether its size is the captured one. */
export const formatSavedBody = (command: string, sub: string | undefined, data: Data): Formatted | undefined => {
  const saved = data["savedBody"] as SavedBody | undefined
  if (command !== "network" || sub !== "request" || typeof saved?.path !== "string") return undefined
  const bytes = Number(saved.bytes)
  const request = `${String(data["method"] ?? "GET")} ${String(data["url"] ?? "")}`
  const status = String(data["status"] ?? "?")
  const line =
    `Saved the response body of ${request} (HTTP ${status}, ${bytes} bytes) to ${saved.path}: ` +
    `${howSaved(saved, bytes)}.`
  return formatted([line], `response body saved (${bytes} bytes)`)
}
