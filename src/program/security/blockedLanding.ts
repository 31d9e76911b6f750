/**
 * The after-the-fact half of `blockedSchemes`: a click, redirect or script that lands the top-level page on a
 * blocked scheme is reported as `policy-blocked`, and the page is left (history back, or about:blank when back
 * does not get off the scheme), so the next call does not read or act on it.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { PolicyBlocked } from "../../schema/ToolError.js"
import { readPayload, UrlReply } from "../../schema/UpstreamPayloads.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { blockedSchemeOf } from "../../security/schemes.js"
import { targetOf } from "../../session/planRun.js"
import { observeDaemon } from "../refs/refTracking.js"
import { mayLandElsewhere } from "../../upstream/commandEffects.js"

const navigates = (plan: Plan, outcome: UpstreamOutcome): boolean =>
  outcome.kind === "batch"
    ? outcome.rows.some((r) => mayLandElsewhere(r.command[0]))
    : mayLandElsewhere(plan.line.command)

export const leaveBlockedLanding = (
  plan: Plan,
  outcome: UpstreamOutcome,
  navigation: { readonly url: string } | undefined
) =>
  Effect.gen(function* () {
    const policy = plan.security
    if (
      policy === undefined ||
      policy.rules.blockedSchemes.length === 0 ||
      plan.kind !== "browser" ||
      !navigates(plan, outcome)
    )
      return
    const reported = outcome.kind === "single" ? readPayload(UrlReply, outcome.data, (d) => d.url) : undefined
    const url = navigation?.url ?? reported ?? (yield* observeDaemon(plan)).url
    const scheme = url !== undefined ? blockedSchemeOf(url, policy.rules.blockedSchemes) : undefined
    if (url === undefined || scheme === undefined) return
    const commands = yield* SessionCommands
    const target = targetOf(plan)
    const back = yield* Effect.either(commands.run(target, ["back"], { timeoutMs: 10_000 }))
    const afterBack =
      back._tag === "Right" && back.right.kind === "single"
        ? readPayload(UrlReply, back.right.data, (d) => d.url)
        : undefined
    const left =
      afterBack !== undefined && blockedSchemeOf(afterBack, policy.rules.blockedSchemes) === undefined
        ? afterBack
        : yield* commands.run(target, ["open", "about:blank"], { timeoutMs: 10_000 }).pipe(
            Effect.as("about:blank"),
            Effect.tapErrorCause((cause) =>
              Effect.logWarning("leaving a blocked landing for about:blank failed", cause)
            ),
            Effect.orElseSucceed(() => undefined)
          )
    return yield* new PolicyBlocked({
      detail:
        `the page landed on ${url}; ${scheme}: URLs are blocked by the security policy, so the tool ` +
        (left !== undefined ? `left it (now at ${left})` : "tried to leave it and could not: do not act on this page"),
      violation: {
        rule: "blockedSchemes",
        subject: url,
        preset: policy.preset,
        source: policy.sources.blockedSchemes,
        ...(left !== undefined ? { pageLeftAt: left } : {})
      }
    })
  })
