/**
 * The commands the tool runs as the one step of a batch (so a process started ahead can run them:
 * upstream/oneStepBatch.ts) answer exactly as they do alone, on the real agent-browser 0.41 and a real browser:
 * the same success, data (its `lifecycle` aside), error text, code and warning. Every command of the set is checked.
 */
import { spawnSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import type { UpstreamEnvelope } from "../../src/schema/UpstreamEnvelope.js"
import { envelopeOfOneStep, ONE_STEP_COMMANDS, oneStepBatchOf } from "../../src/upstream/oneStepBatch.js"
import { parseEnvelope } from "../../src/upstream/wire.js"
import { NATIVE_BINARY } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

/** Each command, in an order that leaves the form as the next one expects; failures included. */
const CASES: ReadonlyArray<ReadonlyArray<string>> = [
  ["get", "text", "#out"],
  ["is", "visible", "#out"],
  ["is", "checked", "#gift"],
  ["press", "Tab"],
  ["press", "NotAKey"],
  ["focus", "#name"],
  ["hover", "#safe"],
  ["check", "#gift"],
  ["uncheck", "#gift"],
  ["select", "#flavor", "choc"],
  ["select", "#flavor", "nope"],
  ["scrollintoview", "#out"],
  ["wait", "50"],
  ["wait", "#out"],
  ["wait", "--load", "load"],
  ["wait", "#never", "--timeout", "300"],
  ["keyboard", "type", "abc"],
  ["type", "#name", "x"],
  ["fill", "#name", "y"],
  ["hover", "#nope"]
]

/** The envelope as the tool reads it, without `lifecycle` (which says whether this very process started the daemon). */
const comparable = (stdout: string) => {
  const parsed = parseEnvelope(stdout)
  if (parsed._tag === "Left") return { unparsed: stdout }
  const envelope = (parsed.right as Extract<UpstreamEnvelope, { kind: "single" }>).envelope
  const data =
    envelope.data !== null && typeof envelope.data === "object"
      ? Object.fromEntries(Object.entries(envelope.data).filter(([k]) => k !== "lifecycle"))
      : envelope.data
  return { ...envelope, data }
}

describe("one-step commands on the real binary", () => {
  it("answer as the one step of a batch exactly as alone", async () => {
    const session = await live.openedSession("/form.html")
    const env = { ...live.world.env, AGENT_BROWSER_SOCKET_DIR: live.world.config.socketDir }
    const run = (args: ReadonlyArray<string>, input?: string) =>
      spawnSync(NATIVE_BINARY, [...args], { env, input, encoding: "utf8", timeout: 30_000, cwd: live.world.root })
        .stdout
    const failed: Array<string> = []
    for (const step of CASES) {
      const argv = ["--json", "--session", session, ...step]
      const batch = oneStepBatchOf(argv)
      expect(batch, step.join(" ")).toBeDefined()
      const alone = comparable(run(argv))
      const asStep = comparable(envelopeOfOneStep(run(batch?.args ?? [], JSON.stringify([batch?.step]))))
      expect(alone, step.join(" ")).not.toHaveProperty("unparsed")
      expect(asStep, step.join(" ")).toEqual(alone)
      if ((alone as { success?: boolean }).success !== true) failed.push(step.join(" "))
    }
    // the failing cases failed (with the same words both ways), the rest answered
    expect(failed).toEqual(["select #flavor nope", "wait #never --timeout 300", "hover #nope"])
    // every command of the set was checked here (a command added to it must be added here)
    expect([...ONE_STEP_COMMANDS].filter((c) => !CASES.some((s) => s[0] === c))).toEqual([])
  }, 120_000)
})
