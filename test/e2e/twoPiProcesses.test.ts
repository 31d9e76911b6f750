/**
 * One pi session resumed in two real pi processes at once (0.87.1 and 1.6.0, the oldest and newest the tests run, on
 * node 24; scripted faux models, real Chromium),
 * as a person does with two terminals (#26): both drive the same managed session, each call runs whole under the
 * session's cross-process lock (a batch that opens its own page reads its own page back, never the other process's),
 * none fails, and once both have quit nothing of the session is left running.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PI_OLDEST_AND_NEWEST, type PiRun, REPO, runPi } from "../../scripts/lib/runPi.mjs"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { processesMentioning } from "../support/processes.js"
import { TEST_MARKER } from "../support/liveEnv.js"

const CALLS = 10
let site: StaticServer
const roots: Array<string> = []

beforeAll(async () => {
  if (!existsSync(join(REPO, "dist/extension.js"))) throw new Error("run `npm run build` first (npm test does)")
  site = await startStaticServer(join(REPO, "fixtures/site"))
})

afterAll(async () => {
  await site?.close()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const ends = (run: PiRun) => run.events.filter((e) => e.type === "tool_execution_end")
const textOf = (end: Record<string, any>): string =>
  (end["result"]?.content ?? [])
    .filter((c: any) => c.type === "text")
    .map((c: any) => c.text)
    .join("\n")

/**
 * CALLS batches, each opening this process's own page, holding it 300 ms, and reading the address back in the same
 * call; the two processes start their calls together (the faux driver's barrier), so they overlap.
 */
const steps = (root: string, who: string) => [
  ...Array.from({ length: CALLS }, (_, n) => ({
    tool: "agent_browser",
    args: {
      args: ["batch"],
      stdin: JSON.stringify([
        ["open", `${site.origin}/index.html?who=${who}&n=${n}`],
        ["wait", "300"],
        ["get", "url"]
      ])
    },
    // the first call of each waits for the other process to be ready too, however long each pi took to start
    ...(n === 0
      ? { barrier: { touch: join(root, `ready-${who}`), waitFor: [join(root, "ready-A"), join(root, "ready-B")] } }
      : {})
  })),
  { text: `${who} done` }
]

describe.each(PI_OLDEST_AND_NEWEST)("one session of pi %s resumed in two pi processes at once", (_version, cli) => {
  it("every call runs whole (its own page read back), none fails, and nothing survives both quitting", async () => {
    const root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}pi2-`))
    roots.push(root)
    const first = await runPi({
      root,
      cli,
      prompt: "start",
      steps: [{ tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } }, { text: "started" }]
    })
    expect(first.code, first.stderr).toBe(0)
    const session = ends(first)[0]?.["result"].details.sessionName as string
    // when each process's calls were asked for and ended, to show the two ran at the same time
    const endedAt: Record<string, Array<number>> = { A: [], B: [] }
    const startedAt: Record<string, Array<number>> = { A: [], B: [] }
    const onEnd = (who: string) => (event: Record<string, unknown>) => {
      if (event["type"] === "tool_execution_start") startedAt[who]?.push(Date.now())
      if (event["type"] === "tool_execution_end") endedAt[who]?.push(Date.now())
    }
    const a = runPi({
      root,
      cli,
      prompt: "go on as A",
      args: ["-c"],
      steps: steps(root, "A"),
      timeoutMs: 180_000,
      onEvent: onEnd("A")
    })
    await new Promise((r) => setTimeout(r, 20)) // another faux script file name (runPi names it by the clock)
    const b = runPi({
      root,
      cli,
      prompt: "go on as B",
      args: ["-c"],
      steps: steps(root, "B"),
      timeoutMs: 180_000,
      onEvent: onEnd("B")
    })
    const runs = await Promise.all([a, b])
    for (const [who, run] of [
      ["A", runs[0]],
      ["B", runs[1]]
    ] as const) {
      expect(run.code, run.stderr).toBe(0)
      const calls = ends(run)
      expect(calls).toHaveLength(CALLS)
      for (const [n, end] of calls.entries()) {
        const text = textOf(end)
        expect(end["isError"], text).toBe(false)
        expect(end["result"].details.sessionName).toBe(session) // the same managed session in both processes
        expect(text, `${who} call ${n}`).toMatch(new RegExp(`get url → \\S*who=${who}&n=${n}\\b`))
        expect(text).not.toContain(`who=${who === "A" ? "B" : "A"}`)
      }
    }
    // each process asked for a call while the other's calls were still running (else this proves nothing about the
    // lock), and the lock went in the order asked: the calls take turns, rather than one process holding it for all
    // its calls while the other waits (a holder that asked again at once used to win every time)
    const askedFirst = (who: string) => Math.min(...startedAt[who]!)
    const last = (who: string) => Math.max(...endedAt[who]!)
    expect(askedFirst("A") < last("B") && askedFirst("B") < last("A"), JSON.stringify({ startedAt, endedAt })).toBe(
      true
    )
    const order = [...endedAt["A"]!.map((t) => ({ t, who: "A" })), ...endedAt["B"]!.map((t) => ({ t, who: "B" }))]
      .sort((x, y) => x.t - y.t)
      .map((e) => e.who)
    const turns = order.filter((who, i) => i > 0 && who !== order[i - 1]).length
    expect(turns, order.join("")).toBeGreaterThanOrEqual(CALLS / 2)
    let leftover = processesMentioning(root)
    for (let i = 0; i < 20 && leftover.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 250))
      leftover = processesMentioning(root)
    }
    expect(leftover).toEqual([])
  }, 300_000)
})
