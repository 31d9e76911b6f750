/**
 * Artifact success of the deterministic benchmark: saves whose upstream writes the file (a PNG screenshot, a
 * downloaded text file) must come back `artifact-saved`; a save upstream claims but never writes must not. The
 * share is saved-and-verified over the saves whose file was written.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import { runToResult } from "../../../program/call/ToolCall.js"
import type { RunRequest } from "../../../services/ProcessRunner.js"
import { FakeAgentBrowser, type ScriptedRun } from "../FakeAgentBrowser.js"
import { BENCH_CALL, inWorld } from "./benchWorld.js"

export interface ArtifactOutcome {
  readonly name: string
  /** Whether the fake upstream wrote the file it reports. */
  readonly written: boolean
  /** The result's category (successCategory or failureCategory). */
  readonly category: string
}

/** A one-pixel PNG: what a screenshot file starts with is checked. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

const saving = (verb: string, bytes: Buffer | undefined): ScriptedRun => ({
  when: (r) => r.args.includes(verb),
  repeat: true,
  reply: (r: RunRequest) => {
    const path = r.args.at(-1) ?? ""
    if (bytes !== undefined) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, bytes)
    }
    return FakeAgentBrowser.ok({ path })
  }
})

const SAVES: ReadonlyArray<{
  readonly name: string
  readonly written: boolean
  readonly args: (root: string) => ReadonlyArray<string>
  readonly script: ScriptedRun
}> = [
  {
    name: "screenshot to a path",
    written: true,
    args: (root) => ["screenshot", join(root, "out", "page.png")],
    script: saving("screenshot", PNG)
  },
  {
    name: "download to a path",
    written: true,
    args: (root) => ["download", "#dl", join(root, "out", "report.txt")],
    script: saving("download", Buffer.from("report\n"))
  },
  {
    name: "screenshot upstream claims but never writes",
    written: false,
    args: (root) => ["screenshot", join(root, "out", "ghost.png")],
    script: saving("screenshot", undefined)
  }
]

export const runArtifactSuccess = (): Effect.Effect<ReadonlyArray<ArtifactOutcome>> =>
  Effect.forEach(SAVES, (save) =>
    inWorld([save.script, { reply: FakeAgentBrowser.ok({}), repeat: true }], (root) =>
      Effect.map(Effect.orDie(runToResult({ args: save.args(root) }, BENCH_CALL)), (result) => ({
        name: save.name,
        written: save.written,
        category: (result.isError ? result.details.failureCategory : result.details.successCategory) ?? "unknown"
      }))
    )
  )
