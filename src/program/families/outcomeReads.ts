/**
 * What a family reads of its command's outcome before the call is judged (family.ts `reads`), in one place: the
 * page filter a call asked for (`network requests` of this page), the route book (before the session is recorded, so
 * an unroute says what it removed), a response body saved, a screenshot file converted, a lookup's rows analysed.
 * Each is entered only when the family names it (the page filter: when the call asked for one).
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { saveResponseBody } from "../artifacts/responseBody.js"
import { convertScreenshotFile } from "../artifacts/screenshotImage.js"
import { withRouteBook } from "../lifecycle/routeBook.js"
import { analyzeLookup } from "../lookups/analyzeLookup.js"
import { applyPageFilter } from "../lookups/pageFilter.js"
import { type CommandFamily, reads } from "./family.js"

/** The outcome as the call shows it, with a lookup's analysis and the page filter applied. */
export const outcomeReads = (plan: Plan, family: CommandFamily, answered: UpstreamOutcome) =>
  Effect.gen(function* () {
    const filtered =
      plan.compiled.mode === "args" && plan.compiled.pageFilter !== undefined
        ? yield* applyPageFilter(plan, answered)
        : { outcome: answered, filter: undefined }
    const booked = reads(family, "routeBook") ? yield* withRouteBook(plan, filtered.outcome) : filtered.outcome
    const saved = reads(family, "responseBody") ? yield* saveResponseBody(plan, booked) : booked
    const outcome = reads(family, "screenshotFile") ? yield* convertScreenshotFile(plan, saved) : saved
    const lookup = reads(family, "lookup") ? yield* analyzeLookup(plan, outcome) : undefined
    return { outcome, lookup, networkRequestsPageFilter: filtered.filter }
  })
