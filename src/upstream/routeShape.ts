/**
 * A `network route` that shapes its mocked response: `--status <code>` (`--status-code`), `--headers <json object>`,
 * `--content-type <type>`, with `--body` and `--resource-type`. agent-browser 0.41.2's CLI reads none of these (it
 * answers a mock with HTTP 200), but its daemon's own `route` command takes `response: {status, body, contentType,
 * headers}` (cli/src/native/actions.rs `parse_route_response`); the tool sends that command over the session's socket
 * (program/routes/shapedRoute.ts). Here: the shape read from the argv (`--headers` is upstream's global flag, so
 * it is read from the line's flags), its value checks, and the command sent. Pure.
 */
import type { CommandLine } from "../domain/CommandLine.js"

export interface RouteShape {
  readonly pattern: string
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  /** Written, or `application/json` for a `--body` (what upstream's own `--body` mock answers with). */
  readonly contentType: string | undefined
  readonly body: string | undefined
  readonly resourceType: string | undefined
}

/** What the route answers, as the tool records and says it (the header values are the caller's, left out). */
export interface RouteAnswer {
  readonly status: number
  readonly contentType?: string
  readonly headerNames: ReadonlyArray<string>
  readonly body: boolean
}

const valueAfter = (positionals: ReadonlyArray<string>, names: ReadonlyArray<string>): string | undefined => {
  for (let i = 2; i < positionals.length; i++) {
    const token = positionals[i] ?? ""
    const eq = token.indexOf("=")
    if (eq > 0 && names.includes(token.slice(0, eq))) return token.slice(eq + 1)
    if (names.includes(token)) return positionals[i + 1]
  }
  return undefined
}

const written = (positionals: ReadonlyArray<string>, names: ReadonlyArray<string>): boolean =>
  positionals.slice(2).some((t) => names.some((n) => t === n || t.startsWith(`${n}=`)))

const STATUS = ["--status", "--status-code"]
const CONTENT_TYPE = ["--content-type"]

const isRoute = (line: CommandLine): boolean => line.positionals[0] === "network" && line.positionals[1] === "route"

/** Whether a `network route` asks for a response shape the CLI cannot send (a status, headers, a content type). */
export const shapesResponse = (line: CommandLine): boolean =>
  isRoute(line) &&
  (written(line.positionals, [...STATUS, ...CONTENT_TYPE]) || line.flags.some((f) => f.flag === "--headers"))

const EXAMPLE = `network route '**/api/data' --status 404 --headers '{"X-Mock":"yes"}' --body '{"error":"gone"}'`

const statusOf = (text: string | undefined): number | string => {
  const status = Number(text)
  return text !== undefined && /^\d+$/.test(text) && status >= 100 && status <= 599
    ? status
    : `--status takes an HTTP status code from 100 to 599 (got ${text === undefined ? "nothing" : `"${text}"`})`
}

const headersOf = (text: string | undefined): Readonly<Record<string, string>> | string => {
  const problem = `--headers takes a JSON object of header names to string values, e.g. {"X-Mock":"yes"}`
  try {
    const parsed = JSON.parse(text ?? "") as unknown
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return problem
    const entries = Object.entries(parsed as Record<string, unknown>)
    const valid = entries.every(([k, v]) => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k) && typeof v === "string")
    return valid ? Object.fromEntries(entries as Array<[string, string]>) : problem
  } catch {
    return problem
  }
}

/**
 * The shape of a `network route` that asks for one: the route to send, or the sentence saying what to write instead
 * (a bad status, headers that are not a JSON object of strings, `--abort` beside them). Undefined for any other call.
 */
export const routeShapeOf = (line: CommandLine): RouteShape | { readonly problem: string } | undefined => {
  if (!shapesResponse(line)) return undefined
  const fail = (problem: string) => ({ problem: `network route: ${problem}. For example: ${EXAMPLE}` })
  const { positionals } = line
  const pattern = positionals[2]
  if (pattern === undefined || pattern.startsWith("--")) return fail("the URL glob to route comes first")
  if (written(positionals, ["--abort"])) return fail("--abort fails the request, so it takes no response shape")
  if (written(positionals, ["--allow-origin"]))
    return fail(
      "--allow-origin goes with a plain --body mock; with a shape, put Access-Control-Allow-Origin in --headers"
    )
  const status = written(positionals, STATUS) ? statusOf(valueAfter(positionals, STATUS)) : 200
  if (typeof status === "string") return fail(status)
  const headersFlag = line.flags.find((f) => f.flag === "--headers")
  const headers = headersFlag === undefined ? {} : headersOf(headersFlag.value)
  if (typeof headers === "string") return fail(headers)
  const typeWritten = written(positionals, CONTENT_TYPE)
  const type = typeWritten ? valueAfter(positionals, CONTENT_TYPE) : undefined
  if (typeWritten && (type === undefined || type === "" || type.startsWith("--")))
    return fail("--content-type takes a media type, e.g. text/plain")
  const body = written(positionals, ["--body"]) ? (valueAfter(positionals, ["--body"]) ?? "") : undefined
  const contentType = type ?? (body !== undefined ? "application/json" : undefined)
  const resourceType = valueAfter(positionals, ["--resource-type", "--resource-types"])
  return { pattern, status, headers, contentType, body, resourceType }
}

/** Upstream's daemon `route` command for the shape (one JSON line on the session's socket). */
export const routeCommand = (shape: RouteShape, id: string): Record<string, unknown> => ({
  id,
  action: "route",
  url: shape.pattern,
  abort: false,
  response: {
    status: shape.status,
    ...(shape.body !== undefined ? { body: shape.body } : {}),
    ...(shape.contentType !== undefined ? { contentType: shape.contentType } : {}),
    headers: shape.headers
  },
  ...(shape.resourceType !== undefined ? { resourceType: shape.resourceType } : {})
})

export const answerOf = (shape: RouteShape): RouteAnswer => ({
  status: shape.status,
  ...(shape.contentType !== undefined ? { contentType: shape.contentType } : {}),
  headerNames: Object.keys(shape.headers),
  body: shape.body !== undefined
})
