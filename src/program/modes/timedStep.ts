/**
 * A job, qa or batch step `hover|focus|scrollintoview <sel>` with the direct one's watch and read around it, in one
 * upstream process (page/actionTimers.ts): the text it made appear or hid (a tooltip, a menu, a lazy section), read
 * after the short timers its own events started, is said on its row. The step's own reply and failure are exactly as
 * alone.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { timedActionRows } from "../../page/actionTimers.js"
import { field } from "../../page/appearedText.js"
import { evalResultOf } from "../../page/namingReads.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { shownSaid } from "../probed/timedAction.js"

export const runTimedStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  watch: NonNullable<ReturnType<typeof timedActionRows>>,
  timeoutMs: number
) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const rows = yield* commands.batch(target, [...watch.before, row, ...watch.after], { timeoutMs, failFast: true })
    const own = rows[watch.before.length]
    // the watch could not be installed: the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    const said = shownSaid(field(evalResultOf(rows[watch.before.length + 1]), "appeared"))
    return { kind: "single", data: own.result, warning: own.warning, ...said } satisfies UpstreamOutcome
  })
