/**
 * `open` (`goto`, `navigate`) in one upstream process: `batch --bail` open → the opened-page read (title, URL,
 * challenge facts, a brief settle). The open's row is the outcome, exactly as alone; `--bail` keeps a failed open from
 * running the read (a hung navigation would hold the read for as long again). The first open of a session launches
 * its browser in the same process, with the launch flags of its prefix: a browser that cannot start or be reached
 * answers outside any row, with the error envelope a lone open gets, and is that open's failure, classified once and
 * never run again (that would retry a failing launch); its batch also reads upstream's own console and error logs
 * (a fresh daemon's: only this page's) for what the page logged while loading (page/loadLog.ts). Opens in a pinned
 * tab or where page script may be held for approval run alone; their read is a second process afterwards, as is the
 * read of an open whose read ran in another tab than the page it reported (tab drift: the read runs again once tab
 * recovery selected the opened page).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { samePage } from "../../session/refPreflight.js"
import { readPayload, UrlReply } from "../../schema/UpstreamPayloads.js"
import { type OpenedPage, OPENED_PAGE_EXPRESSION, openedPageOf } from "./pageProbes.js"
import { mayProbeAlone } from "../../session/planRun.js"
import { isStillLoading } from "../../page/pageSettle.js"
import { cutByNavigation, loadedOutcome, readLandedPage, runFastOpen } from "./fastOpen.js"
import { upstreamLoadLogOf } from "../../page/loadLog.js"
import { isOpening } from "../../upstream/commandEffects.js"

export interface OpenRun {
  readonly replied: Either.Either<UpstreamOutcome, CommandError>
  /** The page the open landed on; undefined when the read did not answer (nothing is judged then). */
  readonly page: OpenedPage | undefined
  /** The read ran in another tab than the page the open reported: the page is read again after tab recovery. */
  readonly readElsewhere?: true
}

/** The open reported an http(s) page that the read did not find in front (the drift tab recovery corrects). */
const readElsewhere = (data: unknown, page: OpenedPage | undefined): boolean => {
  const reported = readPayload(UrlReply, data, (d) => d.url)
  return reported !== undefined && /^https?:/.test(reported) && page !== undefined && !samePage(reported, page.url)
}

const asFields = (data: unknown): Readonly<Record<string, unknown>> =>
  data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {}

/** The read after an open whose load event never came gets this long (the daemon is free again by then). */
const READ_TIMEOUT_MS = 8_000

/**
 * An open that timed out waiting for the load event (one resource that never loads) while the page is shown: its DOM
 * is ready, so the open did what was asked and answers as opened, saying what is still loading (`pageSettle.loading`).
 * A page still parsing, or still the previous one (the document never arrived), keeps the timeout.
 */
const usableDespiteLoad = (plan: Plan, error: CommandError) =>
  Effect.gen(function* () {
    if (error._tag !== "TimedOut" || error.loadState === undefined) return undefined
    const options = { timeoutMs: READ_TIMEOUT_MS, failFast: true }
    const steps = [["eval", OPENED_PAGE_EXPRESSION]]
    const read = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), steps, options))
    const page = Either.isRight(read) ? openedPageOf(read.right[0]) : undefined
    if (page === undefined || !isStillLoading(page.settle) || !/^https?:/.test(page.url)) return undefined
    const data = { title: page.title, url: page.url }
    const outcome: UpstreamOutcome = { kind: "single", data, warning: undefined }
    const replied: Either.Either<UpstreamOutcome, CommandError> = Either.right(outcome)
    return { replied, page } satisfies OpenRun
  })

export const runOpen = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    if (session === undefined || !isOpening(plan.line.command) || !mayProbeAlone(plan)) return undefined
    const view = yield* (yield* SessionRegistry).view(session)
    if (view.pinnedTab !== undefined) return undefined
    // a running browser is navigated directly and answers once the page is usable (not at its load event)
    const fast = yield* runFastOpen(plan)
    if (fast !== undefined) return { replied: fast.replied, page: fast.page } satisfies OpenRun
    // a launching open: what the page logged while loading is read from upstream's own logs, in the same process
    const logs = plan.firstLaunch ? [["console"], ["errors"]] : []
    const steps = [plan.line.positionals, ["eval", OPENED_PAGE_EXPRESSION], ...logs]
    const options = { timeoutMs: plan.timeoutMs, failFast: true }
    const ran = yield* Effect.either((yield* SessionCommands).batch(targetOf(plan), steps, options))
    // a reply without rows that is no error (not what agent-browser prints for a batch): the open runs alone instead
    if (Either.isLeft(ran))
      return ran.left._tag === "ParseFailure"
        ? undefined
        : ({ replied: Either.left(ran.left), page: undefined } satisfies OpenRun)
    const row = ran.right[0]
    if (row === undefined) return undefined
    // the page went on by itself (a script redirect) while upstream's open or the read ran: read where it landed
    const read = ran.right[1]
    if (cutByNavigation(row.success ? (read?.success === false ? read.error : undefined) : row.error)) {
      const landed = yield* readLandedPage(plan, READ_TIMEOUT_MS)
      if (landed?.page !== undefined) return { replied: landed.replied, page: landed.page } satisfies OpenRun
    }
    if (!row.success) {
      const usable = yield* usableDespiteLoad(plan, row.error)
      return usable ?? ({ replied: Either.left(row.error), page: undefined } satisfies OpenRun)
    }
    const [, , logged, thrown] = ran.right
    const loaded =
      logged?.success === true ? upstreamLoadLogOf(logged.result, thrown?.success ? thrown.result : {}) : undefined
    const page = openedPageOf(read)
    if (readElsewhere(row.result, page))
      return {
        replied: Either.right(loadedOutcome(row.result, row.warning, loaded)),
        page: undefined,
        readElsewhere: true
      }
    // the title and URL said are one read's, made after the open: upstream's reply can pair the title of a page the
    // tab moved on to with the URL it opened ("Opened: Final page" beside …/start.html)
    const data = page !== undefined ? { ...asFields(row.result), title: page.title, url: page.url } : row.result
    return { replied: Either.right(loadedOutcome(data, row.warning, loaded)), page } satisfies OpenRun
  })
