/** After the whole run: no agent-browser daemon or Chromium started by a test may still be alive. */
import { killAll, processesMentioning } from "./processes.js"
import { TEST_MARKER } from "./liveEnv.js"

export default function setup(): () => Promise<void> {
  return async () => {
    let leaked = processesMentioning(TEST_MARKER)
    for (let i = 0; i < 20 && leaked.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 250))
      leaked = processesMentioning(TEST_MARKER)
    }
    if (leaked.length > 0) {
      killAll(leaked)
      throw new Error(`leaked processes after tests: ${leaked.map((p) => `${p.pid} ${p.command}`).join("; ")}`)
    }
  }
}
