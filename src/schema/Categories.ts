/**
 * The closed vocabularies of the result contract. A new spelling is a deliberate edit here, never a string that
 * merely compiles somewhere else: agents branch on these values instead of parsing prose.
 */
import * as Schema from "effect/Schema"

export const FailureCategory = Schema.Literal(
  "aborted",
  "artifact-missing",
  "cleanup-failed",
  "confirmation-required",
  "download-not-verified",
  "missing-binary",
  "parse-failure",
  "policy-blocked",
  "qa-failure",
  "selector-not-found",
  "selector-unsupported",
  "stale-ref",
  "tab-drift",
  "timeout",
  "upstream-error",
  "validation-error"
)
export type FailureCategory = typeof FailureCategory.Type

export const SuccessCategory = Schema.Literal("completed", "artifact-saved", "artifact-unverified", "inspection")
export type SuccessCategory = typeof SuccessCategory.Type

export const ResultCategory = Schema.Literal("success", "failure")
export type ResultCategory = typeof ResultCategory.Type
