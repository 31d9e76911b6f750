/**
 * A browser that cannot start, against the real agent-browser: a nonexistent browser path, a stand-in executable
 * that exits 1 at once, a `--cdp` port with nothing listening, and a fresh launch with a bad path. Each is a
 * launch failure (upstream-error with details.launchDiagnostic) naming the path or endpoint, with the doctor as next
 * action; the next plain call starts normally; and after quit no daemon of the test's sessions is left, found by the
 * pids their own socket-dir pid files named while the calls ran (never by process name).
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { hostname } from "node:os"
import { createServer } from "node:net"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { type Harness, makeHarness, textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const harnesses: Array<Harness> = []
afterAll(async () => {
  for (const h of harnesses) await h.dispose()
})

/** Records every `<session>.pid` the socket dir holds while calls run: the daemons the tool started. */
const watchPids = (socketDir: string) => {
  const seen = new Map<string, Set<number>>()
  const scan = () => {
    let names: Array<string> = []
    try {
      names = readdirSync(socketDir).filter((f) => f.endsWith(".pid"))
    } catch {
      return
    }
    for (const name of names) {
      try {
        const pid = Number(readFileSync(join(socketDir, name), "utf8").trim())
        if (Number.isInteger(pid) && pid > 1)
          seen.set(name.slice(0, -4), new Set([...(seen.get(name.slice(0, -4)) ?? []), pid]))
      } catch {
        // removed between readdir and read
      }
    }
  }
  const timer = setInterval(scan, 15)
  return {
    stop: () => {
      clearInterval(timer)
      scan()
      return seen
    }
  }
}

/** Alive and not a zombie (an ended daemon of pid 1 may linger as one until reaped). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

/** One pi session of its own (so each case starts with no managed browser), quit at the end. */
const scenario = (name: string, env: Readonly<Record<string, string>> = {}) => {
  const world = { ...live.world, config: { ...live.world.config, env: { ...live.world.config.env, ...env } } }
  const harness = makeHarness(world, `launchfail-${name}`)
  harnesses.push(harness)
  const pids = watchPids(live.world.config.socketDir)
  const sessions = new Set<string>()
  const tool = {
    call: async (input: unknown) => {
      const result = await harness.call(input)
      if (result.details.sessionName !== undefined) sessions.add(result.details.sessionName)
      return result
    }
  }
  return {
    tool,
    /** Quit as pi does, then: no daemon of this case's sessions is left (by the pids their pid files named). */
    quit: async () => {
      await harness.closeOwned()
      const seen = pids.stop()
      const ours = [...seen].filter(([session]) => sessions.has(session))
      expect(ours.map(([session]) => session).sort()).toEqual([...sessions].sort())
      const survivors = () => ours.flatMap(([session, set]) => [...set].filter(alive).map((pid) => `${session}:${pid}`))
      // a closed daemon removes its pid file a moment before its process exits
      for (let i = 0; i < 50 && survivors().length > 0; i++) await new Promise((r) => setTimeout(r, 100))
      expect(survivors()).toEqual([])
    }
  }
}
type Tool = ReturnType<typeof scenario>["tool"]

const expectLaunchFailure = (result: ToolResult, reason: string) => {
  expect(result.isError).toBe(true)
  expect(result.details.failureCategory).toBe("upstream-error")
  expect(result.details.launchDiagnostic?.reason).toBe(reason)
  expect(textOf(result)).toMatch(/^Failed \(upstream-error\): The browser could not start: /)
  expect(result.details.nextActions?.map((a) => a.id)).toContain("run-agent-browser-doctor")
  expect(result.details.nextActions?.find((a) => a.id === "run-agent-browser-doctor")).toEqual({
    tool: "agent_browser",
    id: "run-agent-browser-doctor",
    reason: expect.any(String),
    safety: expect.any(String),
    params: { args: ["doctor", "--offline"] }
  })
}

/** The next call without the failed flags launches the configured Chromium and opens the page. */
const expectNextPlainCallWorks = async (tool: Tool) => {
  const page = await tool.call({ args: ["open", `${live.site.origin}/index.html`] })
  expect(page.isError).toBe(false)
  expect(page.details.effectiveArgs.join(" ")).not.toMatch(/--cdp|--executable-path/)
  expect(valueOf(await tool.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
}

describe("a browser that cannot start", () => {
  it("a nonexistent browser path: executable-missing naming the path, nothing left running", async () => {
    const { tool, quit } = scenario("missing")
    const result = await tool.call({
      args: ["--executable-path", "/nonexistent/chrome", "open", `${live.site.origin}/index.html`]
    })
    expectLaunchFailure(result, "executable-missing")
    expect(result.details.launchDiagnostic).toMatchObject({
      executablePath: "/nonexistent/chrome",
      executableSource: "--executable-path"
    })
    expect(textOf(result)).toContain("no browser executable at /nonexistent/chrome (set by --executable-path)")
    expect(textOf(result)).toContain("agent-browser install")
    await expectNextPlainCallWorks(tool)
    await quit()
  })

  it("a stand-in executable that exits 1 at once: exited-at-start naming the path", async () => {
    const { tool, quit } = scenario("exits")
    const standIn = join(live.world.root, "exits-at-once")
    writeFileSync(standIn, "#!/bin/sh\necho 'stand-in browser refuses to start' >&2\nexit 1\n", { mode: 0o755 })
    const result = await tool.call({ args: ["--executable-path", standIn, "open", `${live.site.origin}/index.html`] })
    expectLaunchFailure(result, "exited-at-start")
    expect(result.details.launchDiagnostic).toMatchObject({ executablePath: standIn, browserExitCode: 1 })
    expect(textOf(result)).toContain(`${standIn} (set by --executable-path) exited at once (exit code 1)`)
    expect(textOf(result)).toContain("stand-in browser refuses to start")
    await expectNextPlainCallWorks(tool)
    await quit()
  })

  it("a --cdp port with nothing listening: cdp-unreachable naming the endpoint, the flag not kept", async () => {
    const { tool, quit } = scenario("cdp")
    const port = await freePort()
    const result = await tool.call({ args: ["--cdp", String(port), "open", `${live.site.origin}/index.html`] })
    expectLaunchFailure(result, "cdp-unreachable")
    expect(result.details.launchDiagnostic).toMatchObject({ endpoint: `127.0.0.1:${port}` })
    expect(textOf(result)).toContain(`no browser answered at 127.0.0.1:${port}`)
    expect(result.details.managedSession?.active).toBe(false)
    await expectNextPlainCallWorks(tool)
    await quit()
  })

  it("a job whose first step cannot start the browser is the launch failure itself, not a step failure", async () => {
    const { tool, quit } = scenario("job", { AGENT_BROWSER_EXECUTABLE_PATH: "/nonexistent/chrome" })
    const result = await tool.call({
      job: { steps: [{ action: "open", url: `${live.site.origin}/index.html` }, { action: "snapshot" }] }
    })
    expectLaunchFailure(result, "executable-missing")
    expect(result.details.launchDiagnostic).toMatchObject({
      executablePath: "/nonexistent/chrome",
      executableSource: "AGENT_BROWSER_EXECUTABLE_PATH"
    })
    // nothing of the failed launch is kept: the managed session did not become active
    expect(result.details.managedSession?.active).toBe(false)
    await quit()
  })

  it("a profile folder with a stale SingletonLock (another host name, a pid that does not run): said stale, not in use", async () => {
    const { tool, quit } = scenario("stalelock")
    const profile = join(live.world.root, "stale-lock-profile")
    mkdirSync(profile, { recursive: true })
    // a pid above the kernel's pid_max cannot run here; the host is not this machine's name (a restarted container)
    symlinkSync("old-container-4999999", join(profile, "SingletonLock"))
    const result = await tool.call({ args: ["--profile", profile, "open", `${live.site.origin}/index.html`] })
    expectLaunchFailure(result, "profile-locked")
    expect(result.details.launchDiagnostic).toMatchObject({
      profile,
      profileLock: { host: "old-container", pid: 4999999, sameHost: false, pidRunning: false }
    })
    expect(textOf(result)).toContain(
      `the profile folder ${profile} has a stale lock: its lock file names process 4999999 on host "old-container"`
    )
    expect(textOf(result)).toContain(`Remove ${profile}/SingletonLock`)
    expect(textOf(result)).not.toContain("in use by another browser")
    // nothing removed it behind the model's back: the lock is still there
    expect(lstatSync(join(profile, "SingletonLock")).isSymbolicLink()).toBe(true)
    // the fix as said makes progress: without the lock the same profile opens the page
    rmSync(join(profile, "SingletonLock"))
    const retried = await tool.call({ args: ["--profile", profile, "open", `${live.site.origin}/index.html`] })
    expect(retried.isError).toBe(false)
    expect(valueOf(await tool.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
    await quit()
  })

  it("a stale SingletonLock of this machine (its pid does not run): Chromium takes the folder over, the page opens", async () => {
    const { tool, quit } = scenario("samehostlock")
    const profile = join(live.world.root, "same-host-lock-profile")
    mkdirSync(profile, { recursive: true })
    // this machine's name and a pid above the kernel's pid_max: provably no browser holds it
    symlinkSync(`${hostname()}-4999999`, join(profile, "SingletonLock"))
    const result = await tool.call({ args: ["--profile", profile, "open", `${live.site.origin}/index.html`] })
    expect(result.isError, textOf(result)).toBe(false)
    expect(textOf(result)).not.toMatch(/lock|in use/i)
    expect(valueOf(await tool.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
    // the browser replaced the stale lock with its own (this host, a pid that runs)
    const [host, pid] = readlinkSync(join(profile, "SingletonLock")).split(/-(?=\d+$)/)
    expect(host).toBe(hostname())
    expect(Number(pid)).not.toBe(4999999)
    await quit()
  })

  it("a fresh launch with a bad path: its -N daemon is ended and the current browser stays", async () => {
    const { tool, quit } = scenario("fresh")
    await expectNextPlainCallWorks(tool)
    const result = await tool.call({
      args: ["--executable-path", "/nonexistent/chrome", "open", `${live.site.origin}/about.html`],
      sessionMode: "fresh"
    })
    expectLaunchFailure(result, "executable-missing")
    expect(result.details.sessionName).toMatch(/-1$/)
    expect(valueOf(await tool.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
    await quit()
  })
})
