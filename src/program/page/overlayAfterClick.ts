/**
 * Overlay blockers after a click (R4): a click upstream confirmed (`data.clicked`) that stayed on the URL it started
 * on (fragment aside), with no dispatch diagnostic and no tab re-selected around it, whose read counted a modal dialog
 * it opened (page/dialogsOpened.ts), is followed by one full `snapshot` (in the pinned tab when there is one): the
 * open dialogs and their close/dismiss controls with fresh refs (snapshot/overlayBlockers.ts). That snapshot becomes
 * the session's ref map, so the candidates' refs are current. One more process, only after such a click: a full
 * snapshot in every click's own batch would cost every click the page's whole tree. A snapshot that fails or shows no
 * dismiss control adds nothing.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { OverlayBlockers } from "../../schema/PageDiagnostics.js"
import type { Plan } from "../../domain/Plan.js"
import { ClickedReply, readPayload, SnapshotText } from "../../schema/UpstreamPayloads.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { overlayBlockersOf } from "../../snapshot/overlayBlockers.js"
import { samePage } from "../../session/refPreflight.js"
import { targetOf } from "../../session/planRun.js"
import type { ClickRun } from "./clickCommand.js"

/** A full snapshot of a page that just opened a dialog answers at once. */
const SNAPSHOT_TIMEOUT_MS = 10_000

export interface OverlayAfterClick {
  readonly overlayBlockers: OverlayBlockers
  /** The snapshot's data (its refs become the session's). */
  readonly snapshot: unknown
}

/** `startedOn`: the session's page before the click. */
export const overlayAfterClick = (plan: Plan, clicked: ClickRun | undefined, startedOn: string | undefined) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    if (
      session === undefined ||
      clicked?.dialogsOpened === undefined ||
      clicked.page === undefined ||
      startedOn === undefined ||
      !samePage(startedOn, clicked.page.url)
    )
      return undefined
    // upstream said what it clicked (the contract's `data.clicked`)
    if (
      Either.isLeft(clicked.replied) ||
      clicked.replied.right.kind !== "single" ||
      readPayload(ClickedReply, clicked.replied.right.data, (d) => d.clicked) === undefined
    )
      return undefined
    const pinned = (yield* (yield* SessionRegistry).view(session)).pinnedTab
    const rows = yield* Effect.either(
      (yield* SessionCommands).batch(
        targetOf(plan),
        [...(pinned !== undefined ? [["tab", pinned]] : []), ["snapshot"]],
        { timeoutMs: SNAPSHOT_TIMEOUT_MS, failFast: true }
      )
    )
    const row = Either.isRight(rows) ? rows.right.at(-1) : undefined
    if (row?.success !== true || row.command[0] !== "snapshot") return undefined
    const tree = readPayload(SnapshotText, row.result, (d) => d.snapshot)
    const overlay = tree !== undefined ? overlayBlockersOf(tree) : undefined
    return overlay !== undefined
      ? ({ overlayBlockers: overlay, snapshot: row.result } satisfies OverlayAfterClick)
      : undefined
  })
