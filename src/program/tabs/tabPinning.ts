/**
 * Once a session's active tab has drifted (tabRecovery re-selected the right one), later active-tab commands of that
 * session run as one upstream `batch`: a guard that the known tab is in front, then the command, in the same
 * invocation (see pinnedPrefix: a select before each command would void the refs). Choosing a tab explicitly
 * (`tab …`) or closing ends the pin; a pinned tab that no longer exists ends it too, and the command runs normally.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import { StaleRef, type UpstreamReplyError } from "../../schema/ToolError.js"
import type { StepRow } from "../../domain/Outcome.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { mayLoseFocus, skipsTabPin } from "../../upstream/commandEffects.js"
import { refsIn } from "../../session/refPreflight.js"
import { throwValueStatement } from "../../upstream/wire.js"
import { type TabRow, tabsOf } from "./tabRecovery.js"

export const isPinnable = (plan: Plan): boolean =>
  plan.kind === "browser" &&
  plan.sessionName !== undefined &&
  plan.stdin === undefined &&
  !skipsTabPin(plan.line.command)

/** What a command runs before itself in a session without a pinned tab: nothing. */
export const NO_PIN: { readonly steps: ReadonlyArray<ReadonlyArray<string>>; readonly guard: boolean } = {
  steps: [],
  guard: false
}

/**
 * What a pinned command runs before itself. agent-browser 0.41.2 empties its ref map on every `tab <id>`, the active
 * tab's too, so selecting the pinned tab before each command would void the refs of the snapshot before it (every
 * `@ref` failed as unknown, and the offered snapshot -i led to the same failure). So the tab is not selected: a guard
 * checks that the active tab still shows the session's page (agent-browser follows a popup at the next command it
 * handles) and, run fail-fast, stops the batch when it does not. Then a command by @ref fails as stale (nothing ran;
 * its snapshot -i selects the tab again), and one without refs runs again with the select (`select: true`). Without a
 * known page the tab is selected as before.
 */
export const pinnedPrefix = (
  pinned: string | undefined,
  pageUrl: string | undefined,
  select = false
): { readonly steps: ReadonlyArray<ReadonlyArray<string>>; readonly guard: boolean } => {
  if (pinned === undefined) return NO_PIN
  let expected: string | undefined
  try {
    const u = pageUrl !== undefined && !select ? new URL(pageUrl) : undefined
    expected = u !== undefined ? u.origin + u.pathname : undefined
  } catch {
    expected = undefined
  }
  if (expected === undefined) return { steps: [["tab", pinned]], guard: false }
  // another tab in front: the guard throws where the page is (the page→wrapper channel, upstream/wire.ts)
  const check =
    `(() => { const u = new URL(location.href); if (u.origin + u.pathname !== ${JSON.stringify(expected)}) ` +
    `{ ${throwValueStatement("{ focusMovedTo: location.href }")} } return true })()`
  return { steps: [["eval", check]], guard: true }
}

/** The guard found another tab in front (nothing ran): the page it shows, else undefined. */
export const focusMovedTo = (guardRow: StepRow | undefined): string | undefined => {
  if (guardRow === undefined || guardRow.success) return undefined
  const thrown = guardRow.thrown
  const movedTo =
    typeof thrown === "object" && thrown !== null
      ? (thrown as { readonly focusMovedTo?: unknown }).focusMovedTo
      : undefined
  return typeof movedTo === "string" ? movedTo : "another page"
}

/** A command by @ref whose guard found another tab in front: stale (its next action, snapshot -i, selects the tab). */
export const focusMovedError = (positionals: ReadonlyArray<string>, movedTo: string): StaleRef =>
  new StaleRef({
    ref: refsIn(positionals)[0]?.replace(/^@/, "") ?? "",
    reason: "focus-moved",
    detail: `Another tab took the focus since the snapshot (${movedTo}); nothing ran`
  })

/** Whether a command names `@ref`s (a guard failure is then its failure, not a reason to select and run again). */
export const namesRefs = (positionals: ReadonlyArray<string>): boolean => refsIn(positionals).length > 0

export type PinPrefix = ReturnType<typeof pinnedPrefix>

/**
 * What `behindPin` did: ran (with the prefix it ran behind), or refused a command by @ref because another tab was in
 * front.
 */
export type BehindPin<A> =
  | { readonly kind: "ran"; readonly ran: A; readonly prefix: PinPrefix }
  | { readonly kind: "moved"; readonly error: StaleRef }

/**
 * Runs a command behind its session's pin (`run` gets the steps to put first; none without a pin). When the guard
 * (the row `guardRow` reads) found another tab in front, a command by @ref is refused as stale with nothing run, and
 * one without refs runs again after the select.
 */
export const behindPin = <A, E, R>(
  pin: { readonly tab: string; readonly pageUrl: string | undefined } | undefined,
  positionals: ReadonlyArray<string>,
  run: (prefix: PinPrefix) => Effect.Effect<A, E, R>,
  guardRow: (ran: A) => StepRow | undefined
): Effect.Effect<BehindPin<A>, E, R> =>
  Effect.gen(function* () {
    const guarded = pinnedPrefix(pin?.tab, pin?.pageUrl)
    const ran = yield* run(guarded)
    const movedTo = guarded.guard ? focusMovedTo(guardRow(ran)) : undefined
    if (movedTo === undefined) return { kind: "ran", ran, prefix: guarded } satisfies BehindPin<A> as BehindPin<A>
    if (namesRefs(positionals))
      return { kind: "moved", error: focusMovedError(positionals, movedTo) } satisfies BehindPin<A> as BehindPin<A>
    const selected = pinnedPrefix(pin?.tab, pin?.pageUrl, true)
    return { kind: "ran", ran: yield* run(selected), prefix: selected } satisfies BehindPin<A> as BehindPin<A>
  })

export interface PinnedRun {
  readonly replied: Either.Either<UpstreamOutcome, UpstreamReplyError>
  /** The tabs right after the command (same process), for a command that may lose the focus. */
  readonly tabs?: ReadonlyArray<TabRow>
}

/** Runs the planned command inside its session's pinned tab; undefined when there is no (usable) pin. */
export const runPinned = (plan: Plan) =>
  Effect.gen(function* () {
    if (!isPinnable(plan) || plan.sessionName === undefined) return undefined
    const registry = yield* SessionRegistry
    const pinned = (yield* registry.view(plan.sessionName)).pinnedTab
    if (pinned === undefined) return undefined
    const commands = yield* SessionCommands
    const line = parseCommandLine(plan.args)
    // a command that may let another tab take the focus lists the tabs after it (L17, tabRecovery.ts)
    const listTabs = mayLoseFocus(plan.line.command)
    const pageUrl = (yield* registry.view(plan.sessionName)).page?.url
    const pinnedRun = yield* behindPin(
      { tab: pinned, pageUrl },
      line.positionals,
      (prefix) =>
        commands.batch(targetOf(plan), [...prefix.steps, line.positionals, ...(listTabs ? [["tab", "list"]] : [])], {
          timeoutMs: plan.timeoutMs,
          failFast: true
        }),
      (rows) => rows[0]
    )
    if (pinnedRun.kind === "moved") return { replied: Either.left(pinnedRun.error) } satisfies PinnedRun
    const { ran: rows, prefix } = pinnedRun
    const [selected, row, listed] = rows
    if ((!prefix.guard && selected?.success !== true) || row === undefined) {
      yield* registry.dropPin(plan.sessionName)
      return undefined
    }
    const replied: Either.Either<UpstreamOutcome, UpstreamReplyError> = row.success
      ? Either.right({ kind: "single", data: row.result, warning: undefined })
      : Either.left(row.error)
    const tabs = tabsOf(listed)
    return { replied, ...(tabs !== undefined ? { tabs } : {}) } satisfies PinnedRun
  })
