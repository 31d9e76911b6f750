/**
 * What `npm pack` publishes: what pi loads (the entry and its chunks), the embedding API with its types, the docs the
 * tool's guideline names, and nothing else (no source maps, no TypeScript sources), within 3.5 MB unpacked (3.29 MB
 * after the input, capture, typing and dialog primitives of #41/#42: the embedders' bundle stays readable). Its
 * declarations are the ones the API's entry reaches (the build prunes the rest), and they compile on their own.
 */
import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { REPO } from "../support/liveEnv.js"

interface Packed {
  readonly unpackedSize: number
  readonly files: ReadonlyArray<{ readonly path: string; readonly size: number }>
}

const MAX_UNPACKED = 3.5 * 1024 * 1024

describe("the published package", () => {
  it("carries what pi and embedders load and the docs, without maps or sources, within 3.5 MB unpacked", () => {
    if (!existsSync(join(REPO, "dist/extension.js"))) throw new Error("run `npm run build` first (npm test does)")
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO, encoding: "utf8" })
    ) as ReadonlyArray<Packed>
    const paths = (packed?.files ?? []).map((f) => f.path)
    for (const needed of [
      "dist/extension.js",
      "dist/effect.js",
      "dist/types/effect.d.ts",
      "README.md",
      "docs/TOOL_CONTRACT.md",
      "docs/COMMAND_REFERENCE.md",
      "package.json"
    ])
      expect(paths).toContain(needed)
    expect(paths.some((p) => p.startsWith("dist/chunks/graph-"))).toBe(true)
    expect(paths.filter((p) => p.endsWith(".map") || p.startsWith("src/"))).toEqual([])
    expect(packed?.unpackedSize).toBeLessThanOrEqual(MAX_UNPACKED)
  })

  it("ships declarations that compile on their own from the API's entry (none missing after the prune)", () => {
    const entry = join(REPO, "dist/types/effect.d.ts")
    if (!existsSync(entry)) throw new Error("run `npm run build` first (npm test does)")
    const options = ["--ignoreConfig", "--noEmit", "--strict", "--exactOptionalPropertyTypes"]
    const target = ["--module", "NodeNext", "--moduleResolution", "NodeNext", "--target", "ES2022", "--types", "node"]
    const tsc = join(REPO, "node_modules/typescript/bin/tsc")
    expect(() => execFileSync(process.execPath, [tsc, ...options, ...target, entry], { cwd: REPO })).not.toThrow()
  }, 60_000)
})
