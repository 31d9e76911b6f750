/**
 * After a snapshot: the session's latest refs with role and name (`refs`, within a budget: `refsOmitted` says how
 * many more), their page target, and the file at `path` that holds every one (a resume reads it back). The shape of
 * `details.refSnapshot` and of `overlayBlockers.snapshot`.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

export const RefSnapshotDetails = Schema.Struct({
  session: Schema.String,
  url: Schema.String,
  refCount: Schema.Number,
  refs: optional(
    Schema.Record({ key: Schema.String, value: Schema.Struct({ role: Schema.String, name: Schema.String }) })
  ),
  refsOmitted: optional(Schema.Number),
  path: Schema.String,
  /** The contract's page target of the refs (`refSnapshot.target.url`). */
  target: optional(Schema.Struct({ url: Schema.String }))
})
export type RefSnapshotDetails = typeof RefSnapshotDetails.Type

/** A saved ref map as the details show it. */
export const refSnapshotDetailsOf = (record: Omit<RefSnapshotDetails, "target">): RefSnapshotDetails => ({
  ...record,
  target: { url: record.url }
})
