/**
 * Commands whose honest result needs a page read around them, run with the reads in the same upstream `batch`
 * process (no extra process). Each kind is one file in this folder, tried in the order below; the first that applies
 * gives the rows before and after the command and reads their answers (probed.ts). The command's own row becomes the
 * outcome, exactly as if it ran alone; the reads add evidence, or refuse what must not be sent, and a read that cannot
 * answer adds none. A command whose target is not there yet waits for it (readinessWait.ts: the whole batch again
 * after a locator miss, when nothing ran). Runs inside the session's pinned tab when there is one. Skipped when
 * upstream may hold page script for approval (`--confirm-actions`, action policies), and for jobs, qa and stdin.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { mayProbeAlone } from "../../session/mayProbe.js"
import { activeLaunchOf } from "../lifecycle/trackedLaunch.js"
import { runCommandBatch } from "../page/commandBatch.js"
import { checkProbe, refusedCheck } from "./check.js"
import { dragProbe } from "./drag.js"
import { fillProbe } from "./fill.js"
import { mediaProbe } from "./media.js"
import { mouseProbe } from "./mouse.js"
import { pressProbe } from "./press.js"
import { reloadProbe } from "./reload.js"
import { type Probed, type ProbeKind, refused } from "./probed.js"
import { scrollProbe } from "./scroll.js"
import { selectProbe } from "./select.js"
import { textReadProbe } from "./textRead.js"
import { timedActionProbe } from "./timedAction.js"
import { typingProbe } from "./typing.js"
import { uploadProbe } from "./upload.js"

export type { PageCheck, Probed } from "./probed.js"

/** The kinds; no two share a command. */
export const KINDS: ReadonlyArray<ProbeKind> = [
  mouseProbe,
  pressProbe,
  checkProbe,
  uploadProbe,
  selectProbe,
  scrollProbe,
  dragProbe,
  timedActionProbe,
  reloadProbe,
  mediaProbe,
  typingProbe,
  fillProbe,
  textReadProbe
]

/** Each command's kind. */
const BY_COMMAND: ReadonlyMap<string, ProbeKind> = new Map(
  KINDS.flatMap((kind) => kind.commands.map((command) => [command, kind] as const))
)

/** The kind the planned command is, from its argv (only its command's kind is asked). */
const kindOf = (plan: Plan): ProbeKind | undefined => {
  const kind = BY_COMMAND.get(plan.line.positionals[0] ?? "")
  return kind?.applies(plan.line.positionals) === true ? kind : undefined
}

/** Whether a call runs between page reads: a single command of one of the kinds, where upstream runs page script. */
export const isProbed = (plan: Plan): boolean => mayProbeAlone(plan) && kindOf(plan) !== undefined

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
    const { before, after, bail, command } = probes
    const ran = yield* runCommandBatch(plan, session, before, after, bail === true, command)
    // a reply that is not a batch at all: a read runs alone instead; any other command may have acted
    if (ran.kind === "failed")
      return ran.error._tag === "ParseFailure" && probes.aloneWhenNoBatch === true ? undefined : refused(ran.error)
    if (ran.kind === "unpinned") return undefined
    return yield* probes.read(ran)
  })
