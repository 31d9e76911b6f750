/**
 * The contract's `details.promptGuard`: a close refused because screenshots the user's prompt asked for, by exact
 * path, are not on disk yet. Machine-checkable only; broad intent ("do not submit") is the model's to follow.
 */
import * as Schema from "effect/Schema"

export const PromptGuard = Schema.Struct({
  reason: Schema.Literal("requested-artifacts-missing-before-close"),
  missingPaths: Schema.Array(Schema.String),
  summary: Schema.String
})
export type PromptGuard = typeof PromptGuard.Type
