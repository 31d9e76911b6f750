// Makes sure tmux exists for the end-to-end test that drives pi's real terminal UI (test/e2e/screen.test.ts).
// Debian as root: installs it with apt. Elsewhere: says what to install (the test then fails with the same words).
import { spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const has = () => spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0
if (has()) process.exit(0)
const isDebian = existsSync("/etc/debian_version")
const isRoot = typeof process.getuid === "function" && process.getuid() === 0
if (isDebian && isRoot) {
  console.log("tmux not found; installing Debian's tmux (apt-get install -y tmux) for the terminal UI test…")
  const run = (args) =>
    spawnSync("apt-get", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
    })
  if (run(["install", "-y", "-qq", "tmux"]).status !== 0) run(["update", "-qq"]), run(["install", "-y", "-qq", "tmux"])
  if (has()) process.exit(0)
}
console.error("tmux not found: install tmux (the terminal UI test drives pi inside it).")
process.exit(0)
