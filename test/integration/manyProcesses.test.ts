/**
 * Many agents on one machine (#26), each in its own OS process driving the built tool (`dist/effect.js`) with its own
 * runtime, as separate pi processes do (test/support/agentProcess.mjs), against the real agent-browser and Chromium:
 * - one managed session driven from two processes: every call runs whole (a batch that opens its own page reads its
 *   own page back), and none fails;
 * - two processes starting the same session at the same moment, repeated: both calls succeed and no daemon or
 *   Chromium survives both quitting;
 * - a SIGKILLed agent's browser is reaped by the next agent that starts, while a third agent's live browser is left
 *   alone.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type LiveEnv, makeLiveEnv, REPO } from "../support/liveEnv.js"
import { type FoundProcess, processesMentioning } from "../support/processes.js"

const ENTRY = join(REPO, "dist/effect.js")
const RACE_TRIALS = Number(process.env["PIAB_RACE_TRIALS"] ?? 20)

interface Line {
  readonly i?: number
  readonly ok?: boolean
  readonly category?: string
  readonly text?: string
  readonly session?: string
  readonly held?: boolean
  readonly done?: boolean
}

interface Agent {
  readonly child: ChildProcess
  readonly lines: Array<Line>
  /** Resolves with the lines once the process printed `{held}` or `{done}` (or exited). */
  readonly settled: Promise<ReadonlyArray<Line>>
  readonly exited: Promise<number | null>
}

let world: LiveEnv
let site: StaticServer
let cwd: string
const started: Array<ChildProcess> = []

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error("run `npm run build` first (npm test does)")
  world = makeLiveEnv()
  site = await startStaticServer(join(REPO, "fixtures/site"))
  cwd = join(world.root, "project")
  mkdirSync(cwd, { recursive: true })
})

afterAll(async () => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
  await site?.close()
  await world?.dispose()
})

const agent = (piSession: string, calls: ReadonlyArray<unknown>, options: { readonly hold?: boolean } = {}): Agent => {
  const child = spawn(process.execPath, [join(REPO, "test/support/agentProcess.mjs")], {
    cwd: REPO,
    env: {
      ...world.env,
      PI_AGENT_BROWSER_SOCKET_DIR: world.config.socketDir,
      PI_AGENT_BROWSER_ARTIFACT_DIR: join(world.root, "artifacts"),
      PI_AGENT_BROWSER_IDLE_TIMEOUT_MS: "120000",
      AGENT_ENTRY: ENTRY,
      AGENT_PI_SESSION: piSession,
      AGENT_CWD: cwd,
      AGENT_CALLS: JSON.stringify(calls),
      ...(options.hold === true ? { AGENT_HOLD: "1" } : { AGENT_CLOSE: "1" })
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  started.push(child)
  const lines: Array<Line> = []
  let pending = ""
  let stderr = ""
  child.stderr?.on("data", (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
  const settled = new Promise<ReadonlyArray<Line>>((resolve, reject) => {
    child.stdout?.on("data", (d) => {
      pending += d
      const parts = pending.split("\n")
      pending = parts.pop() ?? ""
      for (const part of parts) {
        // the runtime's own log lines (Effect's default logger) share stdout: only the agent's JSON lines count
        if (!part.startsWith("{")) continue
        const line = JSON.parse(part) as Line
        lines.push(line)
        if (line.held === true || line.done === true) resolve(lines)
      }
    })
    void exited.then((code) =>
      lines.some((l) => l.held === true || l.done === true)
        ? resolve(lines)
        : reject(new Error(`agent ${piSession} exited ${code} early: ${stderr.slice(-2000)}`))
    )
  })
  return { child, lines, settled, exited }
}

const calls = (lines: ReadonlyArray<Line>) => lines.filter((l) => l.i !== undefined)

/** Waits until `check` holds (polling), up to `ms`; answers whether it did. */
const eventually = async (check: () => boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 200)))
    if (check()) return true
  return check()
}

const alive = (found: ReadonlyArray<FoundProcess>) => found.filter((p) => !p.command.includes("agentProcess.mjs"))

describe("one managed session, two processes", () => {
  it("each call runs whole: a batch that opens its own page reads its own page back, in every round; no call fails", {
    timeout: 240_000
  }, async () => {
    const rounds = 8
    const batchOf = (page: string) => ({
      args: ["batch"],
      stdin: JSON.stringify([
        ["open", `${site.origin}/${page}`],
        ["wait", "150"],
        ["get", "url"]
      ])
    })
    const a = agent(
      "shared",
      Array.from({ length: rounds }, () => batchOf("index.html?agent=a"))
    )
    const b = agent(
      "shared",
      Array.from({ length: rounds }, () => batchOf("about.html?agent=b"))
    )
    const [linesA, linesB] = await Promise.all([a.settled, b.settled])
    for (const [lines, own, other] of [
      [linesA, "agent=a", "agent=b"],
      [linesB, "agent=b", "agent=a"]
    ] as const) {
      const done = calls(lines)
      expect(done).toHaveLength(rounds)
      for (const line of done) {
        expect(line.ok, line.text).toBe(true)
        // the get url row (the batch's last) shows this process's own page, never the other's
        const read = line.text?.split("\n").find((l) => l.includes("get url"))
        expect(read, line.text).toContain(own)
        expect(read, line.text).not.toContain(other)
      }
    }
    // both quit: nothing of the shared browser survives
    await Promise.all([a.exited, b.exited])
    expect(
      await eventually(() => alive(processesMentioning(world.root)).length === 0, 10_000),
      JSON.stringify(processesMentioning(world.root))
    ).toBe(true)
  })
})

describe("launch race", () => {
  it(`two processes starting the same session at once, ${RACE_TRIALS} times: both calls succeed, no daemon survives both quitting`, {
    timeout: 600_000
  }, async () => {
    const failures: Array<string> = []
    const leaks: Array<string> = []
    for (let trial = 0; trial < RACE_TRIALS; trial++) {
      const open = [{ args: ["open", `${site.origin}/index.html?trial=${trial}`] }]
      const pair = [agent(`race-${trial}`, open), agent(`race-${trial}`, open)]
      const results = await Promise.all(pair.map((p) => p.settled))
      for (const line of results.flatMap(calls))
        if (line.ok !== true) failures.push(`trial ${trial}: ${line.category}: ${line.text?.slice(0, 300)}`)
      await Promise.all(pair.map((p) => p.exited))
      if (!(await eventually(() => alive(processesMentioning(world.root)).length === 0, 10_000))) {
        leaks.push(
          `trial ${trial}: ${alive(processesMentioning(world.root))
            .map((p) => p.command)
            .join(" | ")}`
        )
        // keep later trials independent of this one's leak
        for (const p of alive(processesMentioning(world.root))) process.kill(p.pid, "SIGKILL")
      }
    }
    expect(failures).toEqual([])
    expect(leaks).toEqual([])
  })
})

describe("a crashed agent", () => {
  it("its browser is reaped by the next agent that starts; another agent's live browser is untouched", {
    timeout: 240_000
  }, async () => {
    const open = (tag: string) => [{ args: ["open", `${site.origin}/index.html?agent=${tag}`] }]
    const victim = agent("victim", open("victim"), { hold: true })
    const bystander = agent("bystander", open("bystander"), { hold: true })
    const [victimLines, bystanderLines] = await Promise.all([victim.settled, bystander.settled])
    const victimSession = calls(victimLines)[0]?.session
    const bystanderSession = calls(bystanderLines)[0]?.session
    expect(victimSession).toBeDefined()
    expect(bystanderSession).toBeDefined()
    const ofSession = (name: string | undefined) => alive(processesMentioning(`AGENT_BROWSER_SESSION=${name}`))
    expect(ofSession(victimSession).length).toBeGreaterThan(0)
    const bystanderPids = ofSession(bystanderSession).map((p) => p.pid)
    expect(bystanderPids.length).toBeGreaterThan(0)

    victim.child.kill("SIGKILL")
    await victim.exited
    // the crash alone ends nothing: the daemon and its Chromium wait (for the idle backstop, without the reaper)
    expect(ofSession(victimSession).length).toBeGreaterThan(0)

    const next = agent("next", [{ args: ["get", "title"] }])
    const nextLines = await next.settled
    expect(calls(nextLines)[0]?.ok, calls(nextLines)[0]?.text).toBe(true)
    await next.exited
    expect(
      await eventually(() => ofSession(victimSession).length === 0, 15_000),
      JSON.stringify(ofSession(victimSession))
    ).toBe(true)
    // the live agent's browser survived, and still answers it
    expect(ofSession(bystanderSession).map((p) => p.pid)).toEqual(expect.arrayContaining(bystanderPids))
    world.raw(["--session", bystanderSession ?? "", "close"])
    bystander.child.kill("SIGKILL")
    await bystander.exited
  })
})
