/**
 * What the model holds of a session's page after a call: the last snapshot it was shown verbatim, the base of the
 * next snapshot's delta (snapshot/snapshotDelta.ts). Set only where the model read that tree whole; anything else
 * that showed a snapshot (JSON, a filter, a qa or lookup report, a result that may spill) forgets it, so a delta
 * never refers to lines the model did not read; so does any failed call.
 */
import * as Effect from "effect/Effect"
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { ShownTree } from "../../domain/ShownTree.js"
import { batchSteps } from "../../redaction/batchSecrets.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { VERBATIM_SNAPSHOT_BYTES } from "../../snapshot/compactSnapshot.js"
import { shownTreeOf } from "../../snapshot/snapshotDelta.js"

const asData = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** The call ran a snapshot (alone or as a batch or job row). */
const runsSnapshot = (plan: Plan): boolean =>
  plan.line.command === "snapshot" ||
  (plan.line.command === "batch" && batchSteps(plan).some((step) => step[0] === "snapshot"))

/** `keep`: the call showed no snapshot; otherwise the tree the model now holds (undefined: none it read whole). */
const shownAfter = (plan: Plan, executed: Executed | undefined): ShownTree | undefined | "keep" => {
  if (!runsSnapshot(plan)) return "keep"
  if (executed === undefined || plan.callerRequestedJson) return undefined
  const { outcome } = executed
  if (outcome.kind === "single") {
    const options = plan.snapshotOptions
    const whole =
      options === undefined ||
      (options.search === undefined && options.role === undefined && !options.diff && options.read === undefined)
    return whole
      ? shownTreeOf(plan.line.positionals, asData(outcome.data), executed.snapshotNaming, options?.depth)
      : undefined
  }
  if (
    outcome.kind !== "batch" ||
    !(plan.compiled.mode === "args" || plan.compiled.mode === "job" || plan.compiled.mode === "semanticAction")
  )
    return undefined
  const trees = outcome.rows
    .filter((r) => r.success && r.command[0] === "snapshot")
    .map((r) => (r.success ? shownTreeOf(r.command, asData(r.result), r.snapshotNaming) : undefined))
  const last = trees[trees.length - 1]
  // several trees in one result may pass the inline budget and be cut: then none is assumed read
  const bytes = trees.reduce((n, t) => n + (t === undefined ? 0 : Buffer.byteLength(t.lines.join("\n"), "utf8")), 0)
  return bytes > VERBATIM_SNAPSHOT_BYTES ? undefined : last
}

/**
 * Records, after the call's verdict, what the model was shown. After any failure the next snapshot is whole: it is
 * what recovery next actions ask for, and the model needs the page as it is, not a delta against a view it may doubt.
 */
export const recordShownSnapshot = (plan: Plan, executed: Executed | undefined, failed: boolean) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined) return
    const next = failed ? undefined : shownAfter(plan, executed)
    if (next === "keep") return
    yield* (yield* SessionRegistry).recordShown(plan.sessionName, next)
  })

/** pi compacted the model's context: the snapshots it read are summarised away, so the next ones are whole again. */
export const forgetShownSnapshots = Effect.flatMap(SessionRegistry, (registry) => registry.forgetShown)
