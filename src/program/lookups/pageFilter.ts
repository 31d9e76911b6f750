/**
 * Wrapper-side `network requests --current-page|--current-origin|--current-url`: reads the session's active page
 * with `get url` and keeps the request rows that belong to it, so a repro is not buried under earlier pages' rows.
 * Returns the outcome unchanged when no filter was asked for or the page could not be read.
 */
import * as Effect from "effect/Effect"
import { matchesPage } from "../../compilers/networkPageFilter.js"
import type { NetworkRequestsPageFilter } from "../../domain/Lookup.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/planRun.js"

/** `get url` needs only a moment; the filter is skipped rather than stalling the call. */
const GET_URL_TIMEOUT_MS = 5_000

export const applyPageFilter = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const mode = plan.compiled.mode === "args" ? plan.compiled.pageFilter : undefined
    const data = outcome.kind === "single" ? (outcome.data as Record<string, unknown> | null) : null
    const requests = data?.["requests"]
    if (mode === undefined || outcome.kind !== "single" || data === null || !Array.isArray(requests)) return { outcome }
    const commands = yield* SessionCommands
    const page = yield* commands.run(targetOf(plan), ["get", "url"], { timeoutMs: GET_URL_TIMEOUT_MS }).pipe(
      Effect.tapErrorCause((cause) =>
        Effect.logDebug("page filter could not read the URL: requests are not filtered", cause)
      ),
      Effect.option
    )
    const currentUrl =
      page._tag === "Some" && page.value.kind === "single"
        ? (page.value.data as { url?: unknown } | null)?.url
        : undefined
    if (typeof currentUrl !== "string") return { outcome }
    const kept = (requests as ReadonlyArray<Record<string, unknown>>).filter((r) =>
      matchesPage(mode, currentUrl, String(r["url"] ?? ""))
    )
    const filter: NetworkRequestsPageFilter = {
      cleanArgs: plan.args,
      currentUrl,
      mode,
      matchedRows: kept.length,
      totalRows: requests.length
    }
    return { outcome: { ...outcome, data: { ...data, requests: kept } } satisfies UpstreamOutcome, filter }
  })
