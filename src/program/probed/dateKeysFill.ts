/**
 * A fill on a native date field that did not take (such a field takes keys in its own order, not text:
 * page/fillReadback.ts) is typed again as the field's keys in the same call: the field focused on its first part,
 * its digits pressed (upstream/keystrokes.ts), then the fill's read-back, in one more upstream batch. Answers the date
 * the field then holds, or undefined: the fill's verification and its advice stand. Only the read-back's eval is asked
 * (for a ref, it reads the focused field): upstream's `get value` answers "" for a date field whatever it holds.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { type FillTarget, fillHeldOf, fillReadScript } from "../../page/fillReadback.js"
import { evalResultOf } from "../../page/namingReads.js"
import { keystrokeRows } from "../../upstream/keystrokes.js"
import { runCommandBatch } from "../page/commandBatch.js"

const FIRST_PART = [
  ["press", "ArrowLeft"],
  ["press", "ArrowLeft"]
]

export const typeDateKeys = (plan: Plan, session: string, fill: FillTarget, keys: string) =>
  Effect.gen(function* () {
    if (fill.selector === undefined || fill.secret === true) return undefined
    // the field may be focused already on a later part (a fill before this one): two steps left reach its first part
    const first = [["focus", fill.selector], ...FIRST_PART]
    const command = [...first, ...[...keys].flatMap(keystrokeRows)]
    const ran = yield* runCommandBatch(plan, session, [], [["eval", fillReadScript(fill)]], { bail: true, command })
    if (ran.kind !== "ran") return undefined
    const read = ran.at + command.length
    if (ran.rows.slice(ran.at, read).some((row) => !row.success)) return undefined
    return fillHeldOf(fill, evalResultOf(ran.rows[read]))
  })
