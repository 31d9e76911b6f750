/**
 * A text click (`find text <words> click [--exact]`, typed in args or compiled from semanticAction) in a session with
 * a page is resolved in the page before it runs (page/textPick.ts): one read-only eval ranks the elements holding the
 * words (exact and clickable first), and the call becomes `click <css path>` on the picked one, so a sentence that
 * quotes a link's text cannot take the link's click; the result names what was clicked and how many matched.
 * When nothing in the page's own text holds the words and one control inside a shadow root does, the call becomes a
 * click on its ref (shadowTextClick.ts). Anything it cannot decide (no page, script held for approval, no visible
 * match, a read that did not answer) leaves the plan as it was: upstream's locator runs as asked.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { mayProbe } from "../../session/planRun.js"
import { targetOf } from "../../session/planRun.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { textPickOf, textPickScript } from "../../page/textPick.js"
import { shadowRefOf, shadowTextClick } from "./shadowTextClick.js"

/** The pick's budget: one eval. */
const PICK_TIMEOUT_MS = 5_000

/** `find text <words> click [--exact]`, nothing else; undefined otherwise. */
export interface TextClick {
  readonly text: string
  readonly exact: boolean
}

export const textClickOf = (positionals: ReadonlyArray<string>): TextClick | undefined => {
  const [find, locator, text, action, ...rest] = positionals
  if (find !== "find" || locator !== "text" || action !== "click") return undefined
  if (text === undefined || text.trim() === "") return undefined
  return rest.every((t) => t === "--exact") ? { text, exact: rest.length > 0 } : undefined
}

export const preResolveTextClick = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    const target = textClickOf(plan.line.positionals)
    if (target === undefined || session === undefined || plan.kind !== "browser" || plan.firstLaunch) return plan
    if (plan.stdin !== undefined || !mayProbe(plan)) return plan
    const view = yield* (yield* SessionRegistry).view(session)
    if (view.page === undefined) return plan
    const pin = view.pinnedTab !== undefined ? [["tab", view.pinnedTab]] : []
    const steps = [...pin, ["eval", textPickScript(target.text, target.exact)]]
    const options = { timeoutMs: Math.min(PICK_TIMEOUT_MS, plan.timeoutMs), failFast: true }
    const rows = yield* (yield* SessionCommands).batch({ ...targetOf(plan), kind: "browser" }, steps, options)
    const row = rows[steps.length - 1]
    const answer = row?.success === true && typeof row.result === "object" ? row.result : undefined
    const pick = textPickOf((answer as Record<string, unknown> | undefined)?.["result"])
    // nothing in the page's own text: the one control inside a shadow root the words name, clicked by its ref
    if (pick?.picked === undefined)
      return pick?.shadow !== undefined ? yield* shadowTextClick(plan, session, target.text) : plan
    const { picked } = pick
    const args = [...globalFlagTokens(plan.line), "click", picked.path]
    return {
      ...plan,
      args,
      line: parseCommandLine(args),
      effectiveArgs: [...globalFlagTokens(parseCommandLine(plan.effectiveArgs)), "click", picked.path],
      resolvedText: {
        text: target.text,
        count: pick.count,
        role: picked.role,
        name: picked.name,
        exact: picked.exact,
        clickable: picked.clickable,
        others: pick.others ?? []
      }
    } satisfies Plan
  }).pipe(
    Effect.tapErrorCause((cause) => Effect.logDebug("text click pre-resolution failed: upstream's runs", cause)),
    Effect.catchAll(() => Effect.succeed(plan))
  )

/**
 * A job's text click row (`find text <words> click [--exact]`), run on the element the page ranks first, like a
 * direct one: the pick, then `click <css path>`, each in its own process; a control inside a shadow root the words
 * name, by its ref from one fresh `snapshot -i` (shadowTextClick.ts). Its reply's data names the element (`picked`:
 * role, name, how many matched, the shadow ref) for the job's row; a pick that found nothing runs the row as asked.
 * `click`: how the picked element's click runs (a job's click step says what it did: modes/clickStep.ts).
 */
export const runTextClickRow = <E, R>(
  plan: Plan,
  target: SessionTarget,
  row: ReadonlyArray<string>,
  timeoutMs: number,
  click: (row: ReadonlyArray<string>) => Effect.Effect<UpstreamOutcome, E, R>
) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    const text = textClickOf(row)
    if (text === undefined) return yield* commands.run(target, row, { timeoutMs })
    const script = ["eval", textPickScript(text.text, text.exact)]
    const read = yield* Effect.option(commands.run(target, script, { timeoutMs: PICK_TIMEOUT_MS }))
    const answer = read._tag === "Some" && read.value.kind === "single" ? read.value.data : undefined
    const result = typeof answer === "object" ? (answer as Record<string, unknown> | null)?.["result"] : undefined
    const pick = textPickOf(result)
    const shadow =
      pick?.picked === undefined && pick?.shadow !== undefined && plan.sessionName !== undefined
        ? yield* Effect.orElseSucceed(shadowRefOf(plan, plan.sessionName, text.text), () => undefined)
        : undefined
    const clicked =
      pick?.picked !== undefined
        ? { path: pick.picked.path, picked: { role: pick.picked.role, name: pick.picked.name, count: pick.count } }
        : shadow !== undefined
          ? { path: shadow.ref, picked: { role: shadow.role, name: shadow.name, count: 1, shadowRef: shadow.ref } }
          : undefined
    if (clicked === undefined) return yield* commands.run(target, row, { timeoutMs })
    const reply = yield* click(["click", clicked.path])
    if (reply.kind !== "single") return reply
    const data = reply.data !== null && typeof reply.data === "object" ? reply.data : {}
    return { ...reply, data: { ...data, picked: clicked.picked } }
  })
