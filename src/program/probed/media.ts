/** `set media dark|light|reduced-motion`: whether the page now matches each query (page/mediaRead.ts). */
import * as Effect from "effect/Effect"
import { mediaOf, mediaQueriesOf, mediaReadExpression } from "../../page/mediaRead.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

export const mediaProbe: ProbeKind = {
  commands: ["set"],
  applies: (argv) => mediaQueriesOf(argv) !== undefined,
  probes: ({ plan }) => {
    const queries = mediaQueriesOf(plan.line.positionals)
    if (queries === undefined) return undefined
    return {
      before: [],
      after: [["eval", mediaReadExpression(queries)]],
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        const media = mediaOf(evalAt(ran, ran.at + 1))
        return Effect.succeed(plain(replyOf(ran.row, media !== undefined ? { effects: { media } } : {})))
      }
    }
  }
}
