/**
 * Once a session's active tab has drifted (tabRecovery re-selected the right one), later active-tab commands of that
 * session run as one upstream `batch`: select the known tab, then the command, in the same invocation, so a
 * restored or background tab cannot steal focus in between. Choosing a tab explicitly (`tab …`) or closing ends the
 * pin; a pinned tab that no longer exists ends it too, and the command runs normally.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../schema/Plan.js"
import type { ToolError } from "../../schema/ToolError.js"
import type { ResolvedBinary } from "../../services/BinaryLocator.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import type { RunResult } from "../../schema/Outcome.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { classifyErrorText, classifyUpstream } from "../../upstream/classifyReply.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"

/** Commands that pick or end tabs themselves, or have no active tab to protect. */
const UNPINNED = new Set(["tab", "batch", "close", "quit", "exit", "session", "connect", "confirm", "deny"])

export const isPinnable = (plan: Plan): boolean =>
  plan.kind === "browser" && plan.sessionName !== undefined && plan.stdin === undefined && !UNPINNED.has(plan.line.command ?? "")

/** Runs the planned command inside its session's pinned tab; undefined when there is no (usable) pin. */
export const runPinned = (plan: Plan, binary: ResolvedBinary) =>
  Effect.gen(function*() {
    if (!isPinnable(plan) || plan.sessionName === undefined) return undefined
    const registry = yield* SessionRegistry
    const pinned = yield* registry.pinnedTabOf(plan.sessionName)
    if (pinned === undefined) return undefined
    const runner = yield* ProcessRunner
    const line = parseCommandLine(plan.args)
    const prefix = globalFlagTokens(parseCommandLine(plan.effectiveArgs))
    const result: RunResult = yield* runner.run({
      binary: binary.path, args: [...prefix, "batch", "--bail"], stdin: JSON.stringify([["tab", pinned], line.positionals]), env: plan.env, timeoutMs: plan.timeoutMs, cwd: plan.cwd
    })
    const batch = classifyUpstream({ ...plan, kind: "browser" }, result)
    if (Either.isLeft(batch) || batch.right.kind !== "batch" || batch.right.rows[0]?.success !== true) {
      yield* registry.setPinnedTab(plan.sessionName, undefined)
      return undefined
    }
    const row = batch.right.rows[1]
    const outcome: Either.Either<UpstreamOutcome, ToolError> = row?.success === true
      ? Either.right({ kind: "single", data: row.result, warning: undefined })
      : Either.left(classifyErrorText(row?.error ?? "the command did not run", { stderr: "", exitCode: 1 }))
    return outcome
  })

/** Keeps the pin in step with what the call did. */
export const updatePin = (plan: Plan, reselected: string | undefined) =>
  Effect.gen(function*() {
    if (plan.sessionName === undefined) return
    const registry = yield* SessionRegistry
    if (reselected !== undefined) yield* registry.setPinnedTab(plan.sessionName, reselected)
    else if (plan.line.command === "tab" || isClose(plan.line)) yield* registry.setPinnedTab(plan.sessionName, undefined)
  })
