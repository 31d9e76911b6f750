/**
 * Whether a call that ran did what was asked: a failed QA check, a failed job/qa/batch step (its own typed error,
 * unchanged), a file a step claimed to save that is not on disk (as a direct call's: artifact-missing), or an
 * outputPath that could not be written makes it a failure. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import { ArtifactMissing, QaFailed, UpstreamFailed, type UpstreamReplyError } from "../../schema/ToolError.js"
import { clickDispatchMessage } from "../../page/clickDispatch.js"
import { firstBatchFailure } from "../../upstream/classifyReply.js"

export const verdictOf = (executed: Executed): QaFailed | ArtifactMissing | UpstreamReplyError | undefined => {
  if (executed.qa !== undefined && !executed.qa.passed) {
    const missed = executed.qa.missedTexts
    const failedChecks = executed.qa.failedChecks
    return new QaFailed({ failedChecks, ...(missed !== undefined ? { missedTexts: missed } : {}) })
  }
  // a failed React step of a sourceLookup is evidence (status "unsupported"), not a failed call
  const rows =
    executed.outcome.kind !== "batch"
      ? []
      : executed.lookup?.mode === "sourceLookup"
        ? executed.outcome.rows.filter((r) => r.command[0] !== "react")
        : executed.outcome.rows
  const step = firstBatchFailure(rows)
  if (step !== undefined) return step.error
  // a missing row with a limitation says why no file is expected (matching diff images); any other fails closed
  const missing = executed.verified.rows.find((r) => r.state === "missing" && r.limitation === undefined)
  if (missing !== undefined) return new ArtifactMissing({ path: missing.path, kind: missing.kind })
  // a click upstream called done that never reached its target did not do what was asked
  const click = executed.clickDispatch
  if (click !== undefined)
    return new UpstreamFailed({ detail: clickDispatchMessage(click), stderr: "", exitCode: 0, clickDispatch: click })
  if (executed.outputFile?.status === "failed")
    return new ArtifactMissing({
      path: executed.outputFile.absolutePath,
      kind: "output",
      detail: executed.outputFile.error
    })
  return undefined
}
