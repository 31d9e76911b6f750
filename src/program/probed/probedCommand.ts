/**
 * Commands whose honest result needs a page read around them, run with the reads in the same upstream `batch`
 * process (no extra process). Each kind is one file in this folder, looked up by the command (kinds.ts); it gives the
 * rows before and after the command and reads their answers (probed.ts). The command's own row becomes the
 * outcome, exactly as if it ran alone; the reads add evidence, or refuse what must not be sent, and a read that cannot
 * answer adds none. A command whose target is not there yet waits for it (commandBatch.ts: the whole batch again
 * after a locator miss, when nothing ran). Runs inside the session's pinned tab when there is one. Skipped when
 * upstream may hold page script for approval (`--confirm-actions`, action policies), and for jobs, qa and stdin.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"
import { runCommandBatch } from "../page/commandBatch.js"
import { withNewControlsReplied } from "../refs/newControls.js"
import { refusedCheck } from "./check.js"
import { kindOf } from "./kinds.js"
import { type Probed, refused } from "./probed.js"

export type { PageCheck, Probed } from "./probed.js"

/**
 * Runs the planned command between its reads in one batch (entered when `isProbed`); undefined when its kind reads
 * nothing for it (it then runs as usual).
 */
export const runProbed = (plan: Plan) =>
  Effect.gen(function* () {
    const electronApp = plan.line.command === "fill" && (yield* activeLaunchOf(plan.sessionName)) !== undefined
    const registry = yield* SessionRegistry
    const refs =
      plan.sessionName !== undefined && !electronApp ? yield* registry.refSnapshotOf(plan.sessionName) : undefined
    // a check aimed at a ref the snapshot lists as another kind of control: refused, nothing sent (checkGuard.ts)
    const refRefused = refusedCheck(plan.line.positionals, refs)
    if (refRefused !== undefined) return refused(refRefused) satisfies Probed
    const session = plan.sessionName
    const kind = kindOf(plan)
    if (session === undefined || kind === undefined) return undefined
    const pinned = (yield* registry.view(session)).pinnedTab !== undefined
    const probes = kind.probes({ plan, session, refs, electronApp, pinned })
    if (probes === undefined) return undefined
    const { before, after, bail, command, retriesMiss } = probes
    const ran = yield* runCommandBatch(plan, session, before, after, {
      bail: bail === true,
      ...(command !== undefined ? { command } : {}),
      ...(retriesMiss !== undefined ? { retriesMiss } : {})
    })
    // a reply that is not a batch at all: a read runs alone instead; any other command may have acted
    if (ran.kind === "failed")
      return ran.error._tag === "ParseFailure" && probes.aloneWhenNoBatch === true ? undefined : refused(ran.error)
    if (ran.kind === "unpinned") return undefined
    const probed = yield* probes.read(ran)
    if (probed === undefined) return undefined
    // controls the command made appear (a menu a key opened, suggestions typing showed): their refs (newControls.ts);
    // none on a tab its page is closing
    if (probed.closing !== undefined) return probed
    const replied = yield* withNewControlsReplied(plan, session, refs, probed.replied)
    return replied === probed.replied ? probed : { ...probed, replied }
  })
