/** Artifact follow-ups: wait for a download, use a saved file, check a reported path. */
import { ArtifactIds as A } from "../../../schema/NextActionIds.js"
import type { NextAction } from "../../../schema/NextAction.js"
import { make, withSession } from "./make.js"

export const artifactNextActions = {
  waitForDownload: (session: string | undefined, path: string) =>
    make(
      A.waitForDownload,
      "Wait for the download to finish and save it to the path (a finished one is picked up too).",
      withSession(session, ["wait", "--download", ...(path !== "" ? [path] : [])]),
      {
        safety: "Waits up to the call's timeout when no download comes."
      }
    ),
  /** No tool call: the host's file tools check the path (the contract's `artifactPath` form). */
  useSavedArtifact: (path: string): NextAction => ({
    tool: "agent_browser",
    id: A.useSavedArtifact,
    reason: "Saved and verified on disk (see artifactVerification): read or attach it with file tools.",
    artifactPath: path
  }),
  verifyArtifactPath: (path: string): NextAction => ({
    tool: "agent_browser",
    id: A.verifyArtifactPath,
    reason: "The reported file is not on disk: check the path with file tools before using it, then save again.",
    artifactPath: path
  })
} as const
