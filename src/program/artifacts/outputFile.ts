/**
 * `outputPath`: after a successful call, save its result to a file the caller named: a snapshot's full tree, other
 * commands' data as pretty JSON (strings as-is), or the text the model saw. Redacted like everything else. It never
 * overwrites a file the browser command itself produced. A write failure turns the result into a failure.
 */
import { isAbsolute, resolve } from "node:path"
import * as Effect from "effect/Effect"
import type { Plan } from "../../schema/Plan.js"
import type { ToolResult } from "../../schema/ToolDetails.js"
import { stripLifecycle } from "../../presenters/formatSuccess.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { Redactor } from "../../services/Redactor.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"

export const resolveOutputPath = (raw: string, cwd: string): string => {
  const path = raw.startsWith("@") ? raw.slice(1) : raw
  return isAbsolute(path) ? path : resolve(cwd, path)
}

const payloadOf = (plan: Plan, outcome: UpstreamOutcome, result: ToolResult): { content: string; source: "data" | "text" | "snapshot" } => {
  if (outcome.kind === "single") {
    const data = stripLifecycle(outcome.data) as Record<string, unknown> | null
    if (plan.line.command === "snapshot" && typeof data?.["snapshot"] === "string") return { content: `${data["snapshot"]}\n`, source: "snapshot" }
    if (data !== null && data !== undefined) {
      const value = Object.keys(data).length === 1 ? Object.values(data)[0] : data
      return { content: typeof value === "string" ? value : `${JSON.stringify(value, null, 2)}\n`, source: "data" }
    }
  }
  if (outcome.kind === "batch") return { content: `${JSON.stringify(outcome.rows.map((r) => ({ ...r, result: stripLifecycle(r.result) })), null, 2)}\n`, source: "data" }
  return { content: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n"), source: "text" }
}

export const attachOutputFile = (result: ToolResult, plan: Plan, outcome: UpstreamOutcome, rawPath: string) =>
  Effect.gen(function*() {
    if (result.isError) return result
    const store = yield* ArtifactStore
    const redactor = yield* Redactor
    const path = resolveOutputPath(rawPath, plan.cwd)
    const produced = [plan.outputPath, result.details.imagePath, result.details.fullOutputPath, ...(result.details.artifacts ?? []).map((a) => a.path)]
    if (produced.includes(path)) {
      return failed(result, path, "outputPath names the file this browser command itself wrote; choose another path")
    }
    const secrets = yield* redactor.remember([])
    const payload = payloadOf(plan, outcome, result)
    const written = yield* Effect.either(store.writeOutput(path, redactor.scrubText(payload.content, secrets)))
    if (written._tag === "Left") return failed(result, path, written.left)
    return {
      ...result,
      content: result.content.map((c, i) => (i === 0 && c.type === "text" ? { ...c, text: `${c.text}\nOutput file: ${path}` } : c)),
      details: { ...result.details, outputFile: { status: "saved" as const, path: rawPath, absolutePath: path, source: payload.source, bytes: written.right } }
    } satisfies ToolResult
  })

const failed = (result: ToolResult, path: string, message: string): ToolResult => {
  const { successCategory: _success, ...details } = result.details
  return {
    ...result,
    isError: true,
    content: result.content.map((c, i) => (i === 0 && c.type === "text" ? { ...c, text: `Failed (artifact-missing): output file not written: ${message}\n${c.text}` } : c)),
    details: { ...details, resultCategory: "failure", failureCategory: "artifact-missing", outputFile: { status: "failed" as const, absolutePath: path, error: message } }
  }
}
