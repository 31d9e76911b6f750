/**
 * What the wrapper checked after the command and did not find: a file, a download, the opened tab, QA checks, a
 * cleanup.
 */
import { nextActions } from "../actions/nextActions.js"
import { type FailureContext, type FailureOf, none } from "./failureContext.js"
import type { FormattedFailure } from "./timeFailures.js"

const artifactMissing = (e: FailureOf<"ArtifactMissing">, _: FailureContext): FormattedFailure => ({
  text:
    e.kind === "response-body"
      ? `The response body was not saved at ${e.path}: ${e.detail ?? "no file was written"}.`
      : e.detail !== undefined
        ? `The ${e.kind} file was not written at ${e.path}: ${e.detail}. The browser command itself ran; fix the ` +
          "path and save again."
        : `agent-browser reported a saved ${e.kind} at ${e.path}, but no file is there. Do not rely on it; retry ` +
          "with an absolute path.",
  summary: `${e.kind} missing: ${e.path}`,
  nextActions: e.kind === "download" || e.kind === "response-body" ? none : [nextActions.verifyArtifactPath(e.path)]
})

const downloadNotVerified = (e: FailureOf<"DownloadNotVerified">, { session }: FailureContext): FormattedFailure => ({
  text:
    `Download not verified${e.requestedPath !== "" ? ` at ${e.requestedPath}` : ""}: ${e.message}` +
    `${e.reason === "upstream" ? ". A download that started late is picked up by wait --download." : ""}`,
  summary: "Download not verified",
  nextActions: [nextActions.waitForDownload(session, e.requestedPath)]
})

const tabDrift = (e: FailureOf<"TabDrift">, { session }: FailureContext): FormattedFailure => ({
  text:
    `The page opened (${e.expectedUrl}), but the active tab shows ${e.observedUrl} and no tab with the opened ` +
    "page could be selected. Run tab list, select the right tab with tab <id>, then snapshot -i.",
  summary: "Tab drift",
  nextActions: [
    nextActions.listTabsForDrift(session, e.observedUrl),
    ...(e.intendedTabId !== undefined
      ? [nextActions.selectIntendedTab(session, e.intendedTabId), nextActions.snapshotAfterTabRecovery(session)]
      : [])
  ]
})

const qaFailed = (e: FailureOf<"QaFailed">, { session }: FailureContext): FormattedFailure => ({
  text: `QA checks failed: ${e.failedChecks.join("; ")}`,
  summary: `QA failed (${e.failedChecks.length})`,
  // an expected text that is not there: what the page shows instead is the next thing to read
  nextActions: (e.missedTexts ?? []).length > 0 ? [nextActions.inspectAfterTextAssertion(session)] : none
})

const cleanupFailed = (e: FailureOf<"CleanupFailed">, _: FailureContext): FormattedFailure => ({
  text: `Could not clean up ${e.resource}: ${e.message}`,
  summary: `Cleanup failed: ${e.resource}`,
  nextActions: none
})

/** This file's categories, for `formatFailure`'s table (each entered only for its own error). */
export const checkFailures = {
  ArtifactMissing: artifactMissing,
  DownloadNotVerified: downloadNotVerified,
  TabDrift: tabDrift,
  QaFailed: qaFailed,
  CleanupFailed: cleanupFailed
}
