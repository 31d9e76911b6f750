// Builds the pi entry (a thin, Effect-free entry plus lazily imported chunks: the service graph, the web search
// tool) and the Effect API bundle (effect stays external so embedders share their own copy), then emits type
// declarations. The tool parameter schemas are generated first (scripts/lib/toolParameters.mjs).
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"
import { pruneDeclarations } from "./lib/pruneDeclarations.mjs"
import { generateToolParameters } from "./lib/toolParameters.mjs"

rmSync("dist", { recursive: true, force: true })
await generateToolParameters()
// maps stay beside the build for debugging (no sourceMappingURL comment); the package leaves them out (package.json "files")
const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: "external",
  logLevel: "warning"
}
// pi's entry and chunks are read by no person (maps beside them for debugging): whitespace is left out, which keeps
// the package within its 3.5 MB (test/unit/packageContents.test.ts); the embedders' bundle stays readable
await build({
  ...common,
  minifyWhitespace: true,
  entryPoints: { extension: "src/extension.ts" },
  outdir: "dist",
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  external: ["@earendil-works/*", "@mariozechner/*", "typebox", "@sinclair/typebox"]
})
await build({
  ...common,
  entryPoints: ["src/effect.ts"],
  outfile: "dist/effect.js",
  packages: "external"
})
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" })
pruneDeclarations("dist/types", "dist/types/effect.d.ts")
