/**
 * `network route <glob> --status|--headers|--content-type …`: a mock with a response shape, which agent-browser
 * 0.41.2's CLI cannot send but its daemon's `route` command takes (upstream/routeShape.ts). Upstream still does the
 * interception; the tool only speaks to its daemon the way its CLI does. Two steps, under the call's session lock:
 * upstream's `network unroute <glob>` in the call's session and its pinned tab (clearFirst.ts: it launches the browser
 * like any call when the session has none yet, clears an earlier route on the same glob, which upstream would
 * otherwise keep answering first, and leaves the pinned tab the daemon's active one), then the daemon's `route` over
 * the session's socket, which upstream applies to its active tab. Each reply is classified once, like any other.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { DaemonSocket } from "../../services/DaemonSocket.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { classifyUpstream } from "../../upstream/classifyReply.js"
import { parseCommandLine, withoutFlags } from "../../upstream/commandLine.js"
import { answerOf, type RouteShape, routeCommand, routeShapeOf } from "../../upstream/routeShape.js"
import { sessionFilePath, socketDirOf } from "../../upstream/sessionFiles.js"
import { clearThenRun } from "./clearFirst.js"

/** The call, its global flags without `--headers` (here the mock's response headers, not upstream's). */
const withoutHeaders = (plan: Plan): Plan => ({
  ...plan,
  effectiveArgs: withoutFlags(parseCommandLine(plan.effectiveArgs), new Set(["--headers"]))
})

const sendRoute = (plan: Plan, session: string, shape: RouteShape) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const socketPath = sessionFilePath(socketDirOf(config, plan.env), session, "sock")
    const line = yield* (yield* DaemonSocket).send(socketPath, routeCommand(shape, "piab-route"), plan.timeoutMs)
    const result = { exitCode: 0, signal: null, stdout: line, stderr: "", durationMs: 0 }
    const outcome = yield* classifyUpstream({ kind: "browser", line: plan.line }, result)
    if (outcome.kind !== "single") return outcome
    const data = outcome.data !== null && typeof outcome.data === "object" ? outcome.data : {}
    return { ...outcome, data: { ...data, answer: answerOf(shape) } } satisfies UpstreamOutcome
  })

const runShape = (plan: Plan, session: string, shape: RouteShape) =>
  Effect.gen(function* () {
    const cleared = yield* clearThenRun(withoutHeaders(plan), session, shape.pattern, [])
    if (Either.isLeft(cleared)) return yield* Effect.fail(cleared.left)
    return yield* sendRoute(plan, session, shape)
  })

/** A shaped route, run (its reply as an Either, like the other run steps'); undefined for any other call. */
export const runShapedRoute = (plan: Plan) =>
  Effect.gen(function* () {
    const shape = routeShapeOf(plan.line)
    if (shape === undefined) return undefined
    const invalid = (detail: string) => ({ replied: Either.left(new InvalidInput({ field: "args", detail })) })
    if ("problem" in shape) return invalid(shape.problem)
    if (plan.kind !== "browser" || plan.sessionName === undefined)
      return invalid("network route with a response shape needs a browser session")
    return { replied: yield* Effect.either(runShape(plan, plan.sessionName, shape)) }
  })
