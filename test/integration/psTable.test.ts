/**
 * The process-table guarantees once more with the POSIX `ps` table (Debian's procps here; the table macOS and the
 * BSDs use): the fault suite (a SIGKILLed daemon's orphaned Chromium reaped, a lost browser said, quit without the
 * binary), the Electron host suite (launch cleanup, restore) and the many-agents suite (a SIGKILLed agent's browser
 * reaped by the next agent; its launch race cut to 2 trials), run with `PI_AGENT_BROWSER_PROCESS_TABLE=ps`. The tool
 * then reads no `/proc`; the suites' own survivor checks still read it, so they witness independently.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it, vi } from "vitest"
import { startStaticServer } from "../../scripts/lib/staticServer.mjs"
import { OsProcesses } from "../../src/services/OsProcesses.js"
import { makeHarness, textOf } from "../support/harness.js"
import { makeLiveEnv, REPO } from "../support/liveEnv.js"

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

describe("a process table that cannot be read (a `ps` that fails)", () => {
  it("the browser still works; the second call says once that a lost browser would not be noticed", async () => {
    const world = makeLiveEnv()
    const fakeBin = join(world.root, "fake-bin")
    mkdirSync(fakeBin)
    writeFileSync(join(fakeBin, "ps"), "#!/bin/sh\necho 'ps: cannot read the process table' >&2\nexit 2\n", {
      mode: 0o755
    })
    const broken = makeLiveEnv({}, { PATH: `${fakeBin}:${world.env["PATH"] ?? ""}` })
    const site = await startStaticServer(join(REPO, "fixtures/site"))
    const tool = makeHarness(broken)
    try {
      const opened = await tool.call({ args: ["open", `${site.origin}/index.html`] })
      expect(opened.isError ?? false).toBe(false)
      expect(textOf(opened)).not.toMatch(/Not checked/)
      const read = await tool.call({ args: ["get", "title"] })
      expect(read.isError ?? false).toBe(false)
      expect(textOf(read)).toMatch(
        /Not checked: whether the browser of session \S+ is still running cannot be checked \(.*could not be read.*\), so a lost browser would not be noticed/
      )
      expect(read.details).toMatchObject({ recovery: { kind: "loss-not-checked" } })
      const again = await tool.call({ args: ["get", "url"] })
      expect(textOf(again)).not.toMatch(/Not checked/)
    } finally {
      await tool.closeOwned().catch(() => undefined)
      await tool.dispose()
      await site.close()
      await broken.dispose()
      await world.dispose()
    }
  }, 120_000)
})

await import("./faults.test.js")
await import("./electronHost.test.js")
await import("./manyProcesses.test.js")
