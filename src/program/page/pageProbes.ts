/**
 * Read-only page probes that run after a command, in the same session and launch configuration, one upstream
 * process each: the page a click led to, and where the viewport is for `snapshot --viewport`. They never fail the
 * call: a probe that cannot answer returns undefined.
 */
import * as Effect from "effect/Effect"
import type { StepRow } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import type { ViewportFacts } from "../../domain/PageFacts.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/planRun.js"
import { EvalResult, readPayload } from "../../schema/UpstreamPayloads.js"
import { CHALLENGE_FACTS_EXPRESSION, challengeFactsOf } from "../../page/challengeEvidence.js"
import {
  HTTP_ERROR_STATUS_EXPRESSION,
  LOADING_EXPRESSION,
  pageSettleOf,
  settleExpression
} from "../../page/pageSettle.js"
import { readScrollPosition, scrollProbeScript } from "../../page/scrollPosition.js"
import { LOAD_LOG_TAKE, loadLogOf } from "../../page/loadLog.js"

/** Probes are quick reads; a page that cannot answer within this is reported as unknown. */
const PROBE_TIMEOUT_MS = 8_000

const runBatch = (plan: Plan, steps: ReadonlyArray<ReadonlyArray<string>>) => runBatchOn(targetOf(plan), steps)

const runBatchOn = (target: SessionTarget, steps: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.flatMap(SessionCommands, (commands) =>
    commands.batch(target, steps, { timeoutMs: PROBE_TIMEOUT_MS, failFast: true })
  )

const evalResult = (row: StepRow | undefined): Record<string, unknown> | undefined => {
  return row?.success === true ? readPayload(EvalResult, row.result, (r) => r.result) : undefined
}

/** How long a click gets to start a navigation before the page is read (form submits commit a few ms later). */
export const NAVIGATION_SETTLE_MS = 120

/**
 * The steps that read the page a click led to: let a navigation start, wait (at most `loadTimeoutMs`) for the page's
 * load, then read its title, URL and challenge facts. Run by the click itself when its read found it navigating
 * (clickCommand.ts), or as their own process (`probeNavigation`).
 */
export const landedPageSteps = (loadTimeoutMs: number): ReadonlyArray<ReadonlyArray<string>> => [
  ["wait", String(NAVIGATION_SETTLE_MS)],
  ["wait", "--load", "load", "--timeout", String(Math.max(1, Math.round(loadTimeoutMs)))],
  PAGE_READ_STEP
]

/** The read of a page's title, URL and challenge facts. */
const PAGE_READ_STEP = [
  "eval",
  `({ title: document.title, url: location.href, challenge: ${CHALLENGE_FACTS_EXPRESSION} })`
]

/** The index of the read among `landedPageSteps`. */
export const LANDED_PAGE_READ = 2

/** The landed page's read as decoded facts; undefined when it did not answer. */
export const landedPageOf = (row: StepRow | undefined) => {
  const value = evalResult(row)
  const facts = challengeFactsOf(value?.["challenge"])
  return typeof value?.["url"] === "string"
    ? { title: String(value["title"] ?? ""), url: value["url"], ...(facts !== undefined ? { facts } : {}) }
    : undefined
}

/** A page read once it loaded: its title, URL and challenge facts. */
export type LoadedPage = NonNullable<ReturnType<typeof landedPageOf>>

/**
 * Reads title and URL after a click that may have navigated, in one upstream process on the same session and launch
 * configuration: let a navigation start, wait for the page's load, then read it. The same read collects the facts that
 * tell a challenge page (CAPTCHA, interstitial) from an ordinary one, at no extra process.
 */
export const probeNavigation = (plan: Plan) =>
  Effect.gen(function* () {
    const rows = yield* runBatch(plan, landedPageSteps(PROBE_TIMEOUT_MS - 1_000))
    return landedPageOf(rows[LANDED_PAGE_READ])
  }).pipe(
    Effect.tapErrorCause((cause) => Effect.logDebug("navigation probe failed: the result names no page", cause)),
    Effect.catchAll(() => Effect.succeed(undefined))
  )

/**
 * The page after a command that may have left it, once it loaded (at most the probe's time), read by `expression`
 * (which answers with the page's title, URL and challenge facts, and what the command needs besides: a check's box,
 * page/checkReadBack.ts): the page, and the whole value. Undefined when the read did not answer.
 */
export const probeLoadedPage = (target: SessionTarget, expression: string) =>
  Effect.map(
    runBatchOn(target, [
      ["wait", "--load", "load", "--timeout", String(PROBE_TIMEOUT_MS - 1_000)],
      ["eval", expression]
    ]),
    (rows) => {
      const page = landedPageOf(rows[1])
      return page !== undefined ? { page, value: evalResult(rows[1]) } : undefined
    }
  ).pipe(Effect.catchAll(() => Effect.succeed(undefined)))

/**
 * The page in front after the tab a command ran on closed (tabRecovery.ts), read at once: it is no page the command
 * led to, so nothing is waited for. Undefined when it did not answer.
 */
export const probeFrontPage = (plan: Plan) =>
  Effect.map(runBatch(plan, [PAGE_READ_STEP]), (rows) => landedPageOf(rows[0])).pipe(
    Effect.catchAll(() => Effect.succeed(undefined))
  )

/**
 * After `open`: the page's title, URL and challenge facts, in one read that first lets a page still building its UI
 * settle (the DOM quiet for a short window, capped; a quiet page pays only the window): `settle` says whether it did.
 */
/**
 * After `open`: the page's title, URL, challenge facts and settle, in one read (the expression for `eval`); `loaded`:
 * what the page logged while loading, where the open installed the log (page/loadLog.ts).
 */
export const OPENED_PAGE_EXPRESSION: string = `(async () => { const settle = await ${settleExpression()};
  const loading = ${LOADING_EXPRESSION};
  const httpStatus = ${HTTP_ERROR_STATUS_EXPRESSION};
  return { title: document.title, url: location.href, challenge: ${CHALLENGE_FACTS_EXPRESSION},
    settle: { ...settle, scripted: document.scripts.length > 0, ...(loading ? { loading } : {}),
      ...(httpStatus ? { httpStatus } : {}) }, loaded: ${LOAD_LOG_TAKE} } })()`

/** The opened-page read as decoded facts; undefined when the read did not answer. */
export const openedPageOf = (row: StepRow | undefined) => {
  const value = evalResult(row)
  const facts = challengeFactsOf(value?.["challenge"])
  const settle = pageSettleOf(value?.["settle"])
  const loaded = loadLogOf(value?.["loaded"])
  return typeof value?.["url"] === "string" && facts !== undefined
    ? {
        title: String(value["title"] ?? ""),
        url: value["url"],
        facts,
        ...(settle !== undefined ? { settle } : {}),
        ...(loaded !== undefined ? { loaded } : {})
      }
    : undefined
}

export type OpenedPage = NonNullable<ReturnType<typeof openedPageOf>>

/** After an `open` that ran alone: the same read, one more process. */
export const probeChallengeFacts = (plan: Plan) =>
  Effect.map(runBatch(plan, [["eval", OPENED_PAGE_EXPRESSION]]), (rows) => openedPageOf(rows[0])).pipe(
    Effect.tapErrorCause((cause) => Effect.logDebug("opened-page read failed: no challenge or settle facts", cause)),
    Effect.catchAll(() => Effect.succeed(undefined))
  )

/**
 * Where the viewport is on the page and where its scrollable containers are, for `snapshot --viewport` (the scroll
 * probe).
 */
export const probeViewport = (plan: Plan) =>
  Effect.gen(function* () {
    const rows = yield* runBatch(plan, [["eval", scrollProbeScript()]])
    const p = readScrollPosition(evalResult(rows[0]))
    if (p === undefined) return undefined
    return {
      scrollX: p.scrollX,
      scrollY: p.scrollY,
      width: p.innerWidth,
      height: p.innerHeight,
      pageWidth: p.scrollWidth,
      pageHeight: p.scrollHeight,
      containerCount: p.containerCount,
      containers: p.containers
    } satisfies ViewportFacts
  }).pipe(
    Effect.tapErrorCause((cause) =>
      Effect.logDebug("viewport probe failed: the snapshot is not cut to the viewport", cause)
    ),
    Effect.catchAll(() => Effect.succeed(undefined))
  )
