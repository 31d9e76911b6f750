/**
 * What a call did to its session, as pure rules: the state transitions after a success, the managed session's outcome
 * (`managedSessionOutcome`), and the session's last known page.
 */
import type { ManagedSessionOutcome, ManagedSessionStatus } from "../domain/Executed.js"
import type { UpstreamOutcome } from "../domain/Outcome.js"
import type { LastPage } from "../domain/PageFacts.js"
import type { Plan } from "../domain/Plan.js"
import { managedNameFor, type ManagedSession, type SessionState } from "../domain/SessionState.js"
import { changesPage } from "../upstream/commandEffects.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { isClose, mayNavigate } from "../upstream/commandPolicy.js"

/** Pure session-state transitions after a successful call. */
export interface Transition {
  readonly next: SessionState
  /** A managed session that the new state no longer follows and that should be closed. */
  readonly replaced: ManagedSession | undefined
}

export const afterSuccess = (state: SessionState, plan: Plan): Transition => {
  if (plan.sessionRole === "fresh" && plan.sessionName !== undefined) {
    return {
      next: {
        ...state,
        generation: state.generation + 1,
        managed: { name: plan.sessionName, active: true, launchFlags: plan.launchFlags }
      },
      replaced: state.managed.active ? state.managed : undefined
    }
  }
  if (plan.sessionRole === "managed") {
    if (isClose(plan.line)) {
      // A closed managed browser is gone: the next call launches under a new name (no stale upstream files).
      const generation = state.generation + 1
      return {
        next: {
          ...state,
          generation,
          managed: { name: managedNameFor(state.baseName, generation), active: false, launchFlags: [] }
        },
        replaced: undefined
      }
    }
    if (!state.managed.active) {
      return {
        next: { ...state, managed: { ...state.managed, active: true, launchFlags: plan.launchFlags } },
        replaced: undefined
      }
    }
  }
  return { next: state, replaced: undefined }
}

/**
 * The managed-session transition of one call, from the registry's state before and after it (the contract's
 * `managedSessionOutcome`). Only calls on an extension-managed session have one: the implicit session, a fresh
 * launch, or an explicit `--session <current managed name> close`; user-managed sessions and sessionless calls do
 * not. Pure.
 */
const statusOf = (plan: Plan, before: SessionState, succeeded: boolean): ManagedSessionStatus => {
  if (plan.sessionRole === "fresh")
    return succeeded
      ? before.managed.active
        ? "replaced"
        : "created"
      : before.managed.active
        ? "preserved"
        : "abandoned"
  if (succeeded && isClose(plan.line)) return "closed"
  return succeeded && !before.managed.active ? "created" : "unchanged"
}

export const sessionOutcomeOf = (
  plan: Plan,
  before: SessionState,
  after: SessionState,
  succeeded: boolean
): ManagedSessionOutcome | undefined => {
  const attempted = plan.sessionName
  if (attempted === undefined) return undefined
  const managedCall = plan.sessionRole === "managed" || plan.sessionRole === "fresh"
  const closesManaged = plan.sessionRole === "explicit" && attempted === before.managed.name && isClose(plan.line)
  if (!managedCall && !closesManaged) return undefined
  const status = statusOf(plan, before, succeeded)
  return {
    status,
    sessionMode: plan.sessionRole === "fresh" ? "fresh" : "auto",
    attemptedSessionName: attempted,
    previousSessionName: before.managed.name,
    currentSessionName: after.managed.name,
    ...(status === "replaced" ? { replacedSessionName: before.managed.name } : {}),
    activeBefore: before.managed.active,
    activeAfter: status === "closed" ? false : after.managed.active,
    succeeded
  }
}

/**
 * The session's last known page: what a call's own reply says about where the page is now, and whether a page read
 * after a call differs from it. A result states `Page:` (or a snapshot's origin) only when it carries news. Pure.
 */
const asData = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** `tab` / `tab list` only read the tabs. */
const isTabList = (positionals: ReadonlyArray<string>): boolean => {
  const at = positionals.indexOf("tab")
  return at >= 0 && (positionals[at + 1] === undefined || positionals[at + 1] === "list")
}

/** The page one command's reply names, if any. */
const pageIn = (command: string | undefined, data: Record<string, unknown>): LastPage | undefined => {
  const url =
    typeof data["url"] === "string"
      ? data["url"]
      : command === "snapshot" && typeof data["origin"] === "string"
        ? data["origin"]
        : undefined
  if (url === undefined || url === "" || (command !== "snapshot" && !changesPage(command))) return undefined
  return typeof data["title"] === "string" && command !== "tab" ? { url, title: data["title"] } : { url }
}

/**
 * Where the session is after a call: the page read after it (`navigation`), the page its reply names, `null` when it
 * may have navigated without saying where, or `undefined` when it did not move (keep the previous page).
 */
export const pageAfter = (
  positionals: ReadonlyArray<string>,
  outcome: UpstreamOutcome,
  navigation: LastPage | undefined,
  previous: LastPage | undefined
): LastPage | null | undefined => {
  if (navigation !== undefined) return navigation
  const steps =
    outcome.kind === "batch"
      ? outcome.rows.map((row) => ({ positionals: row.command, data: row.success ? asData(row.result) : undefined }))
      : outcome.kind === "single"
        ? [{ positionals, data: asData(outcome.data) }]
        : []
  let page: LastPage | null | undefined = undefined
  for (const step of steps) {
    const line = parseCommandLine(step.positionals)
    const named = step.data !== undefined ? pageIn(line.command, step.data) : undefined
    const known: LastPage | undefined = page === undefined ? previous : (page ?? undefined)
    if (named !== undefined) page = named.title === undefined && known?.url === named.url ? known : named
    else if (mayNavigate(line) || (changesPage(line.command) && !isTabList(step.positionals))) page = null
  }
  return page
}

/** Whether `now` is news against the page known before the call (an unknown title is not a change). */
export const pageChanged = (before: LastPage | undefined, now: LastPage): boolean =>
  before === undefined ||
  before.url !== now.url ||
  (before.title !== undefined && now.title !== undefined && before.title !== now.title)
