/**
 * Human approval for actions upstream holds with `confirmation_required` (`--confirm-actions`): the human decides
 * through pi's UI, never the model. Approved → `confirm <id>` runs and its result is the call's result; declined →
 * `deny <id>`; no UI → declined (fail closed). Runs under the caller's session lock, in the same launch configuration.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import { ConfirmationRequired, withFields } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/planRun.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Approver, ApprovalRecord } from "../../domain/Approval.js"

const answer = (plan: Plan, verb: "confirm" | "deny", id: string) =>
  Effect.flatMap(SessionCommands, (commands) =>
    commands.run({ ...targetOf(plan), kind: "browser" }, [verb, id], { timeoutMs: plan.timeoutMs })
  )

/** Resolves a pending confirmation with the human's decision. Succeeds with the confirmed action's outcome. */
export const resolveConfirmation = (plan: Plan, pending: ConfirmationRequired, approve: Approver | undefined) =>
  Effect.gen(function* () {
    const decline = (decision: "denied" | "no-ui") =>
      answer(plan, "deny", pending.confirmationId).pipe(
        Effect.tapErrorCause((cause) =>
          Effect.logWarning("denying a held action failed: upstream may still hold it", cause)
        ),
        Effect.ignore,
        Effect.zipRight(Effect.fail(withFields(pending, { decision })))
      )
    if (approve === undefined) return yield* decline("no-ui")
    // a dialog that fails counts as a denial
    const approved = yield* Effect.tryPromise(() =>
      approve({
        title: `Allow the browser to ${pending.action}?`,
        message: `agent_browser: ${plan.args.slice(0, 4).join(" ")}${plan.args.length > 4 ? " …" : ""}`
      })
    ).pipe(
      Effect.tapErrorCause((cause) => Effect.logWarning("the approval dialog failed: the action is denied", cause)),
      Effect.orElseSucceed(() => false)
    )
    if (!approved) return yield* decline("denied")
    const confirmed = yield* answer(plan, "confirm", pending.confirmationId)
    const outcome: UpstreamOutcome =
      confirmed.kind === "single"
        ? {
            kind: "single",
            data: (confirmed.data as { result?: { data?: unknown } } | null)?.result?.data ?? confirmed.data,
            warning: confirmed.warning
          }
        : confirmed
    const record: ApprovalRecord = {
      action: pending.action,
      confirmationId: pending.confirmationId,
      asked: true,
      approved: true
    }
    return { outcome, approval: record }
  })

export const isPendingConfirmation = (
  e: Either.Either<UpstreamOutcome, unknown>
): e is Either.Left<ConfirmationRequired, UpstreamOutcome> =>
  Either.isLeft(e) && e.left instanceof ConfirmationRequired && e.left.decision === undefined
