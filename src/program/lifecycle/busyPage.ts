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
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { TimedOut } from "../../schema/ToolError.js"
import { busyNow } from "./dialogHold.js"
import { pagesOf, probePage } from "./hungPage.js"
import { browserEndpointOf } from "./sessionEndpoint.js"

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
