/**
 * The health of a session's browser around one call, in one place: before it, a tab remembered crashed is asked again
 * (crashedTab.ts), a dialog remembered blocking the page before a command that would wait it out (blockingDialog.ts),
 * a lost browser this tool launched (browserHealth.ts) and a lost attached browser (attachedHealth.ts) are said;
 * after it, the browser's identity is recorded, and a browser lost during the call fails it.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { guardAttached, trackAttached } from "./attachedHealth.js"
import { guardBrowser, trackBrowser } from "./browserHealth.js"
import { dialogBeforeRun } from "./blockingDialog.js"
import { crashedBeforeRun } from "./crashedTab.js"

/** Before a call: a crashed tab or a lost browser refused, or the recovery a page-independent command reports. */
export const guardHealth = (plan: Plan) =>
  Effect.gen(function* () {
    const crashed = yield* crashedBeforeRun(plan)
    if (crashed !== undefined) return yield* crashed
    const dialog = yield* dialogBeforeRun(plan)
    if (dialog !== undefined) return yield* dialog
    return (yield* guardBrowser(plan)) ?? (yield* guardAttached(plan))
  })

/** After a call: the session's browser recorded; lost during the call, the call fails. */
export const trackHealth = (plan: Plan) => Effect.zipRight(trackBrowser(plan), trackAttached(plan))
