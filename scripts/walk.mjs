// `npm run walk -- <scenario>`: the src/ files one call runs in, on the fake graph (scripts/walk/walkCall.ts, run with
// the repo's vite-node so the TypeScript sources are what the coverage names).
import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..")
const run = spawnSync(
  process.execPath,
  [
    join(REPO, "node_modules/vite-node/vite-node.mjs"),
    join(REPO, "scripts/walk/walkCall.ts"),
    ...process.argv.slice(2)
  ],
  { cwd: REPO, stdio: "inherit" }
)
process.exit(run.status ?? 1)
