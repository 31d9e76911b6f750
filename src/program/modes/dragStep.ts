/**
 * A job or batch step `drag <src> <dst>` watched as a direct one is (page/dragWatch.ts), in one upstream process: an
 * HTML5 drag the page refused (no element took its drop) fails the step, an element that landed elsewhere than aimed
 * carries its miss (page/dragLanding.ts) for the step's line to say, and the text the drag made appear or go (or that
 * the page started no drag) is said on its row as the direct drag says it (probed/drag.ts).
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { withDragMiss } from "../../page/dragLanding.js"
import { evalResultOf } from "../../page/namingReads.js"
import { DRAG_WATCH_INSTALL, DRAG_WATCH_READ, dragRefusedOf } from "../../page/dragWatch.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { dragSaid } from "../probed/drag.js"

export const runDragStep = (
  target: SessionTarget,
  row: ReadonlyArray<string>,
  positionals: ReadonlyArray<string>,
  timeoutMs: number
) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const before = DRAG_WATCH_INSTALL.map((js) => ["eval", js])
    const rows = yield* commands.batch(target, [...before, row, ["eval", DRAG_WATCH_READ]], {
      timeoutMs,
      failFast: true
    })
    const own = rows[before.length]
    // the watch could not be installed: the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    const after = evalResultOf(rows[before.length + 1])
    const refused = dragRefusedOf(after, positionals[2] ?? "")
    if (refused !== undefined) return yield* refused
    const data = withDragMiss(own.result, after)
    return { kind: "single", data, warning: own.warning, ...dragSaid(after) } satisfies UpstreamOutcome
  })
