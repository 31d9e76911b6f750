/**
 * A page-level or container `scroll` between two scroll-position reads: whether it moved, and a scroll that could not
 * move said so from its first word (page/scrollPosition.ts, actionText.ts).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import {
  noMovementData,
  readScrollPosition,
  scrollDirectionOf,
  scrollMovementOf,
  scrollNoopOf,
  scrollProbeScript,
  scrollSelectorOf
} from "../../page/scrollPosition.js"
import { evalAt, plain, type ProbeKind, type Probed, type Replied, replyOf } from "./probed.js"

const scrollChecked = (positionals: ReadonlyArray<string>, replied: Replied, before: unknown, after: unknown) => {
  const from = readScrollPosition(before)
  const to = readScrollPosition(after)
  if (from === undefined || to === undefined) return plain(replied)
  const noop = scrollNoopOf(from, to, scrollDirectionOf(positionals))
  return {
    replied:
      noop === undefined
        ? replied
        : Either.map(replied, (r) => (r.kind === "single" ? { ...r, data: noMovementData(r.data) } : r)),
    check: {
      ...scrollMovementOf(scrollSelectorOf(positionals), from, to),
      ...(noop !== undefined ? { scrollNoop: noop } : {})
    }
  } satisfies Probed
}

export const scrollProbe: ProbeKind = {
  commands: ["scroll"],
  applies: (argv) => argv[0] === "scroll",
  probes: ({ plan }) => {
    if (plan.line.command !== "scroll") return undefined
    const selector = scrollSelectorOf(plan.line.positionals)
    return {
      before: [["eval", scrollProbeScript(selector)]],
      after: [["eval", scrollProbeScript(selector, true)]],
      read: (ran) => {
        if (ran.row === undefined) return Effect.succeed(undefined)
        if (!ran.row.success) return Effect.succeed(plain(replyOf(ran.row)))
        const replied = replyOf(ran.row)
        return Effect.succeed(
          scrollChecked(plan.line.positionals, replied, evalAt(ran, ran.at - 1), evalAt(ran, ran.at + 1))
        )
      }
    }
  }
}
