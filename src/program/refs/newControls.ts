/**
 * The refs of the controls an action made appear (a dialog's fields, a menu's items, a form's next step), so the model
 * can act on them without a `snapshot -i` of its own: when the action's page read counted controls among what appeared
 * (page/appearedText.ts), one fresh `snapshot -i` of the page (recorded as the session's latest refs: upstream keeps a
 * node's ref across snapshots, so the model's other refs stay valid) gives the refs the model's last snapshot of this
 * page did not have. Nothing is looked up when the model has no snapshot (there is no "before" to tell the new ones
 * by); nothing is said when the look fails or finds another page. For a click (page/clickCommand.ts) and every
 * probed command whose read watches what appeared (probedCommand.ts: a key press, typing, hover, focus, a drag).
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { ActionEffects } from "../../domain/ActionEffects.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { OriginReply, readPayload, SnapshotText } from "../../schema/UpstreamPayloads.js"
import type { CommandError } from "../../services/SessionCommands.js"
import { samePage } from "../../session/refPreflight.js"
import { recordedFreshRefs } from "./freshRefs.js"

/** The look's budget: one interactive snapshot. */
const LOOK_TIMEOUT_MS = 5_000
/** At most this many new controls are named; the rest are counted. */
const NAMED = 8
/** Roles that hold other controls (a listbox its options, a menu its items). */
const CONTAINERS = new Set(["listbox", "menu", "menubar", "tablist", "radiogroup", "group", "grid", "tree", "toolbar"])

/**
 * The effects with `newControls` added when the action made controls appear on the page the model's refs came from;
 * the effects as they are otherwise.
 */
export const withNewControls = (
  plan: Plan,
  session: string,
  before: RefSnapshot | undefined,
  effects: ActionEffects | undefined
) =>
  Effect.gen(function* () {
    const appeared = effects?.controlsAppeared ?? 0
    // refs from before a navigation are all gone: every ref now would read as new
    const gone = before === undefined || before.invalidated !== undefined || before.changedSince?.navigated === true
    if (effects === undefined || appeared === 0 || gone) return effects
    const fresh = yield* Effect.orElseSucceed(
      recordedFreshRefs(plan, session, Math.min(LOOK_TIMEOUT_MS, plan.timeoutMs)),
      () => undefined
    )
    // the refs the model holds are of another page (it moved on): nothing to tell the new ones by
    const origin = fresh === undefined ? undefined : readPayload(OriginReply, fresh.data, (d) => d.origin)
    if (fresh === undefined || origin === undefined || !samePage(before.url, origin)) return effects
    // snapshot -i also lists headings: they are not controls; in the page's order (ref numbers follow another)
    const tree = readPayload(SnapshotText, fresh.data, (d) => d.snapshot) ?? ""
    const at = (id: string) => tree.indexOf(`ref=${id}]`)
    const shown = [...fresh.refs.entries()]
      .filter(([id, r]) => !before.refs.has(id) && r.role !== "heading")
      .sort(([a], [b]) => at(a) - at(b))
    // an unnamed list around the items named beside it (`listbox [ref=e21]` above its options) says nothing they do not
    const items = shown.some(([, r]) => !CONTAINERS.has(r.role))
    const added = items ? shown.filter(([, r]) => !(CONTAINERS.has(r.role) && r.name.trim() === "")) : shown
    if (added.length === 0) return effects
    const first = added.slice(0, NAMED).map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
    return { ...effects, newControls: { count: added.length, first } } satisfies ActionEffects
  })

/** A command's reply with the refs of the controls it made appear, when it made some appear. */
export const withNewControlsReplied = (
  plan: Plan,
  session: string,
  refs: RefSnapshot | undefined,
  replied: Either.Either<UpstreamOutcome, CommandError>
) =>
  Effect.gen(function* () {
    const outcome = Either.isRight(replied) ? replied.right : undefined
    if (outcome?.kind !== "single" || (outcome.effects?.controlsAppeared ?? 0) === 0) return replied
    const effects = yield* withNewControls(plan, session, refs, outcome.effects)
    return effects === outcome.effects || effects === undefined ? replied : Either.right({ ...outcome, effects })
  })
