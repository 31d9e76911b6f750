/** `--allowed-domains` checked against the page a navigation-prone command ended on. */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { PolicyBlocked } from "../../schema/ToolError.js"
import { outsideAllowList, parseAllowList } from "../../upstream/allowedDomains.js"
import { flagValue, parseCommandLine } from "../../upstream/commandLine.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import { readPayload, UrlReply } from "../../schema/UpstreamPayloads.js"
import { observeDaemon } from "../refs/refTracking.js"
import { mayLeavePage } from "../../upstream/commandEffects.js"

/**
 * Defence in depth for `--allowed-domains` (given on this call or re-sent for the managed session): after a
 * navigation-prone command succeeds, the page it ended on must be inside the list, or the call is policy-blocked.
 */
export const checkAllowList = (
  plan: Plan,
  outcome: UpstreamOutcome,
  navigation: { readonly url: string } | undefined
) =>
  Effect.gen(function* () {
    const list = flagValue(parseCommandLine(plan.effectiveArgs), "--allowed-domains")
    if (list === undefined || outcome.kind !== "single" || !mayLeavePage(plan.line.command)) return
    const reported = readPayload(UrlReply, outcome.data, (d) => d.url)
    const url = navigation?.url ?? reported ?? (yield* observeDaemon(plan)).url
    if (url === undefined) return
    const host = outsideAllowList(url, parseAllowList(list))
    if (host !== undefined) {
      return yield* new PolicyBlocked({
        detail: `the page ended at ${url} (host ${host}), outside --allowed-domains ${list}`
      })
    }
  })
