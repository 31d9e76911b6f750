/**
 * The secret-leak harness shared by the leak tests: a case records every output channel of its calls (result text,
 * details, progress updates, spill and ref-snapshot files under the artifact dirs, outputPath files) and reports
 * which channels carried any 5-character piece of a secret.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import type { StepProgress } from "../../src/domain/Progress.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "./harness.js"
import type { LiveWorld } from "./liveWorld.js"

export type Channel = "content" | "details" | "progress" | "spill file" | "refs file" | "outputPath file"

/** Every 5-character piece of a secret (random, so no piece is an ordinary word): a leak whichever part escaped. */
export const pieces = (secret: string): ReadonlyArray<string> =>
  Array.from({ length: secret.length - 4 }, (_, i) => secret.slice(i, i + 5))

const filesUnder = (dir: string): ReadonlyArray<string> =>
  !existsSync(dir)
    ? []
    : readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? filesUnder(path) : [path]
      })

/** Runs a case's calls, recording every channel; then reports which channels carried a piece of the secret. */
export const leakRecorder = (live: LiveWorld) => {
  const results: Array<ToolResult> = []
  const progress: Array<string> = []
  const outputs: Array<string> = []
  return {
    call: async (input: Record<string, unknown>) => {
      const result = await live.tool.call(input, {
        onProgress: (p: StepProgress) =>
          progress.push(`step ${p.step}/${p.total} ${p.success ? "✓" : "✗"} ${p.command.join(" ")}`)
      })
      if (typeof input["outputPath"] === "string") outputs.push(join(live.world.root, input["outputPath"]))
      results.push(result)
      return result
    },
    progress,
    leaks: (secret: string): ReadonlyArray<Channel> => {
      const has = (text: string) => pieces(secret).some((p) => text.includes(p))
      const files = [live.world.config.artifactRoot, live.world.config.sessionArtifactRoot].flatMap(filesUnder)
      const read = (paths: ReadonlyArray<string>) =>
        paths
          .filter((p) => existsSync(p))
          .map((p) => readFileSync(p, "utf8"))
          .join("\n")
      const channels: Array<[Channel, string]> = [
        ["content", results.map(textOf).join("\n")],
        ["details", results.map((r) => JSON.stringify(r.details)).join("\n")],
        ["progress", progress.join("\n")],
        ["spill file", read(files.filter((f) => !f.includes("refs-")))],
        ["refs file", read(files.filter((f) => f.includes("refs-")))],
        ["outputPath file", read(outputs)]
      ]
      const found = channels.filter(([, text]) => has(text))
      for (const [channel, text] of found)
        console.log(
          `[leak] ${channel}: ${pieces(secret)
            .map((p) => text.indexOf(p))
            .filter((i) => i >= 0)
            .slice(0, 3)
            .map((i) => text.slice(Math.max(0, i - 80), i + 40))
            .join(" | ")}`
        )
      return found.map(([channel]) => channel)
    }
  }
}
