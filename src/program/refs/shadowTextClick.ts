/**
 * A text click on a control inside an open shadow root (a web component's), which upstream's text locator cannot
 * take: it reads the page's own text only. The page named the control (page/shadowTextPick.ts: the one element
 * holding the words, light or shadow, hidden or not; visible; a control); upstream's snapshot reads shadow roots, so
 * one fresh `snapshot -i` (recorded as the session's latest refs) finds its ref, and the call becomes `click @ref`,
 * read and said as any click. Only when exactly one ref has that name (any case) and its role is clickable; else the
 * plan stays as asked: upstream's locator runs, misses, and the miss names the refs.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { TWIN_ROLES } from "../../page/hiddenTwins.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { recordedFreshRefs } from "./freshRefs.js"

/** The look's budget: one interactive snapshot. */
const LOOK_TIMEOUT_MS = 10_000

const CLICKABLE: ReadonlySet<string> = new Set(TWIN_ROLES)

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

/**
 * The ref of the shadow-root control the words name, from one fresh `snapshot -i` recorded as the session's latest
 * refs; undefined when not exactly one clickable ref has that name.
 */
export const shadowRefOf = (plan: Plan, session: string, text: string) =>
  Effect.gen(function* () {
    const fresh = yield* recordedFreshRefs(plan, session, Math.min(LOOK_TIMEOUT_MS, plan.timeoutMs), false)
    const named = [...(fresh?.refs.entries() ?? [])].filter(([, r]) => norm(r.name) === norm(text))
    const [only] = named
    if (named.length !== 1 || only === undefined || !CLICKABLE.has(only[1].role)) return undefined
    return { ref: `@${only[0]}`, role: only[1].role, name: only[1].name }
  })

/** The plan as `click @ref` on the shadow-root control the words name; the plan as asked when that is not sure. */
export const shadowTextClick = (plan: Plan, session: string, text: string) =>
  Effect.gen(function* () {
    const found = yield* shadowRefOf(plan, session, text)
    if (found === undefined) return plan
    const { ref } = found
    const args = [...globalFlagTokens(plan.line), "click", ref]
    return {
      ...plan,
      args,
      line: parseCommandLine(args),
      effectiveArgs: [...globalFlagTokens(parseCommandLine(plan.effectiveArgs)), "click", ref],
      resolvedText: {
        text,
        count: 1,
        role: found.role,
        name: found.name,
        exact: true,
        clickable: true,
        others: [],
        shadowRef: ref
      }
    } satisfies Plan
  })
