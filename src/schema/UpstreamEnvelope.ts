/**
 * The JSON shapes agent-browser 0.41 prints with `--json` (reference §1.1), decoded into one normalized form.
 * Missing `error`/`data` mean null; `warning`, `code`, `type` and `_boundary` are optional siblings; `batch`
 * prints an array of step rows instead of an envelope.
 */
import * as Schema from "effect/Schema"

const NullableUnknown = Schema.optionalWith(Schema.Unknown, { default: () => null })
const NullableString = Schema.optionalWith(Schema.NullOr(Schema.String), { default: () => null })

export const SingleEnvelope = Schema.Struct({
  success: Schema.Boolean,
  data: NullableUnknown,
  error: NullableString,
  warning: Schema.optionalWith(Schema.String, { exact: true }),
  code: Schema.optionalWith(Schema.String, { exact: true }),
  type: Schema.optionalWith(Schema.String, { exact: true }),
  _boundary: Schema.optionalWith(Schema.Unknown, { exact: true })
})
export type SingleEnvelope = typeof SingleEnvelope.Type

export const BatchRow = Schema.Struct({
  command: Schema.optionalWith(Schema.Array(Schema.String), { exact: true }),
  index: Schema.optionalWith(Schema.Number, { exact: true }),
  success: Schema.Boolean,
  result: NullableUnknown,
  error: NullableString,
  /** A step that succeeded but left something the caller must know (an open dialog). */
  warning: Schema.optionalWith(Schema.String, { exact: true }),
  /** As on a single envelope: a step whose answer never came says `outcome_unknown` in its own row. */
  code: Schema.optionalWith(Schema.String, { exact: true })
})
export type BatchRow = typeof BatchRow.Type

export type UpstreamEnvelope =
  | { readonly kind: "single"; readonly envelope: SingleEnvelope }
  | { readonly kind: "batch"; readonly rows: ReadonlyArray<BatchRow> }
