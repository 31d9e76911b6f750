/**
 * A file a command claims to have saved, as a verification row (`verified`, `missing`, `unverified`, with why) and as
 * a manifest row; the path an upstream reply names.
 */
import * as Effect from "effect/Effect"
import type { FileFacts, VerificationRow } from "../../schema/Artifacts.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { extensionFormat, MEDIA_TYPE } from "../../upstream/imageFormat.js"

/** agent-browser 0.41 reports a diffPath even when the images match, but writes no diff image then. */
export const DIFF_MATCHED = "the images match, so agent-browser wrote no diff image"

export const claimedPath = (data: unknown): string | undefined => {
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
export const rowOf = (
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
export const recordSaved = (facts: FileFacts, kind: string, command: string) =>
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
