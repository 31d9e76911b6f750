/**
 * Nothing upstream claims to have saved is trusted until it is on disk: each artifact a command reports is checked
 * (exists, size, media type sniffed from content) and becomes a verification row: `verified`, `missing`, `pending`
 * (a recording until `record stop`) or `unverified` (empty file, or no path reported). A claimed file that is
 * absent fails the call (`artifact-missing`: a direct call here, a job/qa/batch step's in `verdictOf`); a download
 * (or a screenshot: the contract's repair of upstream temp output) that landed somewhere other than the requested
 * path is copied there, or the call fails (`download-not-verified`; a screenshot: `artifact-missing`).
 * Verified live screenshots come back inline (a job/qa/batch's last one).
 */
import { copyFileSync, mkdirSync } from "node:fs"
import { dirname } from "node:path"
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { ArtifactMissing, DownloadNotVerified } from "../../schema/ToolError.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import type { FileFacts } from "../../schema/Artifacts.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import type { StepRow } from "../../domain/Outcome.js"
import { findExecutable } from "../../os/nativeBinary.js"
import { INLINE_IMAGE_BYTES } from "../../presenters/details/details.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { VerificationRow, VerifiedArtifacts } from "../../schema/Artifacts.js"
import { claimedPath, DIFF_MATCHED, recordSaved, rowOf } from "./artifactRows.js"
import { FFMPEG_MISSING, startedRecording } from "./recordingArtifacts.js"

const DIRECT_SAVES = new Set(["download", "pdf", "state", "response-body"])
/** Files upstream may write to its own folder instead of the requested path: copied there (the contract's repair). */
const REPAIRED = new Set(["download", "screenshot"])
/**
 * Files written by successful batch steps (job/qa screenshots, downloads, …), each checked and recorded in the
 * manifest like a direct call's.
 */
const verifyBatchSteps = (rows: ReadonlyArray<StepRow>) =>
  Effect.gen(function* () {
    const store = yield* ArtifactStore
    const out: Array<VerificationRow> = []
    for (const row of rows) {
      if (!row.success || row.command === undefined) continue
      const line = parseCommandLine(row.command)
      const request = artifactRequest(line)
      if (request === undefined || request.pending || request.completesRecording) continue
      const requested = request.pathIndex !== undefined ? line.positionals[request.pathIndex] : undefined
      const path = claimedPath(row.result) ?? requested
      if (path === undefined) continue
      const facts = yield* store.inspect(path)
      const matched =
        !facts.exists && request.kind === "diff-image" && (row.result as { match?: unknown } | null)?.match === true
      out.push(rowOf(request.kind, facts, requested, matched ? DIFF_MATCHED : undefined))
      // in the session's manifest as a direct call's file is: close and a resumed session list it
      if (facts.exists) yield* recordSaved(facts, request.kind, line.command ?? request.kind)
    }
    return out
  })

const isImage = (row: VerificationRow): boolean =>
  row.kind === "screenshot" && row.state === "verified" && row.mediaType?.startsWith("image/") === true

/** A job/qa/batch's verified screenshots: all named (`imagePaths`), the last one inline, as a direct call's is. */
const withBatchImage = (rows: ReadonlyArray<VerificationRow>) =>
  Effect.gen(function* () {
    const shots = rows.filter(isImage)
    const last = shots.at(-1)
    const inline =
      last !== undefined ? yield* (yield* ArtifactStore).readBase64(last.path, INLINE_IMAGE_BYTES) : undefined
    return {
      rows,
      warnings: [],
      ...(shots.length > 0 ? { imagePaths: shots.map((s) => s.path) } : {}),
      ...(inline !== undefined && last?.mediaType !== undefined
        ? { image: { data: inline, mimeType: last.mediaType, path: last.path } }
        : {})
    } satisfies VerifiedArtifacts
  })

/** A download or screenshot upstream saved to its own folder: copied where the caller asked (the contract's repair). */
const copiedToRequested = (kind: string, path: string, requested: string, saved: FileFacts) =>
  Effect.gen(function* () {
    const store = yield* ArtifactStore
    let limitation: string | undefined
    let tempPath: string | undefined
    // Some upstream versions saved downloads (or screenshots) to their own folder: put the file where the caller asked.
    const target = yield* store.inspect(requested)
    if (!target.exists && saved.exists) {
      yield* Effect.sync(() => {
        mkdirSync(dirname(requested), { recursive: true })
        copyFileSync(path, requested)
      })
      limitation = `agent-browser saved it to ${path}; copied to the requested path`
      tempPath = path
    }
    const facts = yield* store.inspect(requested)
    if (!facts.exists && kind === "download")
      return yield* new DownloadNotVerified({ requestedPath: requested, reason: "elsewhere", reportedPath: path })
    return { facts, limitation, tempPath }
  })

/** A direct call's checked file: its row, a verified screenshot inline, and the saved file a download or pdf names. */
const directSaved = (kind: string, facts: FileFacts, row: VerificationRow, warnings: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const store = yield* ArtifactStore
    const inline =
      kind === "screenshot" && row.state === "verified" && facts.mediaType?.startsWith("image/") === true
        ? yield* store.readBase64(facts.path, INLINE_IMAGE_BYTES)
        : undefined
    return {
      rows: [row],
      warnings,
      ...(inline !== undefined && facts.mediaType !== undefined
        ? { image: { data: inline, mimeType: facts.mediaType, path: facts.path } }
        : {}),
      ...(DIRECT_SAVES.has(kind)
        ? {
            savedFile: {
              path: facts.path,
              kind: kind,
              ...(facts.sizeBytes !== undefined ? { sizeBytes: facts.sizeBytes } : {}),
              ...(facts.mediaType !== undefined ? { mediaType: facts.mediaType } : {})
            }
          }
        : {})
    } satisfies VerifiedArtifacts
  })

export const verifyArtifacts = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const none: VerifiedArtifacts = { rows: [], warnings: [] }
    if (outcome.kind === "batch") return yield* withBatchImage(yield* verifyBatchSteps(outcome.rows))
    const request = artifactRequest(plan.line)
    if (request === undefined || outcome.kind !== "single") return none
    const store = yield* ArtifactStore
    const registry = yield* SessionRegistry
    const config = yield* ToolConfig
    const session = plan.sessionName ?? ""
    const warnings: Array<string> = []
    const requested = request.pathIndex !== undefined ? plan.outputPath : undefined
    let claimed = claimedPath(outcome.data)

    const noFfmpeg = request.kind === "recording" && findExecutable("ffmpeg", config.env["PATH"]) === undefined
    if (noFfmpeg) warnings.push(FFMPEG_MISSING)
    if (request.pending) return yield* startedRecording(plan, claimed ?? requested, requested, warnings, noFfmpeg)
    if (request.completesRecording) {
      const started = yield* registry.takeRecording(session)
      claimed = claimed ?? started
    }
    const path = claimed ?? requested
    if (path === undefined) {
      return {
        rows: [
          {
            path: "",
            kind: request.kind,
            state: "unverified" as const,
            exists: false,
            limitation: "upstream reported success without a file path"
          }
        ],
        warnings
      }
    }

    const saved = yield* store.inspect(path)
    const repairs =
      REPAIRED.has(request.kind) && requested !== undefined && claimed !== undefined && claimed !== requested
    const { facts, limitation, tempPath } = repairs
      ? yield* copiedToRequested(request.kind, path, requested, saved)
      : { facts: saved, limitation: undefined, tempPath: undefined }
    if (
      !facts.exists &&
      request.kind === "diff-image" &&
      (outcome.data as { match?: unknown } | null)?.match === true
    ) {
      return { rows: [rowOf(request.kind, facts, requested, DIFF_MATCHED)], warnings }
    }
    if (!facts.exists) {
      return yield* request.kind === "download"
        ? new DownloadNotVerified({ requestedPath: path, reason: "no-file" })
        : new ArtifactMissing({ path, kind: request.kind })
    }
    const row = rowOf(request.kind, facts, requested, limitation, tempPath)
    yield* recordSaved(facts, request.kind, plan.line.command ?? request.kind)
    return yield* directSaved(request.kind, facts, row, warnings)
  })
