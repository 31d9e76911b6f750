/** Counts of an artifact verification, per state. Pure. */
import type { ArtifactVerification, VerificationRow, VerificationState } from "../../schema/Artifacts.js"

export const summarize = (rows: ReadonlyArray<VerificationRow>): ArtifactVerification => {
  const count = (state: VerificationState) => rows.filter((r) => r.state === state).length
  return {
    verified: rows.length > 0 && rows.every((r) => r.state === "verified"),
    verifiedCount: count("verified"),
    missingCount: count("missing"),
    pendingCount: count("pending"),
    unverifiedCount: count("unverified"),
    artifacts: rows
  }
}
