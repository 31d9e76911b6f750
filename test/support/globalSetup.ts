/** After the whole run: no agent-browser daemon or Chromium started by a test may still be alive. */
import { randomBytes } from "node:crypto"
import { killAll, processesMentioning } from "./processes.js"

export default function setup(): () => Promise<void> {
  // one id per run, inherited by the workers (see TEST_MARKER): this run's teardown reaps only this run's processes
  process.env["PIAB_TEST_RUN"] ??= randomBytes(4).toString("hex")
  const TEST_MARKER = `piab-test-${process.env["PIAB_TEST_RUN"]}-`
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
