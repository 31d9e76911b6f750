// Makes sure a Chrome/Chromium exists for agent-browser. Debian as root: installs Debian's chromium with apt.
// Elsewhere: explains what to install. Exits non-zero only when no browser can be had.
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync } from "node:fs"

const candidates = [
  process.env.AGENT_BROWSER_EXECUTABLE_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
]
const found = candidates.find((p) => p !== undefined && p !== "" && existsSync(p))
if (found !== undefined) {
  if (process.env.CI === undefined) console.log(`browser: ${found}`)
  process.exit(0)
}
const isDebian = existsSync("/etc/debian_version")
const isRoot = typeof process.getuid === "function" && process.getuid() === 0
if (isDebian && isRoot) {
  console.log("No Chrome/Chromium found; installing Debian's chromium (apt-get install -y chromium)…")
  const run = (args) =>
    spawnSync("apt-get", args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
    })
  run(["update", "-qq"])
  const result = run(["install", "-y", "-qq", "chromium"])
  if (result.status === 0 && existsSync("/usr/bin/chromium")) {
    console.log(`browser: /usr/bin/chromium (${execFileSync("/usr/bin/chromium", ["--version"]).toString().trim()})`)
    process.exit(0)
  }
  console.error("apt-get install chromium failed; install a Chrome/Chromium and set AGENT_BROWSER_EXECUTABLE_PATH.")
  process.exit(1)
}
console.error(
  isDebian
    ? "No Chrome/Chromium found. Run `sudo apt-get install -y chromium`, or set AGENT_BROWSER_EXECUTABLE_PATH to a Chrome binary."
    : "No Chrome/Chromium found. Install Google Chrome or Chromium, or set AGENT_BROWSER_EXECUTABLE_PATH to its binary. (agent-browser's own `agent-browser install` downloads Chrome where the network allows.)"
)
process.exit(1)
