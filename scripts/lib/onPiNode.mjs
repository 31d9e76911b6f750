// The tool runs inside pi, and pi needs Node >= 22.19: a benchmark of the tool's own time runs on such a node too.
// On an older node the calling script runs itself again under PI_NODE (the node the end-to-end tests run pi with),
// with the same node flags and arguments, and exits with its status; on a new enough node it returns at once.
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { PI_NODE } from "./runPi.mjs"

/** Whether this node can run pi (>= 22.19). */
export const runsPi = (version = process.versions.node) => {
  const [major = 0, minor = 0] = version.split(".").map(Number)
  return major > 22 || (major === 22 && minor >= 19)
}

/** Reruns the script at `scriptUrl` (its `import.meta.url`) under PI_NODE unless this node can run pi. */
export const onPiNode = (scriptUrl) => {
  if (runsPi() || PI_NODE === process.execPath) return
  console.error(`node ${process.versions.node} cannot run pi; running on ${PI_NODE}`)
  const run = spawnSync(PI_NODE, [...process.execArgv, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    stdio: "inherit"
  })
  process.exit(run.status ?? 1)
}
