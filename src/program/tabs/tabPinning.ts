/**
 * Once a session's active tab has drifted (tabRecovery re-selected the right one), later active-tab commands of that
 * session run as one upstream `batch`: select the known tab, then the command, in the same invocation, so a
 * restored or background tab cannot steal focus in between. Choosing a tab explicitly (`tab …`) or closing ends the
 * pin; a pinned tab that no longer exists ends it too, and the command runs normally.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { UpstreamReplyError } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/target.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { mayLoseFocus, skipsTabPin } from "../../upstream/commandPolicy.js"
import { refsIn } from "../../session/refPreflight.js"
import { type TabRow, tabsOf } from "./focusRestore.js"

export const isPinnable = (plan: Plan): boolean =>
  plan.kind === "browser" && plan.sessionName !== undefined && plan.stdin === undefined && !skipsTabPin(plan.line.command)

/**
 * Whether a pinned command selects its tab first. Not when it acts by @ref: agent-browser 0.41.2 empties its ref map
 * on every `tab <id>` (the active tab's too), so the select would void the very refs the command names. Nothing is
 * lost: the snapshot that gave the refs ran in the pinned tab, and a ref upstream no longer holds (its tab lost the
 * focus since) fails as unknown rather than acting elsewhere; the offered snapshot -i selects the tab again.
 */
export const selectsPinnedTab = (positionals: ReadonlyArray<string>): boolean => refsIn(positionals).length === 0

export interface PinnedRun {
  readonly replied: Either.Either<UpstreamOutcome, UpstreamReplyError>
  /** The tabs right after the command (same process), for a command that may lose the focus. */
  readonly tabs?: ReadonlyArray<TabRow>
}

/** Runs the planned command inside its session's pinned tab; undefined when there is no (usable) pin. */
export const runPinned = (plan: Plan) =>
  Effect.gen(function*() {
    if (!isPinnable(plan) || plan.sessionName === undefined) return undefined
    const registry = yield* SessionRegistry
    const pinned = (yield* registry.view(plan.sessionName)).pinnedTab
    if (pinned === undefined) return undefined
    const commands = yield* SessionCommands
    const line = parseCommandLine(plan.args)
    // a command that may let another tab take the focus lists the tabs after it (L17, focusRestore.ts)
    const listTabs = mayLoseFocus(plan.line.command)
    const select = selectsPinnedTab(line.positionals)
    const rows = yield* commands.batch(targetOf(plan), [...(select ? [["tab", pinned]] : []), line.positionals, ...(listTabs ? [["tab", "list"]] : [])], { timeoutMs: plan.timeoutMs, failFast: true })
    const [selected, row, listed] = select ? rows : [undefined, ...rows]
    if ((select && selected?.success !== true) || row === undefined) {
      yield* registry.dropPin(plan.sessionName)
      return undefined
    }
    const replied: Either.Either<UpstreamOutcome, UpstreamReplyError> = row.success
      ? Either.right({ kind: "single", data: row.result, warning: undefined })
      : Either.left(row.error)
    const tabs = tabsOf(listed)
    return { replied, ...(tabs !== undefined ? { tabs } : {}) } satisfies PinnedRun
  })
