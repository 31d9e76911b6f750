/**
 * A fill's field the read-back could not see (a cross-origin frame, a closed shadow root, a canvas): said to be not
 * verifiable, with nothing claimed about what it holds. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { FillNotVerifiable } from "../schema/PageDiagnostics.js"
import { type FillTarget, Readback } from "./fillReadback.js"

const UNSEEN = {
  frame: { reason: "cross-origin-frame", where: "inside a cross-origin frame" },
  shadow: { reason: "closed-shadow-root", where: "inside a web component's closed shadow root" },
  canvas: { reason: "canvas", where: "drawn on a canvas" }
} as const

/** The fill's field, when the read-back could not see it (nothing is claimed about what it holds). */
export const fillNotVerifiableOf = (
  target: FillTarget,
  read: unknown,
  stepIndex?: number
): FillNotVerifiable | undefined => {
  const back = Option.getOrUndefined(Schema.decodeUnknownOption(Readback)(read))
  if (back === undefined || !("unverifiable" in back)) return undefined
  const unseen = UNSEEN[back.unverifiable]
  const shown = target.selector ?? "the focused field"
  return {
    status: "not-verifiable",
    reason: unseen.reason,
    target: shown,
    ...(stepIndex !== undefined ? { stepIndex } : {}),
    summary: `not verifiable: ${shown} is ${unseen.where}, which a page read cannot see (a screenshot can).`
  }
}
