/**
 * A follow-up the tool suggests (`details.nextActions`): exact tool params or a saved file's path, its stable id and
 * why; and the focus/click recovery after a fill miss, which never carries the fill text.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"
import { Job, SessionMode } from "./ToolInput.js"

const Strings = Schema.Array(Schema.String)

const NextActionBase = {
  tool: Schema.Literal("agent_browser"),
  /** Stable id from the nextActions registry; agents may branch on it. */
  id: Schema.String,
  reason: Schema.String,
  safety: optional(Schema.String)
}

/** Exact tool params, or (saved-file follow-ups) an `artifactPath` for the host's file tools and no params. */
export const NextAction = Schema.Struct({
  ...NextActionBase,
  artifactPath: optional(Schema.String),
  params: optional(
    Schema.Union(
      Schema.Struct({
        args: Strings,
        stdin: optional(Schema.String),
        sessionMode: optional(SessionMode),
        timeoutMs: optional(Schema.Number)
      }),
      /** A follow-up in the electron input mode (status, probe, cleanup of a launch): no args. */
      Schema.Struct({
        args: optional(Schema.Undefined),
        electron: Schema.Record({ key: Schema.String, value: Schema.Unknown })
      }),
      /** A follow-up in the job mode (a date field's short way): its steps, on this conversation's browser. */
      Schema.Struct({ args: optional(Schema.Undefined), job: Job }),
      /** A follow-up in another input mode (a failed request's source lookup): no args. */
      Schema.Struct({
        args: optional(Schema.Undefined),
        networkSourceLookup: Schema.Struct({ requestId: Schema.String, session: optional(Schema.String) })
      })
    )
  )
})
// an interface, so declarations name it rather than spell its whole shape at every builder (the package's size)
export interface NextAction extends Schema.Schema.Type<typeof NextAction> {}

/** After a fill miss with exact current editable refs: focus/click recovery that never carries the fill text. */
export const RichInputRecovery = Schema.Struct({
  candidates: Schema.Array(
    Schema.Struct({
      ref: Schema.String,
      role: Schema.String,
      name: Schema.String,
      focusArgs: Strings,
      clickArgs: Strings,
      reason: Schema.String
    })
  ),
  inputMethodHint: Schema.String,
  nextActionIds: Strings,
  summary: Schema.String,
  target: Schema.Struct({
    action: Schema.Literal("fill"),
    locator: optional(Schema.String),
    value: optional(Schema.String),
    name: optional(Schema.String)
  })
})
export type RichInputRecovery = typeof RichInputRecovery.Type

/** After a locator miss: current refs that exactly match the intended target (`details.visibleRefFallback`). */
export const VisibleRefFallback = Schema.Struct({
  candidates: Schema.Array(
    Schema.Struct({
      ref: Schema.String,
      role: Schema.String,
      name: Schema.String,
      args: optional(Strings),
      reason: Schema.String
    })
  ),
  snapshot: Schema.Struct({ args: Strings, matchedRefs: Schema.Number }),
  summary: Schema.String,
  target: Schema.Struct({
    action: Schema.String,
    locator: optional(Schema.String),
    value: optional(Schema.String),
    name: optional(Schema.String),
    text: optional(Schema.String)
  })
})
