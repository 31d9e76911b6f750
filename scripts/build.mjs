// Builds the pi entry bundle (everything inlined: ~45 ms to load) and the Effect API bundle (effect stays external
// so embedders share their own copy), then emits type declarations.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"

rmSync("dist", { recursive: true, force: true })
const common = { bundle: true, platform: "node", format: "esm", target: "node20", sourcemap: true, logLevel: "warning" }
await build({
  ...common,
  entryPoints: ["src/extension.ts"],
  outfile: "dist/extension.js",
  external: ["@earendil-works/*", "@mariozechner/*", "typebox", "@sinclair/typebox"]
})
await build({
  ...common,
  entryPoints: ["src/effect.ts"],
  outfile: "dist/effect.js",
  packages: "external"
})
execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.json"], { stdio: "inherit" })
