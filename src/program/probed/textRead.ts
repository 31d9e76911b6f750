/**
 * `get text <css>` (and the reads textSelectorOf names): the visibility read after it, whether the text it read is
 * visible, and a selector the page could not parse refused (page/textVisibility.ts). A reply that is no batch runs the
 * read alone.
 */
import * as Effect from "effect/Effect"
import {
  invalidSelectorsOf,
  textSelectorOf,
  textVisibilityOf,
  textVisibilityScript
} from "../../page/textVisibility.js"
import { SelectorUnsupported } from "../../schema/ToolError.js"
import { evalAt, plain, type ProbeKind, refused, replyOf } from "./probed.js"

export const textReadProbe: ProbeKind = {
  commands: ["get"],
  applies: (argv) => textSelectorOf(argv) !== undefined,
  probes: ({ plan }) => {
    const selector = textSelectorOf(plan.line.positionals)
    if (selector === undefined) return undefined
    return {
      before: [],
      after: [["eval", textVisibilityScript([selector])]],
      aloneWhenNoBatch: true,
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        if (!ran.row.success) return Effect.succeed(plain(replyOf(ran.row)))
        const after = evalAt(ran, ran.at + 1)
        const invalid = invalidSelectorsOf(after)[0]
        if (invalid !== undefined)
          return Effect.succeed(refused(new SelectorUnsupported({ selector: invalid, reason: "invalid-css" })))
        const found = textVisibilityOf(after, [undefined])
        return Effect.succeed({
          replied: replyOf(ran.row),
          check: found.length > 0 ? { selectorTextVisibility: found } : {}
        })
      }
    }
  }
}
