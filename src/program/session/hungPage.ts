/**
 * A call the watchdog ended may leave its navigation hanging in the daemon (a server that accepts and never answers):
 * upstream keeps the session busy for about 30 s, then answers the next command with `page_wedged` after about 36 s
 * more. Recovered here, inside the call that timed out: the navigation is stopped in the browser itself (CDP
 * `Page.stopLoading` on the session's tab over the browser's own DevTools endpoint, not through the busy daemon), and
 * a short `get url` checks that the session answers again. A browser this tool launched that still does not answer
 * (a page script that never returns) is ended by its recorded identity, so the next call starts a new one with the same
 * launch flags. Attached and caller-named browsers are never ended. Waits and dialog-like commands keep their own rules.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import type { TimedOut } from "../../schema/ToolError.js"
import { readPayload, UrlReply } from "../../schema/UpstreamPayloads.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { targetOf } from "../../session/target.js"
import { socketDirOf } from "../../upstream/socketDir.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { isDialogLike, requestedWaitMs } from "../../upstream/timeoutPolicy.js"
import { observeDaemon } from "../refs/refTracking.js"
import { browserEndpointOf } from "./sessionEndpoint.js"

/** A live session answers `get url` in milliseconds once nothing holds it. */
const CHECK_TIMEOUT_MS = 4_000
const CDP_TIMEOUT_MS = 2_000

/**
 * Timeouts this recovery is for: not a wait the caller asked for, not a dialog (their own actions), not a close, and
 * not one where nothing ran (a pool launch left queued: its check would start a daemon that queues in the pool again).
 */
const applies = (plan: Plan, error: TimedOut): boolean =>
  error.source === "watchdog" && error.dispatched !== "no" && plan.kind === "browser" && plan.sessionName !== undefined && !isClose(plan.line) &&
  requestedWaitMs(plan.line.positionals) === undefined && !isDialogLike(plan.line, plan.stdin)

/** `Page.stopLoading` on the session's tab (or, in a browser this tool launched, on every page): the URLs stopped. */
const stopLoading = (endpoint: string, targetId: string | undefined, everyPage: boolean) =>
  Effect.gen(function*() {
    const endpoints = yield* BrowserEndpoints
    const view = yield* endpoints.inspect(endpoint, CDP_TIMEOUT_MS)
    const all = (view?.targets ?? []).filter((t) => t.type === "page")
    const own = all.filter((t) => t.id === targetId)
    const pages = own.length > 0 || !everyPage ? own : all
    const stopped: Array<string> = []
    for (const page of pages) {
      if (page.webSocketDebuggerUrl === undefined) continue
      const answered = yield* endpoints.command(page.webSocketDebuggerUrl, "Page.stopLoading", {}, CDP_TIMEOUT_MS)
      if (answered !== undefined) stopped.push(page.url)
    }
    return stopped
  })

/** The session's page URL when it answers within the check's budget. */
const answers = (plan: Plan) =>
  Effect.gen(function*() {
    const reply = yield* Effect.either((yield* SessionCommands).run({ ...targetOf(plan), kind: "browser" }, ["get", "url"], { timeoutMs: CHECK_TIMEOUT_MS }))
    return Either.isRight(reply) && reply.right.kind === "single" ? readPayload(UrlReply, reply.right.data, (d) => d.url) ?? "" : undefined
  })

export const recoverHungPage = (plan: Plan, error: TimedOut) =>
  Effect.gen(function*() {
    if (!applies(plan, error) || plan.sessionName === undefined) return undefined
    const session = plan.sessionName
    const started = yield* Clock.currentTimeMillis
    const took = Effect.map(Clock.currentTimeMillis, (now) => now - started)
    const { endpoint, attached } = yield* browserEndpointOf(plan)
    const owned = !attached && (plan.sessionRole === "managed" || plan.sessionRole === "fresh")
    // nothing to stop and nothing this tool may end: the check alone would recover nothing
    if (endpoint === undefined && (!owned || plan.firstLaunch)) return undefined
    const stopped = endpoint !== undefined ? yield* stopLoading(endpoint, (yield* observeDaemon(plan)).targetId, owned) : []
    const url = yield* answers(plan)
    if (url !== undefined) {
      if (stopped.length === 0) return undefined
      return {
        kind: "navigation-stopped",
        summary: `the navigation to ${stopped.join(", ")} never answered; it was stopped in the browser, and the session answers again${url !== "" ? ` (on ${url})` : ""}.`,
        durationMs: yield* took
      } satisfies Recovery
    }
    // a launch that is only slow is not stuck; a browser this tool did not launch is not ours to end
    if (!owned || plan.firstLaunch) return undefined
    const config = yield* ToolConfig
    yield* (yield* BrowserProcesses).reap(socketDirOf(config, plan.env), session)
    return {
      kind: "browser-ended",
      summary: `the browser of session ${session} did not answer ${stopped.length > 0 ? "even after its navigation was stopped" : "after the timeout"}; it was ended, and the next call starts a new one with the same launch flags (its page, tabs, cookies and refs are gone).`,
      durationMs: yield* took
    } satisfies Recovery
  })
