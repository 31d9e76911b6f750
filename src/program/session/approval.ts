/**
 * Human approval for actions upstream holds with `confirmation_required` (`--confirm-actions`): the human decides
 * through pi's UI, never the model. Approved → `confirm <id>` runs and its result is the call's result; declined →
 * `deny <id>`; no UI → declined (fail closed). Runs under the caller's session lock, in the same launch configuration.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../schema/Plan.js"
import { ConfirmationRequired } from "../../schema/ToolError.js"
import type { ResolvedBinary } from "../../services/BinaryLocator.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { classifyUpstream } from "../../upstream/classifyReply.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"
import type { Approver, ApprovalRecord } from "../../schema/Approval.js"

const answer = (plan: Plan, binary: ResolvedBinary, verb: "confirm" | "deny", id: string) =>
  Effect.gen(function*() {
    const runner = yield* ProcessRunner
    const prefix = globalFlagTokens(parseCommandLine(plan.effectiveArgs))
    return yield* runner.run({ binary: binary.path, args: [...prefix, verb, id], env: plan.env, timeoutMs: plan.timeoutMs, cwd: plan.cwd })
  })

/** Resolves a pending confirmation with the human's decision. Succeeds with the confirmed action's outcome. */
export const resolveConfirmation = (plan: Plan, binary: ResolvedBinary, pending: ConfirmationRequired, approve: Approver | undefined) =>
  Effect.gen(function*() {
    const decline = (decision: "denied" | "no-ui") =>
      answer(plan, binary, "deny", pending.confirmationId).pipe(
        Effect.ignore,
        Effect.zipRight(Effect.fail(new ConfirmationRequired({ ...pending, decision })))
      )
    if (approve === undefined) return yield* decline("no-ui")
    const approved = yield* Effect.promise(() =>
      approve({
        title: `Allow the browser to ${pending.action}?`,
        message: `agent_browser: ${plan.args.slice(0, 4).join(" ")}${plan.args.length > 4 ? " …" : ""}`
      }).catch(() => false))
    if (!approved) return yield* decline("denied")
    const result = yield* answer(plan, binary, "confirm", pending.confirmationId)
    const confirmed = yield* classifyUpstream(plan, result)
    const outcome: UpstreamOutcome = confirmed.kind === "single"
      ? { kind: "single", data: (confirmed.data as { result?: { data?: unknown } } | null)?.result?.data ?? confirmed.data, warning: confirmed.warning }
      : confirmed
    const record: ApprovalRecord = { action: pending.action, confirmationId: pending.confirmationId, asked: true, approved: true }
    return { outcome, approval: record }
  })

export const isPendingConfirmation = (e: Either.Either<UpstreamOutcome, unknown>): e is Either.Left<ConfirmationRequired, UpstreamOutcome> =>
  Either.isLeft(e) && e.left instanceof ConfirmationRequired && e.left.decision === undefined
