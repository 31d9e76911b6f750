/**
 * The browser pool applied to a planned call (docs/POOLS.md): a managed or fresh session of this pi session launches
 * its browser in the configured pool, through the child environment only. A call that chooses its own browser
 * (`--cdp`, `-p`, `--auto-connect`, `--executable-path`, `connect`, or the same variables set by the user) and every
 * explicit `--session` are left as they are.
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"
import type { Plan } from "../../domain/Plan.js"
import { BrowserPool, type PoolLaunch } from "../../services/BrowserPool.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { flagValue } from "../../upstream/commandLine.js"
import { type TimedOut, withFields } from "../../schema/ToolError.js"
import { endFailedLaunch } from "./failedLaunch.js"

const OWN_CHOICE_FLAGS = ["--cdp", "-p", "--provider", "--auto-connect", "--executable-path"]
const OWN_CHOICE_VARS = ["AGENT_BROWSER_CDP", "AGENT_BROWSER_PROVIDER", "AGENT_BROWSER_AUTO_CONNECT"]

/** Whether a plan's browser is the pool's: a managed or fresh session that chose no browser of its own. */
export const usesPool = (plan: Plan, env: Readonly<Record<string, string | undefined>>): boolean =>
  plan.kind === "browser" &&
  (plan.sessionRole === "managed" || plan.sessionRole === "fresh") &&
  plan.line.command !== "connect" &&
  !OWN_CHOICE_FLAGS.some(
    (flag) => plan.line.flags.some((f) => f.flag === flag) || flagValue(plan.line, flag) !== undefined
  ) &&
  !plan.launchFlags.some((t) => OWN_CHOICE_FLAGS.includes(t.split("=")[0] ?? "")) &&
  !OWN_CHOICE_VARS.some((name) => (env[name] ?? "") !== "")

/** The plan with the pool's launch environment, when its browser is the pool's; the pool (if used) beside it. */
export const withPool = (plan: Plan) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    if (config.pool === undefined || !usesPool(plan, config.env))
      return { plan, pool: undefined as PoolLaunch | undefined }
    const pool = yield* (yield* BrowserPool).launch
    if (pool === undefined) return { plan, pool }
    return {
      plan: {
        ...plan,
        env: { ...plan.env, ...pool.env },
        pool: {
          endpoint: pool.endpoint,
          configuredBy: pool.configuredBy,
          ...(pool.provider !== undefined ? { provider: pool.provider } : {})
        }
      } satisfies Plan,
      pool
    }
  })

/** The pool's environment for closing a managed session (a close without it would launch a local browser to close). */
export const poolCloseEnv = Effect.gen(function* () {
  const config = yield* ToolConfig
  if (config.pool === undefined) return {}
  return (yield* Effect.either((yield* BrowserPool).launch)).pipe((e) =>
    e._tag === "Right" && e.right !== undefined ? e.right.env : {}
  )
})

/** First pause before asking a full pool again; doubled each time, within the call's budget. */
const POOL_RETRY_MS = 500

const isPoolFull = (error: { readonly _tag: string }): boolean =>
  error._tag === "UpstreamFailed" &&
  (error as { readonly launch?: { readonly reason: string } }).launch?.reason === "pool-full"

/**
 * A pool that answers "full" (429) is asked again, with growing pauses, for as long as the call's budget lasts: a
 * slot often frees within seconds. Each failed try has already ended its daemon (dispatch), so nothing is queued.
 */
export const askPoolUntilBudget = <A, E extends { readonly _tag: string }, R>(
  plan: Plan,
  task: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> =>
  plan.pool === undefined || !plan.firstLaunch
    ? task
    : Effect.retry(task, {
        while: isPoolFull,
        schedule: Schedule.exponential(Duration.millis(POOL_RETRY_MS)).pipe(
          Schedule.upTo(Duration.millis(plan.timeoutMs))
        )
      })

/**
 * A first pool launch that is cancelled (pi's abort) may still wait in the pool's queue: the interrupted call stopped
 * its agent-browser process, but the daemon holds the queued connection, and the pool would start a browser for it when
 * a slot frees. So the daemon is ended as the call is interrupted (the session had nothing else yet).
 */
export const withdrawOnInterrupt = <A, E, R>(plan: Plan, task: Effect.Effect<A, E, R>) =>
  plan.pool === undefined || !plan.firstLaunch
    ? task
    : Effect.onInterrupt(task, () => Effect.ignore(endFailedLaunch(plan)))

/**
 * A pool launch that ran out of time was queued by the pool (at its limit, queue not full): its daemon still holds the
 * queued connection, and the pool would start a browser for it when a slot frees, one nobody uses. So the daemon is
 * ended (the connection closes, the pool drops it) and the timeout says which pool kept it waiting.
 */
export const closeQueuedLaunch = (plan: Plan, error: TimedOut) =>
  Effect.gen(function* () {
    if (plan.pool === undefined || !plan.firstLaunch) return error
    yield* endFailedLaunch(plan)
    return withFields(error, {
      timeoutMs: error.timeoutMs === 0 ? plan.timeoutMs : error.timeoutMs,
      dispatched: "no",
      poolEndpoint: plan.pool.endpoint
    })
  })
