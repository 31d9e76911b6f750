/**
 * Checked files as details show them: the contract's `artifacts[]` rows and the `artifactVerification` summary
 * (counts per state, and its rows with `absolutePath` and `status`). Pure.
 */
import { extname, isAbsolute, resolve } from "node:path"
import type { ArtifactRow } from "../../schema/ArtifactDetails.js"
import type { ArtifactVerification, SpillResult, VerificationRow, VerificationState } from "../../schema/Artifacts.js"

/** Where a row's file is: the session and cwd it was saved from (relative paths resolve against the cwd). */
export interface ArtifactContext {
  readonly cwd?: string | undefined
  readonly session?: string | undefined
}

const STATUS: Record<VerificationState, string> = {
  verified: "saved",
  missing: "missing",
  pending: "pending",
  unverified: "unverified"
}

const absoluteOf = (path: string, cwd: string | undefined): string | undefined =>
  path === "" ? undefined : isAbsolute(path) || cwd === undefined ? path : resolve(cwd, path)

/**
 * A row with its `status`, and its `absolutePath` where that is not the `path` already (persisted details stay small);
 * a pending recording's file does not exist yet, so no `exists`.
 */
export const verificationEntry = (row: VerificationRow, context: ArtifactContext): VerificationRow => {
  const { exists, ...rest } = row
  const absolutePath = row.absolutePath ?? absoluteOf(row.path, context.cwd)
  return {
    ...rest,
    ...(absolutePath !== undefined && absolutePath !== row.path ? { absolutePath } : {}),
    status: STATUS[row.state],
    ...(row.state !== "pending" && exists !== undefined ? { exists } : {})
  }
}

/** The contract's `artifacts[]` row of a checked file. */
export const artifactRow = (row: VerificationRow, context: ArtifactContext): ArtifactRow => {
  const entry = verificationEntry(row, context)
  const extension = extname(row.path)
  const absolutePath = row.path === "" ? undefined : (entry.absolutePath ?? row.path)
  return {
    kind: row.kind,
    artifactType: row.kind,
    path: row.path,
    ...(absolutePath !== undefined ? { absolutePath } : {}),
    ...(extension !== "" ? { extension } : {}),
    ...(row.requestedPath !== undefined ? { requestedPath: row.requestedPath } : {}),
    status: STATUS[row.state],
    ...(entry.exists !== undefined ? { exists: entry.exists } : {}),
    ...(row.sizeBytes !== undefined ? { sizeBytes: row.sizeBytes } : {}),
    ...(row.mediaType !== undefined ? { mediaType: row.mediaType } : {}),
    ...(context.cwd !== undefined ? { cwd: context.cwd } : {}),
    ...(context.session !== undefined ? { session: context.session } : {}),
    ...(row.tempPath !== undefined ? { tempPath: row.tempPath } : {}),
    ...(row.state === "pending" ? { recordingState: "openRecording" as const, willExistOnStop: true as const } : {})
  }
}

export const summarize = (
  rows: ReadonlyArray<VerificationRow>,
  context: ArtifactContext = {}
): ArtifactVerification => {
  const count = (state: VerificationState) => rows.filter((r) => r.state === state).length
  return {
    verified: rows.length > 0 && rows.every((r) => r.state === "verified"),
    verifiedCount: count("verified"),
    missingCount: count("missing"),
    pendingCount: count("pending"),
    unverifiedCount: count("unverified"),
    artifacts: rows.map((row) => verificationEntry(row, context))
  }
}

/**
 * A spill file the call wrote (the full text or raw snapshot behind a cut view) as a verification row: written by
 * the tool itself, so verified; a process-private one is ephemeral (removed when pi exits).
 */
const spillRow = (spill: SpillResult): VerificationRow => {
  const ephemeral = spill.storageScope === "process-temp"
  return {
    path: spill.path,
    kind: "spill",
    state: "verified",
    exists: true,
    sizeBytes: spill.sizeBytes,
    mediaType: "text/plain",
    storageScope: spill.storageScope,
    retentionState: ephemeral ? "ephemeral" : "live",
    ...(ephemeral ? { limitation: "a process-private spill file: removed when pi exits" } : {})
  }
}

/** The call's files and its spill files in one `artifactVerification` (absent when there is neither). */
export const verificationOf = (
  rows: ReadonlyArray<VerificationRow>,
  spills: ReadonlyArray<SpillResult>,
  context: ArtifactContext
): ArtifactVerification | undefined =>
  rows.length + spills.length === 0 ? undefined : summarize([...rows, ...spills.map(spillRow)], context)
