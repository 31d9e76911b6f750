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
import { extensionFormat, MEDIA_TYPE } from "../../upstream/imageFormat.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import type { StepRow } from "../../domain/Outcome.js"
import { findExecutable } from "../../os/nativeBinary.js"
import { INLINE_IMAGE_BYTES } from "../../presenters/details/budgets.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { RecordingDependencyWarning, VerificationRow, VerifiedArtifacts } from "../../schema/Artifacts.js"

const DIRECT_SAVES = new Set(["download", "pdf", "state", "response-body"])
/** Files upstream may write to its own folder instead of the requested path: copied there (the contract's repair). */
const REPAIRED = new Set(["download", "screenshot"])
/** agent-browser 0.41 reports a diffPath even when the images match, but writes no diff image then. */
const DIFF_MATCHED = "the images match, so agent-browser wrote no diff image"

const claimedPath = (data: unknown): string | undefined => {
  if (data === null || typeof data !== "object") return undefined
  const d = data as Record<string, unknown>
  const value = d["path"] ?? d["outputPath"] ?? d["output"] ?? d["diffPath"] ?? d["file"]
  return typeof value === "string" && value !== "" ? value : undefined
}

/**
 * An image whose name asks for another format than its bytes are (a batch step's `screenshot x.webp`: agent-browser
 * writes a PNG under that name): not verified, saying so; a direct call's file is converted first (screenshotImage.ts).
 */
const misnamed = (kind: string, facts: FileFacts): string | undefined => {
  const named = extensionFormat(facts.path)
  if (kind !== "screenshot" || !facts.exists || named === undefined || facts.mediaType === undefined) return undefined
  if (facts.mediaType === MEDIA_TYPE[named]) return undefined
  return (
    `the file is ${facts.mediaType} under a .${named} name ` +
    "(agent-browser writes PNG or JPEG; a screenshot call of its own converts it)"
  )
}

const misnamedAs = (kind: string, facts: FileFacts): { readonly limitation?: string } => {
  const why = misnamed(kind, facts)
  return why !== undefined ? { limitation: why } : {}
}

/** `requestedPath`: the path the caller's argv asked for; `tempPath`: where upstream wrote it before it was copied. */
const rowOf = (
  kind: string,
  facts: FileFacts,
  requestedPath: string | undefined,
  limitation?: string,
  tempPath?: string
): VerificationRow => ({
  path: facts.path,
  kind,
  state: !facts.exists
    ? "missing"
    : (facts.sizeBytes ?? 0) === 0 || misnamed(kind, facts) !== undefined
      ? "unverified"
      : "verified",
  exists: facts.exists,
  ...(requestedPath !== undefined ? { requestedPath } : {}),
  ...(tempPath !== undefined ? { tempPath } : {}),
  ...(facts.sizeBytes !== undefined ? { sizeBytes: facts.sizeBytes } : {}),
  ...(facts.mediaType !== undefined ? { mediaType: facts.mediaType } : {}),
  ...(limitation !== undefined
    ? { limitation }
    : facts.exists && (facts.sizeBytes ?? 0) === 0
      ? { limitation: "the file is empty" }
      : misnamedAs(kind, facts))
})

/** A file a command saved, as a manifest row (metadata only). */
const recordSaved = (facts: FileFacts, kind: string, command: string) =>
  Effect.flatMap(ArtifactStore, (store) =>
    store.record({
      path: facts.path,
      kind,
      command,
      storageScope: "explicit-path",
      retentionState: "live",
      ...(facts.sizeBytes !== undefined ? { sizeBytes: facts.sizeBytes } : {}),
      ...(facts.mediaType !== undefined ? { mediaType: facts.mediaType } : {}),
      recordedAt: new Date().toISOString()
    })
  )

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

/** The recording `record restart` finished: a file like any saved one, or, not on disk, said without failing the restart. */
const finishedRecording = (path: string) =>
  Effect.gen(function* () {
    const facts = yield* (yield* ArtifactStore).inspect(path)
    if (facts.exists) yield* recordSaved(facts, "recording", "record")
    return rowOf(
      "recording",
      facts,
      undefined,
      facts.exists
        ? `saved the previous recording ${path}, finished by record restart`
        : `the previous recording ${path}, finished by record restart, is not on disk (is ffmpeg on PATH?)`
    )
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

const FFMPEG_MISSING =
  "Recording dependency warning: ffmpeg not found on PATH; agent-browser needs it to encode recordings, so `record stop` may fail to write the video."

const ffmpegWarning = (command: string): RecordingDependencyWarning => ({
  reason: "ffmpeg-missing-for-recording",
  dependency: "ffmpeg",
  command,
  message: FFMPEG_MISSING,
  recommendations: [
    "Install ffmpeg (Debian: apt-get install -y ffmpeg) and put it on the PATH pi runs with, then record again.",
    "Use screenshots instead if a video is not required."
  ]
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
    if (request.pending) {
      const path = claimed ?? requested
      // record restart finished the recording the session had open: that file, checked, before the new pending one
      const previous = plan.line.positionals[1] === "restart" ? yield* registry.takeRecording(session) : undefined
      const finished = previous !== undefined && previous !== path ? [yield* finishedRecording(previous)] : []
      if (path !== undefined) yield* registry.startRecording(session, path)
      return {
        rows: [
          ...finished,
          ...(path === undefined
            ? []
            : [
                {
                  path,
                  kind: "recording",
                  state: "pending" as const,
                  exists: false,
                  ...(requested !== undefined ? { requestedPath: requested } : {}),
                  limitation: "recording in progress: the file is written by record stop"
                }
              ])
        ],
        warnings,
        ...(noFfmpeg ? { recordingDependencyWarning: ffmpegWarning(plan.line.positionals.slice(0, 2).join(" ")) } : {})
      }
    }
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

    let facts = yield* store.inspect(path)
    let limitation: string | undefined
    let tempPath: string | undefined
    if (REPAIRED.has(request.kind) && requested !== undefined && claimed !== undefined && claimed !== requested) {
      // Some upstream versions saved downloads (or screenshots) to their own folder: put the file where the caller asked.
      const target = yield* store.inspect(requested)
      if (!target.exists && facts.exists) {
        yield* Effect.sync(() => {
          mkdirSync(dirname(requested), { recursive: true })
          copyFileSync(path, requested)
        })
        limitation = `agent-browser saved it to ${path}; copied to the requested path`
        tempPath = path
      }
      facts = yield* store.inspect(requested)
      if (!facts.exists && request.kind === "download")
        return yield* new DownloadNotVerified({ requestedPath: requested, reason: "elsewhere", reportedPath: path })
    }
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
    const inline =
      request.kind === "screenshot" && row.state === "verified" && facts.mediaType?.startsWith("image/") === true
        ? yield* store.readBase64(facts.path, INLINE_IMAGE_BYTES)
        : undefined
    return {
      rows: [row],
      warnings,
      ...(inline !== undefined && facts.mediaType !== undefined
        ? { image: { data: inline, mimeType: facts.mediaType, path: facts.path } }
        : {}),
      ...(DIRECT_SAVES.has(request.kind)
        ? {
            savedFile: {
              path: facts.path,
              kind: request.kind,
              ...(facts.sizeBytes !== undefined ? { sizeBytes: facts.sizeBytes } : {}),
              ...(facts.mediaType !== undefined ? { mediaType: facts.mediaType } : {})
            }
          }
        : {})
    } satisfies VerifiedArtifacts
  })
