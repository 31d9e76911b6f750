/**
 * A job or batch step `fill <sel> <text>` with its guard and read-back in one upstream process (page/fillProbe.ts),
 * as a direct fill: the step's own reply, plus what the field holds after it. A slider is set by the guard instead;
 * a fill that did not take (an empty, read-only or disabled field, text that went into another field) fails the step.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { fillAdvice } from "../../page/fillAdvice.js"
import { fillProbeOutcomeOf, fillProbeRows } from "../../page/fillProbe.js"
import type { FillTarget } from "../../page/fillReadback.js"
import { UpstreamFailed } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"

export const runFillStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  fill: FillTarget,
  index: number,
  timeoutMs: number,
  role: string | undefined
) =>
  Effect.gen(function* () {
    const probe = fillProbeRows(fill, role)
    const steps = [...probe.before, row, ...probe.after]
    const rows = yield* (yield* SessionCommands).batch(target, steps, { timeoutMs, failFast: true })
    const filled = fillProbeOutcomeOf(fill, rows, probe.before.length, index)
    if (filled.kind === "range") {
      if (filled.refused !== undefined) return yield* filled.refused
      const data = { filled: fill.selector, slider: filled.range }
      return { kind: "single", data, warning: undefined } satisfies UpstreamOutcome
    }
    const own = filled.row
    if (own === undefined) return yield* Effect.die(new Error("batch answered without the fill step's row"))
    if (!own.success) return yield* own.error
    const { verification, notVerifiable } = filled
    if (verification?.notTaken === true) {
      const detail = `${verification.summary} ${fillAdvice(verification)}`
      return yield* new UpstreamFailed({ detail, stderr: "", exitCode: 0, fillVerification: verification })
    }
    return {
      kind: "single",
      data: own.result,
      warning: undefined,
      ...(verification !== undefined ? { fillVerification: verification } : {}),
      ...(notVerifiable !== undefined ? { fillNotVerifiable: notVerifiable } : {})
    } satisfies UpstreamOutcome
  })
