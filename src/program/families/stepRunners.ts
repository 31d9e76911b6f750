/**
 * What each run step does (family.ts names the steps a family may enter, runPhase.ts whether one applies): its
 * runner, and what its answer carries beside the reply. A runner answers undefined when it does not take the command
 * after all (the next step is tried).
 */
import * as Effect from "effect/Effect"
import type * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { InvalidInput } from "../../schema/ToolError.js"
import type { CommandError } from "../../services/SessionCommands.js"
import type { Plan } from "../../domain/Plan.js"
import { runGuardedPlanned } from "../security/guardedTyping.js"
import { runClick } from "../page/clickCommand.js"
import { runInputCall } from "../page/inputCommand.js"
import { runNamedSnapshot } from "../page/namedSnapshot.js"
import { runOpen } from "../page/openCommand.js"
import { runProbed } from "../probed/probedCommand.js"
import { runRoute } from "../routes/routeCommand.js"
import { runPinned } from "../tabs/tabPinning.js"
import type { RunStep } from "./family.js"

type Answer<F extends (plan: Plan) => Effect.Effect<unknown, unknown, unknown>> = Exclude<
  Effect.Effect.Success<ReturnType<F>>,
  undefined
>

/** A run step's answer: the reply, and what the step read that the read and judge phases use. */
export interface StepAnswer {
  readonly replied: Either.Either<UpstreamOutcome, CommandError | InvalidInput>
  readonly probed?: Answer<typeof runProbed>
  readonly clicked?: Answer<typeof runClick>
  readonly named?: Answer<typeof runNamedSnapshot>
  readonly opened?: Answer<typeof runOpen>
  readonly pinned?: Answer<typeof runPinned>
}

/** An answer that is only the reply. */
export const replying = (replied: StepAnswer["replied"]): StepAnswer => ({ replied })

/** Maps a runner's answer (undefined stays undefined: the step did not take the command). */
const answering =
  <A, E, R>(run: (plan: Plan) => Effect.Effect<A | undefined, E, R>, answer: (a: A) => StepAnswer) =>
  (plan: Plan) =>
    Effect.map(run(plan), (a) => (a === undefined ? undefined : answer(a)))

export const STEP_RUNNERS = {
  // a typing the security policy guards: run behind its guard
  guarded: answering(runGuardedPlanned, replying),
  // scroll, fill, key press, get text…: the command between its page reads in the same process (program/probed/)
  probed: answering(runProbed, (probed) => ({ replied: probed.replied, probed })),
  // a click with modifiers or another button, a drop, a storage key removal: input the tool sends itself
  input: answering(runInputCall, (input) => replying(input.replied)),
  // a direct click with its dispatch recorder and page read in the same process
  click: answering(runClick, (clicked) => ({ replied: clicked.replied, clicked })),
  // snapshot -i with the full tree that names its unnamed controls (and -C's ref targets)
  namedSnapshot: answering(runNamedSnapshot, (named) => ({ replied: named.replied, named })),
  open: answering(runOpen, (opened) => ({ replied: opened.replied, opened })),
  // a route, after an unroute of its glob in the same call (a shaped one: upstream's daemon route command)
  route: answering(runRoute, (routed) => replying(routed.replied)),
  pinned: answering(runPinned, (pinned) => ({ replied: pinned.replied, pinned }))
} satisfies Record<RunStep, unknown>
