/**
 * A result's next actions, each call offered once: when two families name the same follow-up (a fill check's
 * `inspect-after-fill-verification` and the mutation's `inspect-after-mutation` are both `snapshot -i`), one entry
 * stays, where the first of them stood: the one that says why (not the generic look after any mutation or element
 * miss). Same call: the same params (args, stdin, mode) or the same file. Pure.
 */
import { PageChangeIds as P, SelectorRecoveryIds as SR } from "../../schema/NextActionIds.js"
import type { NextAction } from "../../schema/NextAction.js"

/** Ids any mutation or element miss offers: a repeat of a more specific follow-up's call gives way to it. */
const GENERIC: ReadonlySet<string> = new Set([P.inspectAfterMutation, SR.refreshInteractiveRefs])

const callOf = (action: NextAction): string =>
  JSON.stringify({ params: action.params ?? null, artifactPath: action.artifactPath ?? null })

export const distinctActions = (actions: ReadonlyArray<NextAction>): ReadonlyArray<NextAction> => {
  const chosen = new Map<string, NextAction>()
  for (const action of actions) {
    const call = callOf(action)
    const held = chosen.get(call)
    if (held === undefined || (GENERIC.has(held.id) && !GENERIC.has(action.id))) chosen.set(call, action)
  }
  // Map keeps the first insertion's position for each call
  return [...chosen.values()]
}
