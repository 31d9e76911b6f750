/**
 * `open <http(s) URL>` in a session whose browser already runs, answered once the page is usable: upstream's `open`
 * waits for the load event (25 s on a page with one resource that never loads, and nothing shortens it), so the
 * navigation is started in the session's tab over the browser's own DevTools endpoint (CDP `Page.navigate` answers
 * once the document is committed), then one upstream process waits for the DOM to be ready (the call's own budget) and
 * reads the page as after any open (title, URL, challenge facts, settle, what is still loading), and what the page
 * logged and the dialogs it showed while loading (page/loadLog.ts, installed by the navigation's own connection).
 * Upstream's own open is kept wherever it does more than navigate or where this path cannot see the tab: the first
 * launch, per-call flags (`--headers` are scoped to the origin by upstream's open), an allow-list (upstream refuses
 * the URL), a navigation CDP reports failed (upstream says why, in its words). A document that never arrives within
 * the call's budget is a `TimedOut` (`no-commit`), which the hung-page recovery stops, as after upstream's open.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { BrowserEndpoints, type CdpCall } from "../../services/BrowserEndpoints.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { PAGE_NAVIGATED, TimedOut } from "../../schema/ToolError.js"
import { PathReply, readPayload } from "../../schema/UpstreamPayloads.js"
import { targetOf } from "../../session/planRun.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { LOAD_LOG_SCRIPT, type LoadLog } from "../../page/loadLog.js"
import { observeDaemon } from "../refs/refTracking.js"
import { browserEndpointOf } from "../lifecycle/sessionEndpoint.js"
import { OPENED_PAGE_EXPRESSION, openedPageOf, type OpenedPage } from "./pageProbes.js"

const CDP_TIMEOUT_MS = 2_000
/** Kept back from the call's budget for the read after the DOM is ready. */
const READ_RESERVE_MS = 4_000
/** The call's own flags this path may carry; any other (`--headers`, …) is upstream's open's to apply. */
const PLAIN_FLAGS: ReadonlySet<string> = new Set(["--session", "--json"])

/** The URL an open may navigate to directly, or undefined when upstream's open must run. */
const directUrl = (plan: Plan, env: Readonly<Record<string, string | undefined>>): string | undefined => {
  if (plan.kind !== "browser" || plan.firstLaunch || plan.sessionName === undefined) return undefined
  const [command, url, ...rest] = plan.line.positionals
  if (!isOpening(command) || url === undefined || rest.length > 0 || !/^https?:\/\/[^/]/i.test(url)) return undefined
  if (plan.line.flags.some((f) => !PLAIN_FLAGS.has(f.flag))) return undefined
  const allowList = plan.launchFlags.some((t) => t.startsWith("--allowed-domains") || t.startsWith("--headers"))
  const allowEnv = [plan.env, env].some((e) => (e["AGENT_BROWSER_ALLOWED_DOMAINS"] ?? "") !== "")
  return allowList || allowEnv ? undefined : url
}

export interface FastOpen {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  readonly page: OpenedPage | undefined
}

/**
 * Sent ahead of the navigation on its connection: the load log (page/loadLog.ts) runs first in the new document. The
 * browser runs such a script only while the Page domain is enabled on the connection that added it, and forgets it
 * when that connection closes (once the navigation answered): later navigations of the tab do not run it.
 */
const LOAD_LOG: ReadonlyArray<CdpCall> = [
  { method: "Page.enable", params: {} },
  { method: "Page.addScriptToEvaluateOnNewDocument", params: { source: LOAD_LOG_SCRIPT } }
]

/**
 * Navigates the session's tab over CDP: "committed" once the document arrived; "failed" when CDP says the navigation
 * failed or no tab could be reached (nothing is pending: upstream's open runs and says why); "pending" when no
 * document came within the budget (the navigation may still run: never started again).
 */
const navigateTab = (plan: Plan, url: string, commitMs: number) =>
  Effect.gen(function* () {
    const { endpoint } = yield* browserEndpointOf(plan)
    if (endpoint === undefined) return "failed" as const
    const targetId = (yield* observeDaemon(plan)).targetId
    const endpoints = yield* BrowserEndpoints
    const view = yield* endpoints.inspect(endpoint, CDP_TIMEOUT_MS)
    const tab = view?.targets.find((t) => t.type === "page" && t.id === targetId)
    if (tab?.webSocketDebuggerUrl === undefined) return "failed" as const
    const answer = yield* endpoints.command(tab.webSocketDebuggerUrl, "Page.navigate", { url }, commitMs, LOAD_LOG)
    if (answer === null || typeof answer !== "object") return "pending" as const
    // errorText: the navigation failed (no such host, a refused connection): upstream's open says it; ERR_ABORTED is
    // also what a URL that is a file gives (the browser downloads it instead of opening a page)
    const errorText = (answer as Record<string, unknown>)["errorText"]
    if (errorText === "net::ERR_ABORTED") return "aborted" as const
    return typeof errorText === "string" ? ("failed" as const) : ("committed" as const)
  })

/** A download that already started is picked up within this (upstream's `wait --download` also finds finished ones). */
const DOWNLOAD_PICKUP_MS = 10_000

/**
 * A navigation aborted because the URL is a file: the browser saved it instead of opening a page. Upstream's
 * `wait --download` picks the finished download up; the file is checked on disk, and the open answers with it
 * (`downloaded`, no page: the tab still shows the page before). Nothing picked up: upstream's open runs and says why
 * (nothing was downloaded, so nothing is downloaded twice).
 */
const downloadedInstead = (plan: Plan, url: string, remainingMs: number) =>
  Effect.gen(function* () {
    const timeoutMs = Math.max(1_000, Math.min(DOWNLOAD_PICKUP_MS, remainingMs - 1_000))
    const steps = [["wait", "--download", "--timeout", String(timeoutMs)]]
    const options = { timeoutMs: timeoutMs + 2_000, failFast: true }
    const ran = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), steps, options))
    const row = Either.isRight(ran) ? ran.right[0] : undefined
    const path = row?.success === true ? readPayload(PathReply, row.result, (d) => d.path) : undefined
    if (path === undefined) return undefined
    const file = yield* (yield* ArtifactStore).inspect(path)
    if (!file.exists) return undefined
    const data = { downloaded: path, from: url, ...(file.sizeBytes !== undefined ? { sizeBytes: file.sizeBytes } : {}) }
    return answered(data, undefined)
  })

const failed = (error: CommandError): FastOpen => ({ replied: Either.left(error), page: undefined })
/** An open's answer with what the page logged while loading and the dialogs it showed riding along, said after it. */
export const loadedOutcome = (
  data: unknown,
  warning: string | undefined,
  loaded: LoadLog | undefined
): UpstreamOutcome => {
  const dialogs =
    loaded !== undefined && loaded.dialogs.length > 0 ? { opened: loaded.dialogs, earlier: [] } : undefined
  return {
    kind: "single",
    data,
    warning,
    ...(dialogs !== undefined ? { jsDialogs: dialogs } : {}),
    ...(loaded?.effects !== undefined ? { effects: loaded.effects } : {})
  }
}

const answered = (data: unknown, page: OpenedPage | undefined): FastOpen => ({
  replied: Either.right(loadedOutcome(data, undefined, page?.loaded)),
  page
})

/** A step or batch failure that is the page going on to another document while it was read (a script redirect). */
export const cutByNavigation = (error: CommandError | undefined) =>
  error?._tag === "UpstreamFailed" && error.code === PAGE_NAVIGATED
/** A page that redirects by script is read again this many times, each time where it went. */
const READS = 3

/**
 * After the commit: the DOM waited for (what remains of the budget but the read's share), then the page read. A read
 * cut by the page's own redirect is made again where the page landed (its title and URL, not the page it left).
 */
export const readLandedPage = (plan: Plan, budgetMs: number) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    let last: FastOpen | undefined
    for (let attempt = 0; attempt < READS; attempt++) {
      const remainingMs = budgetMs - ((yield* Clock.currentTimeMillis) - started)
      const waitMs = Math.max(500, Math.round(remainingMs - READ_RESERVE_MS))
      const steps = [
        ["wait", "--fn", "document.readyState !== 'loading'", "--timeout", String(waitMs)],
        ["eval", OPENED_PAGE_EXPRESSION]
      ]
      const options = { timeoutMs: Math.max(1_000, remainingMs), failFast: true }
      const ran = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), steps, options))
      const [ready, read] = Either.isRight(ran) ? ran.right : []
      const error = Either.isLeft(ran) ? ran.left : ready?.success === false ? ready.error : undefined
      const cut = cutByNavigation(error) || (read?.success === false && cutByNavigation(read.error))
      if (!cut) {
        if (error !== undefined) return failed(error)
        const page = openedPageOf(read)
        return page === undefined ? undefined : answered({ title: page.title, url: page.url }, page)
      }
      last = error !== undefined ? failed(error) : undefined
    }
    return last
  })

export const runFastOpen = (plan: Plan) =>
  Effect.gen(function* () {
    const url = directUrl(plan, (yield* ToolConfig).env)
    if (url === undefined) return undefined
    // the call's budget holds: the document may take all of it but the read's share, the DOM wait what remains
    const started = yield* Clock.currentTimeMillis
    const remaining = Effect.map(Clock.currentTimeMillis, (now) => plan.timeoutMs - (now - started))
    const commitMs = Math.max(1_000, plan.timeoutMs - READ_RESERVE_MS)
    const navigated = yield* navigateTab(plan, url, commitMs)
    if (navigated === "failed") return undefined
    if (navigated === "aborted") return yield* downloadedInstead(plan, url, yield* remaining)
    if (navigated === "pending") {
      const error = new TimedOut({
        reason: "no-commit",
        timeoutMs: commitMs,
        dispatched: "maybe",
        stdout: "",
        stderr: ""
      })
      return failed(error)
    }
    return yield* readLandedPage(plan, yield* remaining)
  })
