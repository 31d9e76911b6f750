/**
 * Runs one typing step under the policy's runtime guard (security/typingGuard.ts): focus → guard → the step with
 * secret values put in, as one `batch --bail` whose stdin carries the values. Answers like the plain step would
 * (its data, or its typed error); a guard refusal is `PolicyBlocked` with the rule it enforced. Nothing is typed
 * when the guard refuses. In a session pinned to its tab, the pin's guard runs first (tabs/tabPinning.ts): another tab
 * in front fails a step by @ref as stale with nothing typed, and runs a step without refs again after the select.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import type { GuardRefusal } from "../../schema/ErrorFields.js"
import { ParseFailure, PolicyBlocked } from "../../schema/ToolError.js"
import { Security } from "../../services/Security.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { withSecrets } from "../../security/preflight.js"
import { focusRow, type GuardNeed, guardNeed, guardScript } from "../../security/typingGuard.js"
import { targetOf } from "../../session/planRun.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { behindPin, isPinnable } from "../tabs/tabPinning.js"
import { waitForTarget } from "../page/commandBatch.js"

const intersect = (lists: ReadonlyArray<ReadonlyArray<string>>): ReadonlyArray<string> =>
  lists.length === 0 ? [] : lists.reduce((a, b) => a.filter((x) => b.includes(x)))

/**
 * The guard refused the step: a password field takes only a secret (a cross-origin frame, uninspectable, counts as
 * one when no secret is typed), and a secret only its origins.
 */
const guardRefusal = (
  refusal: GuardRefusal,
  command: string,
  need: GuardNeed,
  origins: ReadonlyArray<string>,
  policy: NonNullable<Plan["security"]>,
  secret: NonNullable<Plan["security"]>["secrets"][number] | undefined
): PolicyBlocked =>
  new PolicyBlocked(
    refusal.reason === "password-field" || (refusal.reason === "cross-origin-frame" && need.secrets.length === 0)
      ? {
          detail:
            refusal.reason === "password-field"
              ? `\`${command}\` targets a password field, which takes only a configured secret ({{secret:NAME}}) ` +
                "or `auth login`, never literal text; nothing was typed"
              : `\`${command}\` types into a cross-origin frame the policy cannot inspect for a password field; ` +
                "nothing was typed",
          violation: {
            rule: "passwordFields",
            subject: command,
            preset: policy.preset,
            source: policy.sources.passwordFields,
            ...(refusal.origin !== "" ? { origin: refusal.origin } : {})
          }
        }
      : {
          detail:
            `{{secret:${need.secrets.join("}}, {{secret:")}}} may be typed only into ` +
            `${origins.join(", ") || "(no common origin)"}; ` +
            `the focused field is on ${refusal.origin || "a cross-origin frame"}; nothing was typed`,
          violation: {
            rule: "secret-origin",
            subject: `{{secret:${need.secrets[0] ?? "?"}}}`,
            preset: policy.preset,
            source: secret?.source ?? "default",
            ...(refusal.origin !== "" ? { origin: refusal.origin } : {})
          }
        }
  )

export const runGuarded = (
  plan: Plan,
  target: SessionTarget,
  argv: ReadonlyArray<string>,
  need: GuardNeed,
  options: {
    readonly timeoutMs: number
    readonly before?: ReadonlyArray<ReadonlyArray<string>>
    /** The session's pinned tab and the page it shows: the step runs behind the pin's guard. */
    readonly pin?: { readonly tab: string; readonly pageUrl: string | undefined }
  }
) =>
  Effect.gen(function* () {
    const policy = plan.security
    if (policy === undefined) return yield* Effect.die(new Error("runGuarded needs a plan checked by checkPlan"))
    const security = yield* Security
    const values = new Map<string, string>()
    for (const name of need.secrets) values.set(name, yield* security.secretValue(policy, name))
    const specs = need.secrets.map((name) => policy.secrets.find((s) => s.name === name))
    const origins = intersect(specs.map((s) => s?.origins ?? []))
    const focus = focusRow(argv)
    const commands = yield* SessionCommands
    const pinned = yield* behindPin(
      options.pin,
      argv,
      (prefix) => {
        const before = [...prefix.steps, ...(options.before ?? []), ...(focus !== undefined ? [focus] : [])]
        const rows = [...before, ["eval", guardScript(need, origins)], withSecrets(argv, values)]
        return Effect.map(
          commands.batch(target, rows, { timeoutMs: options.timeoutMs, failFast: true }),
          (replies) => ({ replies, guardAt: before.length, rows })
        )
      },
      ({ replies }) => replies[0]
    )
    if (pinned.kind === "moved") return yield* pinned.error
    const { replies, guardAt, rows } = pinned.ran
    const failed = replies.findIndex((r) => !r.success)
    const row = replies[failed]
    if (row !== undefined && !row.success) {
      const refusal = failed === guardAt && row.error._tag === "UpstreamFailed" ? row.error.policyGuard : undefined
      if (refusal === undefined) return yield* row.error
      const command = parseCommandLine(argv).positionals.slice(0, 2).join(" ")
      return yield* guardRefusal(refusal, command, need, origins, policy, specs[0])
    }
    const last = replies[rows.length - 1]
    if (last === undefined || !last.success) {
      return yield* new ParseFailure({
        detail: "the guarded batch answered without the step's row",
        stdout: "",
        stderr: "",
        exitCode: 0
      })
    }
    return { kind: "single", data: last.result, warning: undefined } satisfies UpstreamOutcome
  })

/** A plain call that types text the security policy must guard (a secret, or literal text near password fields). */
export const runGuardedPlanned = (plan: Plan) =>
  Effect.gen(function* () {
    const argv = plan.line.positionals
    const need = guardNeed(plan.security, argv)
    if (need === undefined) return undefined
    const view =
      isPinnable(plan) && plan.sessionName !== undefined
        ? yield* (yield* SessionRegistry).view(plan.sessionName)
        : undefined
    const pin = view?.pinnedTab !== undefined ? { tab: view.pinnedTab, pageUrl: view.page?.url } : undefined
    return yield* Effect.either(
      waitForTarget(plan, (timeoutMs) =>
        runGuarded(plan, targetOf(plan), argv, need, { timeoutMs, ...(pin !== undefined ? { pin } : {}) })
      )
    )
  })
