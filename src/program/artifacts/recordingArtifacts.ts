/**
 * Recordings: `record start`/`restart` leave a pending row (the file is written by `record stop`), a restart's
 * finished recording is checked like any saved file, and a missing ffmpeg is warned about before it fails the stop.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { RecordingDependencyWarning } from "../../schema/Artifacts.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { recordSaved, rowOf } from "./artifactRows.js"

/**
 * The recording `record restart` finished: a file like any saved one, or, not on disk, said without failing the
 * restart.
 */
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

export const FFMPEG_MISSING =
  "Recording dependency warning: ffmpeg not found on PATH; agent-browser needs it to encode recordings, " +
  "so `record stop` may fail to write the video."

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

/** A recording started (`record start`/`restart`): pending at `path`, after the one a restart finished. */
export const startedRecording = (
  plan: Plan,
  path: string | undefined,
  requested: string | undefined,
  warnings: ReadonlyArray<string>,
  noFfmpeg: boolean
) =>
  Effect.gen(function* () {
    const registry = yield* SessionRegistry
    const session = plan.sessionName ?? ""
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
  })
