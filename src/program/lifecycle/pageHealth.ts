/**
 * A page that stopped working under a call, found over the browser's own DevTools endpoint (not through the daemon a
 * hung page keeps busy): a tab whose renderer crashed, and a click whose page stopped answering.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { TabCrashed } from "../../schema/ErrorFields.js"
import { TimedOut, UpstreamFailed } from "../../schema/ToolError.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { loadsUrl } from "../../upstream/commandEffects.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { observeDaemon } from "../refs/refTracking.js"
import { busyNow } from "./dialogHold.js"
import { pagesOf, probePage } from "./hungPage.js"
import { browserEndpointOf } from "./sessionEndpoint.js"

/**
 * A failed call on a tab whose page crashed (its renderer gone: `chrome://crash`, an out-of-memory page, `Page.crash`):
 * upstream says `Navigation failed: net::ERR_ABORTED`, `page_wedged … stopped responding` after about 33 s, or
 * `CDP command timed out: Page.enable`, and its tab list still shows the tab live at its old URL. Found here over the
 * browser's own DevTools endpoint (as hungPage.ts asks it, not through the daemon): the session's tab still lists, and
 * `Inspector.enable` on it is answered with `Inspector.targetCrashed`. The page it last showed is its history entry
 * (the browser answers that itself; a `chrome://crash` navigation never commits one). A crash found is remembered
 * (SessionRegistry `crashedTab`): a later command that would wait about 35 s in the crashed tab before upstream gives
 * up (`page_wedged`, `outcome_unknown`) asks the tab again first and is refused at once while it is still crashed.
 */
const CDP_TIMEOUT_MS = 2_000
/**
 * A navigation that crashed its renderer (`chrome://crash`) fails at once, a moment before the renderer is gone: a
 * failed navigation asks again this many times, this far apart.
 */
const NAVIGATION_ASKS = 4
const ASK_GAP_MS = 150

/** The current entry of a `Page.getNavigationHistory` answer. */
interface HistoryAnswer {
  readonly currentIndex?: unknown
  readonly entries?: ReadonlyArray<{ readonly url?: unknown; readonly title?: unknown }>
}

const currentEntry = (history: unknown): { readonly url: string; readonly title: string } | undefined => {
  const h = history as HistoryAnswer | undefined
  const entry = typeof h?.currentIndex === "number" ? h.entries?.[h.currentIndex] : undefined
  if (typeof entry?.url !== "string") return undefined
  return { url: entry.url, title: typeof entry.title === "string" ? entry.title : "" }
}

/** The session's tab when its page crashed; undefined when it did not, or could not be asked. */
export const crashedTabOf = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined) return undefined
    const { endpoint } = yield* browserEndpointOf(plan)
    if (endpoint === undefined) return undefined
    const endpoints = yield* BrowserEndpoints
    const pages = ((yield* endpoints.inspect(endpoint, CDP_TIMEOUT_MS))?.targets ?? []).filter((t) => t.type === "page")
    const targetId = (yield* observeDaemon(plan)).targetId
    const tab = pages.find((t) => t.id === targetId)
    if (tab?.webSocketDebuggerUrl === undefined) return undefined
    const ws = tab.webSocketDebuggerUrl
    let crashed = yield* endpoints.crashed(ws, CDP_TIMEOUT_MS)
    for (let ask = 1; ask < NAVIGATION_ASKS && crashed === false && loadsUrl(plan.line.command); ask++) {
      yield* Effect.sleep(ASK_GAP_MS)
      crashed = yield* endpoints.crashed(ws, CDP_TIMEOUT_MS)
    }
    if (crashed !== true) return undefined
    const shown = currentEntry(yield* endpoints.command(ws, "Page.getNavigationHistory", {}, CDP_TIMEOUT_MS))
    return {
      targetId: tab.id,
      url: shown?.url ?? tab.url,
      ...(shown !== undefined && shown.title !== "" ? { title: shown.title } : {})
    } satisfies TabCrashed
  })

/** Of the tabs a `tab list` named (their target ids), those whose page crashed; empty when the endpoint is unknown. */
export const crashedTargetsOf = (plan: Plan, targetIds: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const none: ReadonlyArray<string> = []
    if (plan.kind !== "browser" || plan.sessionName === undefined || targetIds.length === 0) return none
    const { endpoint } = yield* browserEndpointOf(plan)
    if (endpoint === undefined) return none
    const endpoints = yield* BrowserEndpoints
    const listed = (yield* endpoints.inspect(endpoint, CDP_TIMEOUT_MS))?.targets ?? []
    const crashed: Array<string> = []
    for (const page of listed.filter((t) => targetIds.includes(t.id))) {
      const ws = page.webSocketDebuggerUrl
      if (ws !== undefined && (yield* endpoints.crashed(ws, CDP_TIMEOUT_MS)) === true) crashed.push(page.id)
    }
    // the active tab among them: remembered, so the next command is refused at once (`crashedBeforeRun`)
    const active = (yield* observeDaemon(plan)).targetId
    if (active !== undefined && crashed.includes(active))
      yield* (yield* SessionRegistry).recordCrash(plan.sessionName, active)
    return crashed as ReadonlyArray<string>
  })

/** The session's tab, when its page crashed, remembered for the calls after (`crashedBeforeRun`). */
export const noteCrash = (plan: Plan) =>
  Effect.gen(function* () {
    const crash = yield* crashedTabOf(plan)
    if (crash !== undefined && plan.sessionName !== undefined)
      yield* (yield* SessionRegistry).recordCrash(plan.sessionName, crash.targetId)
    return crash
  })

/**
 * Commands a crashed tab does not hold up: an open navigates it anew (upstream's renderer comes back), a tab command
 * works on the tab list, a close ends the browser; a job, qa run or caller's batch is judged after it ran.
 */
const runsDespiteCrash = (plan: Plan): boolean =>
  ["open", "goto", "navigate", "tab", "batch"].includes(plan.line.command ?? "") ||
  isClose(plan.line) ||
  plan.compiled.mode === "job" ||
  plan.compiled.mode === "qa"

/**
 * Before a command runs in a session whose tab a call found crashed: that tab asked again, and the command refused at
 * once (nothing sent) while it is still crashed; a tab found live again is forgotten.
 */
export const crashedBeforeRun = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined || runsDespiteCrash(plan)) return undefined
    const registry = yield* SessionRegistry
    if ((yield* registry.view(plan.sessionName)).crashedTab === undefined) return undefined
    const crash = yield* crashedTabOf(plan)
    if (crash === undefined) {
      yield* registry.recordCrash(plan.sessionName, undefined)
      return undefined
    }
    return new UpstreamFailed({ stderr: "", exitCode: null, tabCrashed: crash })
  })

/**
 * A click whose page stops answering is said sooner than its watchdog (#45): a button whose handler never returns
 * holds upstream's click until its own 30 s timeout, and the tool's watchdog (35 s by default) then the hung-page
 * recovery come after. While the click's process runs past a few seconds, the session's page is asked over DevTools
 * (a tiny `Runtime.evaluate`, 2 s) and the browser whether its renderers are busy (dialogHold.ts's `busyNow`); a page
 * that answers neither, with a busy renderer, twice in a row, is busy: the process is ended then (`TimedOut`
 * `page-busy`), and the hung-page recovery runs as after a watchdog. A page a dialog holds is idle, so it is never
 * busy here; a page that answers once is not busy. Only for a caller who gave no `timeoutMs` (a budget the caller
 * chose is waited out) and a session whose browser answers at a known endpoint.
 */
/** The first look, after the click had time to answer on a loaded machine. */
const FIRST_LOOK_MS = 2_500
/** Between two looks. */
const LOOK_GAP_MS = 500
/** Looks in a row that found the page silent and the renderers busy. */
const LOOKS = 2

/** Whether the session's page is silent and the browser's renderers busy now. */
const silentAndBusy = (plan: Plan) =>
  Effect.gen(function* () {
    const { endpoint, attached } = yield* browserEndpointOf(plan)
    if (endpoint === undefined) return false
    const { pages, session, browserId } = yield* pagesOf(plan, endpoint, !attached)
    const page = session ?? pages[0]
    if (page === undefined || browserId === undefined || (yield* probePage(page)) !== undefined) return false
    return (yield* busyNow(endpoint, browserId)) === true
  })

/** The `page-busy` timeout once the page was found busy LOOKS times in a row; otherwise never ends. */
const watch = (plan: Plan) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    yield* Effect.sleep(FIRST_LOOK_MS)
    let found = 0
    while (found < LOOKS) {
      found = (yield* silentAndBusy(plan)) ? found + 1 : 0
      if (found < LOOKS) yield* Effect.sleep(LOOK_GAP_MS)
    }
    const timeoutMs = (yield* Clock.currentTimeMillis) - started
    return new TimedOut({ reason: "page-busy", timeoutMs, dispatched: "maybe", stdout: "", stderr: "" })
  })

/**
 * The click's run, ended early (its process stopped) when its page is busy, answering `busy` of the timeout then;
 * as it is where no watch applies.
 */
export const whilePageAnswers = <A, E, R>(plan: Plan, run: Effect.Effect<A, E, R>, busy: (error: TimedOut) => A) =>
  plan.input.timeoutMs !== undefined || plan.sessionName === undefined
    ? run
    : Effect.raceFirst(run, Effect.map(watch(plan), busy))
