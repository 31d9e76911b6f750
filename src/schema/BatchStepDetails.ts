import * as Schema from "effect/Schema"
import { ArtifactRow, ArtifactVerification } from "./ArtifactDetails.js"
import { FailureCategory, ResultCategory, SuccessCategory } from "./Categories.js"
import { optional } from "./exactOptional.js"
import { NextAction } from "./NextAction.js"

const Strings = Schema.Array(Schema.String)

/**
 * One step of a batch/job/qa run: its own result category (`successCategory` from the file it saved, if any), the
 * file it saved (`artifacts`, `artifactVerification` of that file, `artifactPaths`) or why it failed, and its own
 * `nextActions` (the saved file to use; on the failed step, the call's recovery).
 */
export const BatchStepDetails = Schema.Struct({
  index: Schema.Number,
  command: Strings,
  resultCategory: ResultCategory,
  successCategory: optional(SuccessCategory),
  artifactPaths: optional(Strings),
  artifacts: optional(Schema.Array(ArtifactRow)),
  artifactVerification: optional(ArtifactVerification),
  failureCategory: optional(FailureCategory),
  error: optional(Schema.String),
  nextActions: optional(Schema.Array(NextAction))
})
export type BatchStepDetails = typeof BatchStepDetails.Type

/** The first failed batch step, for branching without scanning batchSteps (`details.batchFailure`). */
export const BatchFailure = Schema.Struct({
  /** `nextActions`: the step's recovery, the same as the call's top-level `nextActions`. */
  failedStep: Schema.Struct({
    index: Schema.Number,
    command: Strings,
    failureCategory: FailureCategory,
    error: Schema.String,
    nextActions: optional(Schema.Array(NextAction))
  })
})
