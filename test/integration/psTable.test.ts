/**
 * The process-table guarantees once more with the POSIX `ps` table (Debian's procps here; the table macOS and the
 * BSDs use): the fault suite (a SIGKILLed daemon's orphaned Chromium reaped, a lost browser said, quit without the
 * binary), the Electron host suite (launch cleanup, restore) and the many-agents suite (a SIGKILLed agent's browser
 * reaped by the next agent; its launch race cut to 2 trials), run with `PI_AGENT_BROWSER_PROCESS_TABLE=ps`. The tool
 * then reads no `/proc`; the suites' own survivor checks still read it, so they witness independently.
 */
import * as Effect from "effect/Effect"
import { describe, expect, it, vi } from "vitest"
import { OsProcesses } from "../../src/services/OsProcesses.js"
import { makeHarness } from "../support/harness.js"
import { makeLiveEnv } from "../support/liveEnv.js"

vi.stubEnv("PI_AGENT_BROWSER_PROCESS_TABLE", "ps")
vi.stubEnv("PIAB_RACE_TRIALS", "2")

describe("the ps table run", () => {
  it("the tool's process table is ps, read through `ps -ww -o …`", async () => {
    const world = makeLiveEnv()
    const tool = makeHarness(world)
    try {
      const facts = await tool.runtime.runPromise(Effect.map(OsProcesses, (os) => os.facts))
      expect(facts).toMatchObject({ kind: "ps", groups: true, startTimeResolution: "second" })
      expect(facts.source).toMatch(/^ps -ww -o pid,ppid,pgid,lstart,stat,args/)
    } finally {
      await tool.dispose()
      await world.dispose()
    }
  })
})

await import("./faults.test.js")
await import("./electronHost.test.js")
await import("./manyProcesses.test.js")
