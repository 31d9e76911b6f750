/**
 * `check|uncheck`: a CSS target that is no box, or a disabled box, is refused by the step before it; a ref is read
 * with upstream's own `is enabled` and `is checked` first; a ref the snapshot lists as another kind of control is
 * refused before anything is sent (page/checkGuard.ts).
 */
import * as Effect from "effect/Effect"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { checkProbeRows, checkRefusedAt, checkTargetOf, refCheckRefusal } from "../../page/checkGuard.js"
import { plain, type ProbeKind, refused, replyOf } from "./probed.js"

/** A check aimed at a ref the snapshot lists as another kind of control: its refusal (nothing is sent). */
export const refusedCheck = (positionals: ReadonlyArray<string>, refs: RefSnapshot | undefined) =>
  refCheckRefusal(checkTargetOf(positionals), refs)

export const checkProbe: ProbeKind = {
  commands: ["check", "uncheck"],
  applies: (argv) => checkTargetOf(argv) !== undefined,
  probes: ({ plan, refs }) => {
    const check = checkTargetOf(plan.line.positionals)
    if (check === undefined) return undefined
    return {
      before: checkProbeRows(check.selector),
      after: [],
      bail: true,
      read: (ran) => {
        const refusal = checkRefusedAt(check, ran.rows, ran.at, refs)
        if (refusal !== undefined) return Effect.succeed(refused(refusal))
        return Effect.succeed(ran.row === undefined ? undefined : plain(replyOf(ran.row)))
      }
    }
  }
}
