/**
 * What the wrapper has seen running in a session: captures (trace, profiler, HAR, recording) and `network route`
 * mocks. Starting a capture the wrapper believes is already running is refused before upstream runs; failed or
 * pending requests that match an active route are flagged, since a mock is the likeliest cause. Pure.
 */
import { InvalidInput } from "../schema/ToolError.js"
import type { CommandLine } from "../domain/CommandLine.js"
import type { CaptureKind, RouteDiagnostic, RouteMode, RouteRule } from "../domain/Captures.js"
import { routeShapeOf } from "../upstream/routeShape.js"

export interface CaptureCommand {
  readonly kind: CaptureKind
  readonly op: "start" | "stop" | "restart"
}

export const captureCommand = (line: CommandLine): CaptureCommand | undefined => {
  const [command, sub, third] = line.positionals
  if ((command === "trace" || command === "profiler") && (sub === "start" || sub === "stop"))
    return { kind: command, op: sub }
  if (command === "network" && sub === "har" && (third === "start" || third === "stop"))
    return { kind: "har", op: third }
  if (command === "record" && (sub === "start" || sub === "stop" || sub === "restart"))
    return { kind: "recording", op: sub }
  return undefined
}

/** Trace and profiler both record through Chrome's tracing: one owns it at a time. */
const TRACING: ReadonlySet<CaptureKind> = new Set(["trace", "profiler"])

const stopOf = (kind: CaptureKind): string =>
  kind === "har" ? "network har stop [path]" : kind === "recording" ? "record stop" : `${kind} stop [path]`

/**
 * Refuses what conflicts with a capture the wrapper saw started and not stopped in this session: starting it again,
 * starting the other tracing owner (trace / profiler) while one runs, or stopping the tracing owner that is not the
 * one running. A stop with nothing running goes ahead (it resyncs after a stop outside this tool).
 */
export const guardCapture = (
  line: CommandLine,
  session: string,
  active: ReadonlySet<CaptureKind>
): InvalidInput | undefined => {
  const capture = captureCommand(line)
  if (capture === undefined) return undefined
  const owner = TRACING.has(capture.kind) ? [...active].find((k) => TRACING.has(k) && k !== capture.kind) : undefined
  const resync = "If it was stopped outside this tool, stop it again here to resync."
  if (capture.op === "start" && active.has(capture.kind)) {
    return new InvalidInput({
      field: "args",
      detail:
        `the wrapper believes a ${capture.kind} capture is already running in session ${session} ` +
        `(started earlier in this conversation); run ${stopOf(capture.kind)} first. ${resync}`
    })
  }
  if (owner === undefined || capture.op === "restart" || (capture.op === "stop" && active.has(capture.kind)))
    return undefined
  return new InvalidInput({
    field: "args",
    detail:
      capture.op === "start"
        ? `the wrapper believes a ${owner} capture owns Chrome tracing in session ${session}, ` +
          `and ${capture.kind} needs it too; run ${stopOf(owner)} first. ${resync}`
        : `the wrapper believes the running capture in session ${session} is a ${owner}, not a ${capture.kind}; ` +
          `run ${stopOf(owner)} to stop it. ${resync}`
  })
}

export const afterCapture = (line: CommandLine, active: ReadonlySet<CaptureKind>): ReadonlySet<CaptureKind> => {
  const capture = captureCommand(line)
  if (capture === undefined) return active
  const next = new Set(active)
  if (capture.op === "stop") next.delete(capture.kind)
  else next.add(capture.kind)
  return next
}

export const afterRoute = (line: CommandLine, routes: ReadonlyArray<RouteRule>): ReadonlyArray<RouteRule> => {
  const [command, sub, pattern] = line.positionals
  if (command !== "network") return routes
  if (sub === "route" && pattern !== undefined) {
    const has = (flag: string) => line.positionals.some((t) => t === flag || t.startsWith(`${flag}=`))
    const shape = routeShapeOf(line)
    // a response shape (`--status`, `--headers`, `--content-type`) is a mock, with or without a body
    const shaped = shape !== undefined && !("problem" in shape) ? shape : undefined
    const mode: RouteMode = has("--abort") ? "abort" : has("--body") || shaped !== undefined ? "fulfill" : "continue"
    const rule = { pattern, mode, ...(shaped !== undefined && shaped.status !== 200 ? { status: shaped.status } : {}) }
    return [...routes.filter((r) => r.pattern !== pattern), rule]
  }
  if (sub === "unroute") return pattern === undefined ? [] : routes.filter((r) => r.pattern !== pattern)
  return routes
}

/** `**` any path, `*` one segment, `?` one character: the URL globs upstream's route takes. */
export const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split("**")
      .map((part) =>
        part
          .split("*")
          .map((p) => p.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\?/g, "."))
          .join("[^/]*")
      )
      .join(".*")}$`
  )

/**
 * The routes set before `pattern` (the book keeps upstream's order, and upstream answers with the first route that
 * matches) that may take some of its requests: either glob matches the other's text (any path under api before
 * api/data, or the reverse). Read from the globs alone: a `--resource-type` narrowing is not recorded.
 */
export const routesBefore = (routes: ReadonlyArray<RouteRule>, pattern: string): ReadonlyArray<RouteRule> => {
  const at = routes.findIndex((r) => r.pattern === pattern)
  const mine = globToRegExp(pattern)
  return routes
    .slice(0, at < 0 ? routes.length : at)
    .filter((r) => r.pattern !== pattern && (globToRegExp(r.pattern).test(pattern) || mine.test(r.pattern)))
}

/** Error text a browser gives a request a CORS check or preflight stopped. */
const CORS_LIKE = /\bcors\b|preflight|access-control-allow|cross-origin|blocked by .*polic/i

const reasonOf = (r: Record<string, unknown>): RouteDiagnostic["reason"] | undefined => {
  const status = r["status"]
  const errorText = [r["error"], r["errorText"], r["failureText"]].filter((v) => typeof v === "string").join(" ")
  if (CORS_LIKE.test(errorText)) return "cors-likely-routed-request"
  if (typeof status !== "number") return "pending-routed-request"
  return status >= 400 ? "failed-routed-request" : undefined
}

const SUMMARY: Record<RouteDiagnostic["reason"], string> = {
  "pending-routed-request": "has no response yet",
  "cors-likely-routed-request": "failed a CORS/preflight check",
  "failed-routed-request": "answered with an HTTP error"
}

export const routeDiagnostics = (
  routes: ReadonlyArray<RouteRule>,
  requests: ReadonlyArray<Record<string, unknown>>
): ReadonlyArray<RouteDiagnostic> =>
  requests.flatMap((r) => {
    const reason = reasonOf(r)
    if (reason === undefined) return []
    const url = String(r["url"] ?? "")
    const rule = routes.find(
      (route) =>
        globToRegExp(route.pattern).test(url) || globToRegExp(route.pattern).test(url.replace(/^[a-z]+:\/\/[^/]+/, ""))
    )
    // a mock that answers the status it was set to answer is doing its job
    if (rule === undefined || (reason === "failed-routed-request" && rule.status === r["status"])) return []
    const id = typeof r["requestId"] === "string" && r["requestId"] !== "" ? r["requestId"] : undefined
    return [
      {
        reason,
        routePattern: rule.pattern,
        mode: rule.mode,
        ...(id !== undefined ? { requestId: id } : {}),
        requestUrl: url,
        summary:
          `${url} matches network route ${rule.pattern} (${rule.mode}) and ${SUMMARY[reason]}: ` +
          "check the mock before the app."
      }
    ]
  })
