/**
 * A call the watchdog ended may leave the session held in the daemon: a navigation hanging (a server that accepts and
 * never answers: upstream keeps the session busy for about 30 s, then answers the next command with `page_wedged`
 * after about 36 s more), an `eval` awaiting a promise that never settles (held about 30 s), a script that never
 * returns. Recovered here, inside the call that timed out, over the browser's own DevTools endpoint (not through the
 * busy daemon): the session's page is asked its `document.readyState` first; a navigation is stopped
 * (`Page.stopLoading`) only when one was pending (the page still loading, or the command navigated); an `eval` that
 * still holds the session while its page answers is ended by reloading the page (the only thing that settles its
 * promise: `Runtime.terminateExecution` does not, and a busy page would not take it over a new connection); a short
 * `get url` checks that the session answers again. A browser this tool launched whose page did not answer is ended by
 * its recorded identity, so the next call starts a new one with the same launch flags. Attached and caller-named
 * browsers are never ended; nor is one whose silent page a JavaScript dialog holds (dialogHold.ts: said as that dialog,
 * nothing stopped or reloaded). Waits and dialog-like commands keep their own rules. What the line claims:
 * session/hungRecovery.ts. The live URL read is returned for the timeout's progress (T3).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import type { EndpointTarget } from "../../domain/Endpoint.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import type { TimedOut } from "../../schema/ToolError.js"
import { readPayload, UrlReply } from "../../schema/UpstreamPayloads.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { awaitsScript, hungRecoveryOf, navigationPending } from "../../session/hungRecovery.js"
import { targetOf } from "../../session/planRun.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { isDialogLike, requestedWaitMs } from "../../upstream/timeoutPolicy.js"
import { observeDaemon } from "../refs/refTracking.js"
import type { OpenDialog } from "../../upstream/dialogStatus.js"
import { silentPageCause } from "./dialogHold.js"
import { browserEndpointOf } from "./sessionEndpoint.js"

/** A live session answers `get url` in milliseconds once nothing holds it. */
const CHECK_TIMEOUT_MS = 4_000
const CDP_TIMEOUT_MS = 2_000

/**
 * Timeouts this recovery is for: not a wait the caller asked for, not a dialog (their own actions), not a close, and
 * not one where nothing ran (a pool launch left queued: its check would start a daemon that queues in the pool again).
 */
const applies = (plan: Plan, error: TimedOut): boolean =>
  error.source === "watchdog" &&
  error.dispatched !== "no" &&
  plan.kind === "browser" &&
  plan.sessionName !== undefined &&
  !isClose(plan.line) &&
  requestedWaitMs(plan.line.positionals) === undefined &&
  !isDialogLike(plan.line, plan.stdin)

/** The page's load state, title and address over DevTools; undefined when it did not answer (its main thread held). */
export const probePage = (page: EndpointTarget | undefined) =>
  Effect.gen(function* () {
    if (page?.webSocketDebuggerUrl === undefined) return undefined
    const expression = "JSON.stringify({ r: document.readyState, t: document.title, u: location.href })"
    const endpoints = yield* BrowserEndpoints
    const params = { expression, returnByValue: true }
    const reply = yield* endpoints.command(page.webSocketDebuggerUrl, "Runtime.evaluate", params, CDP_TIMEOUT_MS)
    const value = (reply as { result?: { value?: unknown } } | undefined)?.result?.value
    if (typeof value !== "string") return undefined
    try {
      const read = JSON.parse(value) as { r?: unknown; t?: unknown; u?: unknown }
      const text = (v: unknown): string => (typeof v === "string" ? v : "")
      return { readyState: text(read.r), title: text(read.t), url: text(read.u) }
    } catch {
      return undefined
    }
  })

/** One CDP command on each page: the URLs of the pages that answered. */
const onPages = (pages: ReadonlyArray<EndpointTarget>, method: string) =>
  Effect.gen(function* () {
    const endpoints = yield* BrowserEndpoints
    const done: Array<string> = []
    for (const page of pages) {
      if (page.webSocketDebuggerUrl === undefined) continue
      const answered = yield* endpoints.command(page.webSocketDebuggerUrl, method, {}, CDP_TIMEOUT_MS)
      if (answered !== undefined) done.push(page.url)
    }
    return done
  })

/** The session's page URL when it answers within the check's budget. */
const answers = (plan: Plan) =>
  Effect.gen(function* () {
    const reply = yield* Effect.either(
      (yield* SessionCommands).run({ ...targetOf(plan), kind: "browser" }, ["get", "url"], {
        timeoutMs: CHECK_TIMEOUT_MS
      })
    )
    return Either.isRight(reply) && reply.right.kind === "single"
      ? (readPayload(UrlReply, reply.right.data, (d) => d.url) ?? "")
      : undefined
  })

/** The session's pages at its endpoint: its own tab, else (a browser this tool launched) every page. */
export const pagesOf = (plan: Plan, endpoint: string | undefined, owned: boolean) =>
  Effect.gen(function* () {
    if (endpoint === undefined)
      return { pages: [] as ReadonlyArray<EndpointTarget>, session: undefined, browserId: undefined }
    const view = yield* (yield* BrowserEndpoints).inspect(endpoint, CDP_TIMEOUT_MS)
    const all = (view?.targets ?? []).filter((t) => t.type === "page")
    const targetId = (yield* observeDaemon(plan)).targetId
    const own = all.filter((t) => t.id === targetId)
    // the session's own tab, known by its id or as the only page: the one a reload may touch
    return {
      pages: own.length > 0 || !owned ? own : all,
      session: own[0] ?? (all.length === 1 ? all[0] : undefined),
      browserId: view?.browserId
    }
  })

/** The page as read live after the timeout (T3: `currentPage`, `liveUrlRecovered`). */
export interface LivePage {
  readonly url: string
  readonly title?: string
}

export interface HungPageOutcome {
  readonly recovery?: Recovery
  readonly livePage?: LivePage
  /** The JavaScript dialog that holds the silent page (nothing was stopped, reloaded or ended: dialogHold.ts). */
  readonly dialog?: OpenDialog
}

export const recoverHungPage = (plan: Plan, error: TimedOut) =>
  Effect.gen(function* () {
    const none: HungPageOutcome = {}
    if (!applies(plan, error) || plan.sessionName === undefined) return none
    const session = plan.sessionName
    const started = yield* Clock.currentTimeMillis
    const { endpoint, attached } = yield* browserEndpointOf(plan)
    const owned = !attached && (plan.sessionRole === "managed" || plan.sessionRole === "fresh")
    // nothing to ask and nothing this tool may end: the check alone would recover nothing
    if (endpoint === undefined && (!owned || plan.firstLaunch)) return none
    const step = error.partialProgress?.firstIncompleteStep?.command ?? plan.line.argv
    const { pages, session: tab, browserId } = yield* pagesOf(plan, endpoint, owned)
    // a page-busy timeout has just seen the page silent and its renderer busy (pageHealth.ts): not asked again
    const probed = error.reason === "page-busy" ? undefined : yield* probePage(tab ?? pages[0])
    const pending = navigationPending(step, probed?.readyState)
    // a silent page held by a dialog (no navigation to stop) is said as that: not reloaded, its browser not ended
    const silent = probed === undefined && !pending && pages.length > 0 && endpoint !== undefined
    const cause =
      silent && browserId !== undefined ? yield* silentPageCause(plan, endpoint, browserId, error) : undefined
    if (cause?.dialog !== undefined) return { dialog: cause.dialog } satisfies HungPageOutcome
    const stopped = pending ? yield* onPages(pages, "Page.stopLoading") : []
    const first = yield* answers(plan)
    // the page answers but the session is still held by the stopped eval: a reload settles its promise
    const reloaded =
      first === undefined && !pending && probed !== undefined && awaitsScript(step) && tab !== undefined
        ? (yield* onPages([tab], "Page.reload")).length > 0
        : false
    const url = reloaded ? yield* answers(plan) : first
    const pageSilent = pages.length > 0 && probed === undefined
    // the browser is ended only when it did not answer: its page silent (or none to ask) and the session too
    const ends = url === undefined && probed === undefined && owned && !plan.firstLaunch
    if (ends) {
      yield* (yield* BrowserProcesses).reap(socketDirOf(yield* ToolConfig, plan.env), session)
      yield* (yield* SessionRegistry).browserEnded(session)
    }
    const now = yield* Clock.currentTimeMillis
    const busy = cause?.busy === true
    const seen = {
      session,
      step,
      readyState: probed?.readyState,
      pageSilent,
      busy,
      stopped,
      reloaded,
      url,
      ended: ends
    }
    const recovery = hungRecoveryOf(seen, now - started)
    // the title of the page the session answered from (read again: a stopped or reloaded page has changed since)
    const after = url !== undefined && url !== "" && !ends ? yield* probePage(tab ?? pages[0]) : undefined
    const title = after !== undefined && after.url === url && after.title !== "" ? after.title : undefined
    const livePage =
      url !== undefined && url !== "" && !ends ? { url, ...(title !== undefined ? { title } : {}) } : undefined
    return { ...(recovery !== undefined ? { recovery } : {}), ...(livePage !== undefined ? { livePage } : {}) }
  })
