/**
 * After a successful `select` (alone, or a job/qa/batch step): one read of the target (`get html`, same session) to
 * check that it is a native `<select>`. A custom combobox fails the call honestly as `selector-not-found` (reason
 * `not-native-select`) instead of the `Selected [...]` upstream answers while changing nothing. A read that cannot
 * answer leaves the call as it was.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { readPayload } from "../../schema/UpstreamPayloads.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { isNativeSelectHtml, notNativeSelect } from "../../page/selectTarget.js"
import { targetOf } from "../../session/planRun.js"

const CHECK_TIMEOUT_MS = 8_000
const HtmlReply = Schema.Struct({ html: Schema.String })

/** The target's inner HTML, or undefined when it could not be read. */
const innerHtml = (plan: Plan, target: string) =>
  Effect.flatMap(SessionCommands, (commands) =>
    commands.batch(targetOf(plan), [["get", "html", target]], { timeoutMs: CHECK_TIMEOUT_MS, failFast: true })
  ).pipe(
    Effect.map((rows) => {
      const row = rows[0]
      return row?.success === true ? readPayload(HtmlReply, row.result, (r) => r.html) : undefined
    }),
    Effect.tapErrorCause((cause) => Effect.logDebug("select check could not read the target: no check", cause)),
    Effect.catchAll(() => Effect.succeed(undefined))
  )

/** The `select` a call ran: the command itself, or the first successful select step of a job/qa/batch. */
const selectRan = (plan: Plan, outcome: UpstreamOutcome): ReadonlyArray<string> | undefined => {
  if (outcome.kind === "single") return plan.line.positionals[0] === "select" ? plan.line.positionals : undefined
  if (outcome.kind !== "batch") return undefined
  return outcome.rows.find((row) => row.success && row.command[0] === "select")?.command
}

export const checkSelect = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const [command, target, ...values] = selectRan(plan, outcome) ?? []
    if (plan.kind !== "browser" || command !== "select" || target === undefined) return
    const html = yield* innerHtml(plan, target)
    if (html !== undefined && !isNativeSelectHtml(html)) return yield* Effect.fail(notNativeSelect(target, values))
  })
