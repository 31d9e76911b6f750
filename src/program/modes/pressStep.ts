/**
 * A job, qa or batch step `press|key <key>` with the direct press's watch and read around it, in one upstream process
 * (page/clickEffects.ts): the console errors it logged, a changed heading or focused control, where it moved the
 * focus or scrolled the page, the text it made appear or hid, and the JavaScript dialogs it opened are said on its
 * row. A key whose keydown opened a confirm or prompt is its row as sent (page/typeReadback.ts). The key's own reply
 * and failure are exactly as alone.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../page/clickEffects.js"
import { pressedRowOf } from "../../page/typeReadback.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { pressReadOf } from "../probed/press.js"

export const runPressStep = (target: SessionTarget, row: ReadonlyArray<string>, timeoutMs: number) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const rows = yield* commands.batch(target, [["eval", PRESS_WATCH_INSTALL], row, ["eval", PRESS_WATCH_READ]], {
      timeoutMs,
      failFast: true
    })
    const sent = rows[1]
    // the watch could not be installed: the step runs as it would have
    if (sent === undefined) return yield* commands.run(target, row, { timeoutMs })
    const own = pressedRowOf(sent, rows[0])
    if (!own.success) return yield* own.error
    const { said } = pressReadOf(rows[2])
    return { kind: "single", data: own.result, warning: own.warning, ...said } satisfies UpstreamOutcome
  })
