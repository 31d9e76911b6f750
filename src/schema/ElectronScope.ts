/**
 * Softer warnings for ordinary calls in a wrapper-launched Electron app's session: a `get text` whose selector reads
 * the whole app shell, and an `@e…` mutation after which the app may have re-rendered without changing its URL.
 */
import * as Schema from "effect/Schema"

export const ElectronScopeContext = Schema.Struct({
  launchId: Schema.optional(Schema.String),
  sessionName: Schema.optional(Schema.String),
  url: Schema.optional(Schema.String)
})

/** The contract's `electronGetTextScopeWarning`. */
export const ElectronGetTextScopeWarning = Schema.Struct({
  selector: Schema.String,
  summary: Schema.String,
  electronContext: ElectronScopeContext
})
export type ElectronGetTextScopeWarning = typeof ElectronGetTextScopeWarning.Type

/** The contract's `electronRefFreshness` (its shape is ours: the contract names only the field). */
export const ElectronRefFreshness = Schema.Struct({
  refs: Schema.Array(Schema.String),
  command: Schema.String,
  summary: Schema.String,
  electronContext: ElectronScopeContext
})
export type ElectronRefFreshness = typeof ElectronRefFreshness.Type
