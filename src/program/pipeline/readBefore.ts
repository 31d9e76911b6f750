/**
 * What a call reads before its run phase: the tab refocused, the tab it starts on and the page it is on, so the read
 * phase after it (readPhase.ts) can give the focus back and say where the page went.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import type { CommandFamily } from "../families/family.js"
import { focusBefore } from "../tabs/focusRestore.js"
import { refocusKnownTab } from "../tabs/tabRecovery.js"
import { observeDaemon } from "../refs/refTracking.js"
import { staysOnTab } from "../../upstream/commandEffects.js"

/** What the call read before it ran: the tab refocused, the tab it started on, the page it was on. */
export interface ReadBefore {
  readonly refocused: Effect.Effect.Success<ReturnType<typeof refocusKnownTab>> | undefined
  readonly startedOn: Effect.Effect.Success<ReturnType<typeof focusBefore>> | undefined
  readonly pageBefore: string | undefined
  /** The daemon's active page before a command that stays on its tab (its `.target` file; no process). */
  readonly activeBefore?: string
  /** That page's tab (its CDP target id, from the same file). */
  readonly activeTargetBefore?: string
}

/**
 * Before the run phase, for a single command (a step run reads its own): a known tab refocused (not for a caller's
 * batch), and the tab and page it starts on, to give the focus back to that tab if another took it (L17).
 */
export const readBefore = (plan: Plan, family: CommandFamily) =>
  Effect.gen(function* () {
    const single = family.name !== "steps"
    const refocused = single && plan.line.command !== "batch" ? yield* refocusKnownTab(plan) : undefined
    const startedOn = single ? yield* focusBefore(plan) : undefined
    const pageBefore =
      plan.sessionName !== undefined ? (yield* (yield* SessionRegistry).view(plan.sessionName)).page?.url : undefined
    // a tab the page opened since the last command is followed by upstream at this one (its .target changes)
    const watch = single && staysOnTab(plan.line.command) && plan.kind === "browser" && pageBefore !== undefined
    const active = watch ? yield* observeDaemon(plan) : undefined
    const activeBefore = active?.url
    return {
      refocused,
      startedOn,
      pageBefore,
      ...(activeBefore !== undefined ? { activeBefore } : {}),
      ...(active?.targetId !== undefined ? { activeTargetBefore: active.targetId } : {})
    } satisfies ReadBefore
  })
