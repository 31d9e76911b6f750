/**
 * Faults against the real agent-browser and Chromium: daemon SIGKILL and Chromium SIGKILL between calls, Chromium
 * SIGKILL during a call, the binary removed mid-session. Each asserts the structured result, recovery on the next
 * call, and, after quit, that no process of the session (found by its own ids) and no temp folder is left.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, textOf } from "../support/harness.js"
import { makeLiveEnv, NATIVE_BINARY, REPO, type LiveEnv } from "../support/liveEnv.js"
import {
  kill,
  sessionProcesses,
  type SessionProcesses,
  settledEmpty,
  survivors,
  tempLeftovers
} from "../support/faults.js"

let site: StaticServer
beforeAll(async () => {
  site = await startStaticServer(join(REPO, "fixtures/site"))
})
afterAll(async () => {
  await site.close()
})

/** One private world per fault, so a leftover of one cannot hide behind another. */
const withWorld = async (
  run: (world: LiveEnv, tool: Harness, track: (p: SessionProcesses | undefined) => void) => Promise<void>,
  extraEnv: Record<string, string> = {}
) => {
  const world = makeLiveEnv({}, extraEnv)
  const tool = makeHarness(world)
  const seen: Array<number> = []
  const track = (p: SessionProcesses | undefined) => {
    if (p !== undefined) seen.push(p.daemonPid, ...p.browserGroup)
  }
  try {
    await run(world, tool, track)
    await tool.closeOwned()
    expect(await survivors(seen)).toEqual([])
    expect(await settledEmpty(() => tempLeftovers(join(world.root, "tmp")))).toEqual([])
    expect(await settledEmpty(() => readdirSync(world.config.socketDir))).toEqual([])
  } finally {
    await tool.dispose()
    await world.dispose()
  }
}

const open = async (tool: Harness) => {
  const opened = await tool.call({ args: ["open", `${site.origin}/index.html`] })
  expect(opened.isError, textOf(opened)).toBe(false)
  return opened.details.sessionName ?? ""
}

describe("a browser lost between calls", () => {
  it("daemon SIGKILL: its orphaned Chromium is reaped, the loss is said with the last page, the next call recovers", () =>
    withWorld(async (world, tool, track) => {
      const session = await open(tool)
      const before = sessionProcesses(world.config.socketDir, session)
      track(before)
      expect(before?.browserPid).toBeDefined()
      kill(before?.daemonPid)
      expect(await survivors([before?.daemonPid ?? 0])).toEqual([])

      const lost = await tool.call({ args: ["get", "title"] })
      expect(lost.isError).toBe(true)
      expect(lost.details.failureCategory).toBe("upstream-error")
      expect(textOf(lost)).toContain("was lost since the last call")
      expect(lost.details.nextActions?.[0]).toMatchObject({
        id: "reopen-lost-page",
        params: { args: ["--session", session, "open", `${site.origin}/index.html`] }
      })
      expect(await survivors(before?.browserGroup ?? [])).toEqual([])
      expect(await settledEmpty(() => tempLeftovers(join(world.root, "tmp")))).toEqual([])

      const again = await tool.call({ args: ["open", `${site.origin}/index.html`] })
      expect(again.isError).toBe(false)
      track(sessionProcesses(world.config.socketDir, session))
    }))

  it("Chromium SIGKILL: the next call says the browser was lost (not a silent about:blank), then recovers", () =>
    withWorld(async (world, tool, track) => {
      const session = await open(tool)
      const before = sessionProcesses(world.config.socketDir, session)
      track(before)
      for (const pid of before?.browserGroup ?? []) kill(pid)
      expect(await survivors(before?.browserGroup ?? [])).toEqual([])

      const lost = await tool.call({ args: ["get", "url"] })
      expect(lost.isError).toBe(true)
      expect(textOf(lost)).toContain("Chromium")
      expect(textOf(lost)).not.toBe("about:blank")
      const url = await tool.call({ args: ["get", "url"] })
      expect(url.isError).toBe(false)
      track(sessionProcesses(world.config.socketDir, session))
    }))

  /** The session's daemon killed between calls, after a snapshot; then `click <ref>`. */
  const clickAfterLoss = async (
    world: LiveEnv,
    tool: Harness,
    track: (p: SessionProcesses | undefined) => void,
    ref: string
  ) => {
    const session = await open(tool)
    await tool.call({ args: ["snapshot", "-i"] })
    const before = sessionProcesses(world.config.socketDir, session)
    track(before)
    kill(before?.daemonPid)
    // lost between calls: the daemon is gone before the next call starts (as in the SIGKILL case above)
    expect(await survivors([before?.daemonPid ?? 0])).toEqual([])
    const stale = await tool.call({ args: ["click", ref] })
    expect(stale.details.failureCategory).toBe("stale-ref")
    expect(textOf(stale)).toContain("browser that is gone")
    return { session, stale }
  }

  it("stale refs after a lost browser are blamed on the loss", () =>
    withWorld(async (world, tool, track) => {
      await clickAfterLoss(world, tool, track, "@e1")
    }))

  it("a ref the snapshot never had, after a lost browser: said as the lost browser's; its next action works", () =>
    withWorld(async (world, tool, track) => {
      // the record alone would refuse @e999, but the browser is gone: the whole path says it and reaps the loss
      const { session, stale } = await clickAfterLoss(world, tool, track, "@e999")
      expect(stale.details.nextActions?.[0]?.id).toBe("refresh-interactive-refs")
      // its next action runs in a new browser
      const refreshed = await tool.call({ args: stale.details.nextActions?.[0]?.params?.args ?? [] })
      expect(refreshed.isError, textOf(refreshed)).toBe(false)
      track(sessionProcesses(world.config.socketDir, session))
    }))

  it("Chromium SIGKILL during a call: a structured failure with a next action, then the loss, then recovery", () =>
    withWorld(async (world, tool, track) => {
      const session = await open(tool)
      const before = sessionProcesses(world.config.socketDir, session)
      track(before)
      const pending = tool.call({ args: ["wait", "4000"] })
      await new Promise((r) => setTimeout(r, 1_000))
      for (const pid of before?.browserGroup ?? []) kill(pid)
      const during = await pending
      // either the call itself or the next one says the browser was lost; neither is a silent success
      expect(during.isError).toBe(true)
      expect(during.details.nextActions?.length ?? 0).toBeGreaterThan(0)
      const next = await tool.call({ args: ["get", "url"] })
      if (!/was lost during this call/.test(textOf(during))) {
        expect(next.isError).toBe(true)
        expect(next.details.nextActions?.length ?? 0).toBeGreaterThan(0)
      }
      expect((await tool.call({ args: ["open", `${site.origin}/index.html`] })).isError).toBe(false)
      track(sessionProcesses(world.config.socketDir, session))
    }))
})

describe("the binary removed mid-session", () => {
  it("calls fail as missing-binary with a next action, and quit still ends daemon and Chromium by their ids", async () => {
    const bin = mkdtempSync(join(tmpdir(), "piab-test-bin-"))
    const copy = join(bin, "agent-browser")
    copyFileSync(NATIVE_BINARY, copy)
    try {
      await withWorld(
        async (world, tool, track) => {
          const session = await open(tool)
          track(sessionProcesses(world.config.socketDir, session))
          rmSync(copy)
          const gone = await tool.call({ args: ["get", "url"] })
          expect(gone.isError).toBe(true)
          expect(gone.details.failureCategory).toBe("missing-binary")
          expect(gone.details.nextActions?.length ?? 0).toBeGreaterThan(0)
        },
        { PATH: `${bin}:/usr/bin:/bin` }
      )
    } finally {
      rmSync(bin, { recursive: true, force: true })
    }
  })
})
