/**
 * `outputPath`: after a call ran, save its result to a file the caller named: a snapshot's full tree, other
 * commands' data as pretty JSON (strings as-is; with a caller `--json`, always the whole data as JSON), or the text
 * the model reads. Redacted like everything else. It
 * never overwrites a file the browser command itself produced; a write that fails is reported, and the call fails
 * as artifact-missing (see verdict).
 */
import { isAbsolute, resolve } from "node:path"
import * as Effect from "effect/Effect"
import type { Executed, OutputFileResult } from "../../domain/Executed.js"
import { bodyOf } from "../../presenters/text/body.js"
import { stripLifecycle } from "../../presenters/text/contentBoundary.js"
import { stepRowJson } from "../../domain/Outcome.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { Redactor } from "../../services/Redactor.js"

export const resolveOutputPath = (raw: string, cwd: string): string => {
  const path = raw.startsWith("@") ? raw.slice(1) : raw
  return isAbsolute(path) ? path : resolve(cwd, path)
}

const payloadOf = (executed: Executed): { content: string; source: "data" | "text" | "snapshot" } => {
  const { plan, outcome } = executed
  if (outcome.kind === "single") {
    const data = stripLifecycle(outcome.data) as Record<string, unknown> | null
    // a caller who asked for --json gets a JSON file: the whole data, never an unwrapped string or a bare tree
    if (plan.callerRequestedJson) return { content: `${JSON.stringify(data ?? null, null, 2)}\n`, source: "data" }
    if (plan.line.command === "snapshot" && typeof data?.["snapshot"] === "string")
      return { content: `${data["snapshot"]}\n`, source: "snapshot" }
    if (data !== null && data !== undefined) {
      const value = Object.keys(data).length === 1 ? Object.values(data)[0] : data
      return { content: typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`, source: "data" }
    }
  }
  if (outcome.kind === "batch") {
    // the same state-value redaction as the model-visible body
    const body = bodyOf(executed)
    return {
      content: `${JSON.stringify(body.data ?? outcome.rows.map((r) => stepRowJson(r, stripLifecycle)), null, 2)}\n`,
      source: "data"
    }
  }
  return { content: bodyOf(executed).text, source: "text" }
}

export const writeOutputFile = (executed: Executed, rawPath: string) =>
  Effect.gen(function* () {
    const store = yield* ArtifactStore
    const redactor = yield* Redactor
    const path = resolveOutputPath(rawPath, executed.plan.cwd)
    const produced = [
      executed.plan.outputPath,
      executed.verified.image?.path,
      ...executed.verified.rows.map((a) => a.path)
    ]
    if (produced.includes(path)) {
      return {
        status: "failed",
        absolutePath: path,
        error: "outputPath names the file this browser command itself wrote; choose another path"
      } satisfies OutputFileResult
    }
    const payload = payloadOf(executed)
    const written = yield* Effect.either(store.writeOutput(path, yield* redactor.scrubText(payload.content)))
    if (written._tag === "Left")
      return {
        status: "failed",
        absolutePath: path,
        error: written.left.detail ?? written.left.message
      } satisfies OutputFileResult
    return {
      status: "saved",
      path: rawPath,
      absolutePath: path,
      source: payload.source,
      bytes: written.right
    } satisfies OutputFileResult
  })
