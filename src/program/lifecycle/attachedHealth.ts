/**
 * A browser the session is attached to over CDP (`--cdp`, `connect`; a remote pool) has no local process to watch, so
 * its loss is read from its own DevTools endpoint (services/BrowserEndpoints.ts): recorded after each call, checked
 * before the next. Gone, replaced behind the same endpoint, or its tab closed is said, never answered as a silent
 * `about:blank` success. Page-independent commands (open, tab new, close) go ahead in what the endpoint offers now, and
 * say so; a ref is stale; any other command is refused once, with the next action that works for that loss.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { EndpointLoss } from "../../domain/Endpoint.js"
import type { Plan } from "../../domain/Plan.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import { StaleRef, UpstreamFailed } from "../../schema/ToolError.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { describeEndpointLoss } from "../../session/endpointLoss.js"
import { refsIn } from "../../session/refPreflight.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { observeDaemon } from "../refs/refTracking.js"
import { isPageIndependent } from "./browserHealth.js"
import { attachedEndpointOf } from "./sessionEndpoint.js"

export const attachedLostError = (
  plan: Plan,
  loss: EndpointLoss,
  when: "since the last call" | "during this call" = "since the last call"
): StaleRef | UpstreamFailed => {
  const what = describeEndpointLoss(loss)
  const ref = refsIn(plan.line.positionals)[0]
  if (ref !== undefined)
    return new StaleRef({
      ref,
      reason: "attached-browser-gone",
      detail:
        `@${ref} came from an attached browser that is gone (${what}); ` +
        "take snapshot -i for refs of the page there now"
    })
  const next =
    loss.reason === "unreachable"
      ? 'Until something answers there again, only a browser of this tool\'s own (sessionMode "fresh") can continue.'
      : "The next call runs in what the endpoint offers now (about:blank)."
  return new UpstreamFailed({
    detail:
      `The browser session ${loss.session} is attached to was lost ${when}: ${what}. ` +
      "Its page, tabs and refs are gone. " +
      (when === "during this call"
        ? "Upstream answered from what the endpoint offers now, so the answer is not about the old page."
        : "Nothing ran.") +
      ` ${next}${loss.lastUrl !== undefined ? ` The last page was ${loss.lastUrl}.` : ""}`,
    code: "browser_lost",
    browserLost: {
      reason: `attached-${loss.reason}`,
      endpoint: loss.endpoint,
      ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {})
    },
    data: {
      reason: `attached-${loss.reason}`,
      endpoint: loss.endpoint,
      ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {})
    },
    stderr: "",
    exitCode: null
  })
}

/** Before a call: an attached browser that is gone is said; a page-independent command goes ahead with a note. */
export const guardAttached = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined || plan.line.command === "connect") return undefined
    const started = yield* Clock.currentTimeMillis
    const loss = yield* (yield* BrowserEndpoints).check(plan.sessionName)
    if (loss === undefined) return undefined
    if (!isPageIndependent(plan.line) || refsIn(plan.line.positionals).length > 0)
      return yield* attachedLostError(plan, loss)
    if (isClose(plan.line)) return undefined
    return {
      kind: "attached-browser-replaced",
      summary:
        `the browser session ${loss.session} was attached to is gone (${describeEndpointLoss(loss)}); ` +
        `this command ran in what ${loss.endpoint} offers now. ` +
        "The old page, tabs and refs are gone" +
        `${loss.lastUrl !== undefined ? `; the last page was ${loss.lastUrl}` : ""}.`,
      durationMs: (yield* Clock.currentTimeMillis) - started
    } satisfies Recovery
  })

/**
 * After a call that worked: what answers at the attached endpoint is recorded. A browser that was replaced or went
 * away during the call (upstream reattaches silently and answers from the new one) fails the call, unless the command
 * did not depend on the old page.
 */
export const trackAttached = (plan: Plan) =>
  Effect.gen(function* () {
    const endpoint = yield* attachedEndpointOf(plan)
    if (endpoint === undefined || plan.sessionName === undefined) return
    const endpoints = yield* BrowserEndpoints
    if (isClose(plan.line)) return yield* endpoints.forget(plan.sessionName)
    const observed = yield* observeDaemon(plan)
    const loss = yield* endpoints.record(
      plan.sessionName,
      endpoint,
      observed.targetId,
      observed.url,
      plan.line.command === "tab" || plan.line.command === "window"
    )
    const during = plan.line.command === "connect" ? undefined : loss
    // a closed tab after a call may be the call's own doing (tab close); a replaced or vanished browser is not
    if (during !== undefined && during.reason !== "target-closed" && !isPageIndependent(plan.line))
      return yield* attachedLostError(plan, during, "during this call")
  })
