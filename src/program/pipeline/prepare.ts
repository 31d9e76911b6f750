/**
 * The decode and plan phases: decodes and plans a call against the current session state; nothing runs yet. Fails
 * with InvalidInput, or PolicyBlocked for a security rule decidable before anything runs, or a close before the
 * prompt's requested screenshots exist.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { decodeToolInput } from "../../schema/ToolInput.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { preResolveFill } from "../refs/semanticResolution.js"
import { baseNameOf, type CallContext } from "./callContext.js"
import { resolveInputMode } from "./inputMode.js"
import { planInvocation } from "./planInvocation.js"
import { checkPlan } from "../security/checkPlan.js"
import { guardClose } from "../artifacts/promptGuard.js"
import { withPool } from "../lifecycle/poolLaunch.js"
import { withBrowserDefaults } from "../lifecycle/browserDefaults.js"
import { checkFlags } from "./checkFlags.js"
import { isClose } from "../../upstream/commandPolicy.js"

/** Untraced: it is on the path of every call (see `runToResult`). */
export const prepare = Effect.fnUntraced(function* prepare(raw: unknown, call: CallContext) {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const decoded = yield* decodeToolInput(raw)
  const state = yield* registry.current(baseNameOf(call, config))
  // each step below is entered only by the calls it applies to: a fill by role/name, a launch, a close, a pool
  const resolved = yield* Effect.flatMap(resolveInputMode(decoded, call.cwd), (r) =>
    r.compiled.mode === "semanticAction" ? preResolveFill(r, state.managed.name) : Effect.succeed(r)
  )
  const planned = yield* planInvocation(resolved.input, state, config, call.cwd)
  // the configured browser defaults apply to a call that launches the session's browser
  const plan = planned.firstLaunch ? yield* withBrowserDefaults(planned, call) : planned
  const flagsChecked = yield* checkFlags({ ...plan, compiled: resolved.compiled } satisfies Plan)
  const checked = yield* checkPlan(flagsChecked, { cwd: call.cwd, projectTrusted: call.projectTrusted === true })
  const guarded = isClose(checked.line) ? yield* guardClose(checked) : checked
  return config.pool === undefined ? guarded : (yield* withPool(guarded)).plan
})
