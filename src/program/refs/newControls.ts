/**
 * The refs of the controls an action made appear (a dialog's fields, a menu's items, a form's next step), so the model
 * can act on them without a `snapshot -i` of its own: when the action's page read counted controls among what appeared
 * (page/appearedText.ts), one fresh `snapshot -i` of the page (recorded as the session's latest refs: upstream keeps a
 * node's ref across snapshots, so the model's other refs stay valid) gives the refs the model's last snapshot of this
 * page did not have. Nothing is looked up when the model has no snapshot of this page (there is no "before" to tell
 * the new ones by), and nothing is said when the look fails.
 */
import * as Effect from "effect/Effect"
import type { ActionEffects } from "../../domain/ActionEffects.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { readPayload, SnapshotText } from "../../schema/UpstreamPayloads.js"
import { samePage } from "../../session/refPreflight.js"
import { recordedFreshRefs } from "./freshRefs.js"

/** The look's budget: one interactive snapshot. */
const LOOK_TIMEOUT_MS = 5_000
/** At most this many new controls are named; the rest are counted. */
const NAMED = 8

/**
 * The effects with `newControls` added when the action made controls appear on the page the model's refs came from;
 * the effects as they are otherwise.
 */
export const withNewControls = (
  plan: Plan,
  session: string,
  before: RefSnapshot | undefined,
  pageUrl: string,
  effects: ActionEffects | undefined
) =>
  Effect.gen(function* () {
    const appeared = effects?.controlsAppeared ?? 0
    if (effects === undefined || appeared === 0 || before === undefined || before.invalidated !== undefined)
      return effects
    if (!samePage(before.url, pageUrl)) return effects
    const fresh = yield* Effect.orElseSucceed(
      recordedFreshRefs(plan, session, Math.min(LOOK_TIMEOUT_MS, plan.timeoutMs)),
      () => undefined
    )
    if (fresh === undefined) return effects
    // snapshot -i also lists headings: they are not controls; in the page's order (ref numbers follow another)
    const tree = readPayload(SnapshotText, fresh.data, (d) => d.snapshot) ?? ""
    const at = (id: string) => tree.indexOf(`ref=${id}]`)
    const added = [...fresh.refs.entries()]
      .filter(([id, r]) => !before.refs.has(id) && r.role !== "heading")
      .sort(([a], [b]) => at(a) - at(b))
    if (added.length === 0) return effects
    const first = added.slice(0, NAMED).map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
    return { ...effects, newControls: { count: added.length, first } } satisfies ActionEffects
  })
