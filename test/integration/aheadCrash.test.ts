/**
 * A process started ahead (the idle `agent-browser … batch` the runner starts between calls) that crashed while idle
 * is never handed a call, on the real binary: the crash lands while node's event loop is busy, so node still reads
 * the process as running when the call takes it; the call starts a fresh one and answers (#43: it was answered
 * `agent-browser was killed by SIGSEGV before it answered` although its command never ran). The runner's own case
 * takes the crashed process in the same turn of the loop as the crash (the tool's path reads files first, which lets
 * node see the exit): it failed before the fix with that message (SIGKILL: the Rust binary outlives a SIGSEGV sent
 * by kill, its handler is for stack overflows).
 */
import { mkdirSync, readdirSync, readFileSync, readlinkSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "vitest"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { ProcessRunner, type RunRequest } from "../../src/services/ProcessRunner.js"
import { textOf } from "../support/harness.js"
import { NATIVE_BINARY } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

/** This process's idle `agent-browser … batch` children (started ahead, waiting for stdin), in `cwd` if given. */
const waitingBatches = (cwd?: string): ReadonlyArray<number> =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, "utf8")
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
        const args = readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0")
        const mine = ppid === process.pid && args.includes("batch") && /agent-browser/.test(args[0] ?? "")
        return mine && (cwd === undefined || readlinkSync(`/proc/${d}/cwd`) === cwd) ? [Number(d)] : []
      } catch {
        return []
      }
    })

const until = async <A>(read: () => A | undefined, ms: number): Promise<A | undefined> => {
  const deadline = Date.now() + ms
  for (;;) {
    const value = read()
    if (value !== undefined || Date.now() > deadline) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.skipIf(process.platform !== "linux")("a process started ahead that crashed while idle", () => {
  it("is not handed the call: the call starts a fresh one and answers", async () => {
    const first = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    expect(first.isError, textOf(first)).toBe(false)
    const read = { args: ["get", "text", "h1"] }
    expect(textOf(await live.tool.call(read))).toContain("Sign in to Acme")
    const waiting = await until(() => waitingBatches()[0], 10_000)
    expect(waiting, "a process waits ahead after the read").toBeDefined()
    // the crash lands while the event loop is busy (a loaded machine): no exit event is processed before the call
    process.kill(-(waiting ?? 0), "SIGKILL")
    const busy = Date.now() + 300
    while (Date.now() < busy) {
      /* busy */
    }
    const again = await live.tool.call(read)
    expect(again.isError, textOf(again)).toBe(false)
    expect(textOf(again)).toContain("Sign in to Acme")
    expect(textOf(again)).not.toContain("killed by")
  }, 120_000)

  it("the runner on the real binary: the dead one is taken in the crash's own turn; a fresh one answers", async () => {
    const open = await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const session = open.details.sessionName ?? ""
    const prefix = ["--json", "--session", session]
    // its own folder tells this runner's processes from the tool's
    const cwd = join(live.world.root, "ahead-runner")
    mkdirSync(cwd, { recursive: true })
    const request: RunRequest = {
      binary: NATIVE_BINARY,
      cwd,
      args: [...prefix, "get", "title"],
      env: { AGENT_BROWSER_SOCKET_DIR: live.world.config.socketDir },
      timeoutMs: 30_000,
      startsAhead: { startupFiles: [] },
      asBatchStep: { args: [...prefix, "batch", "--omit-command", "--bail"], step: ["get", "title"] }
    }
    const runner = ProcessRunnerLive.pipe(Layer.provide(toolConfigLayer(live.world.config)))
    const answer = await Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const ctx = yield* Layer.build(runner)
          const run = Effect.flatMap(ProcessRunner, (p) => p.run(request)).pipe(Effect.provide(ctx))
          yield* run
          const waiting = yield* Effect.promise(() => until(() => waitingBatches(cwd)[0], 10_000))
          expect(waiting, "a process waits ahead after the run").toBeDefined()
          // the run starts in the same synchronous turn as the crash and the busy loop: no exit event comes between
          const taken = yield* Effect.sync(() => {
            process.kill(-(waiting ?? 0), "SIGKILL")
            const busy = Date.now() + 300
            while (Date.now() < busy) {
              /* busy */
            }
            return Effect.runPromise(Effect.either(run))
          })
          return yield* Effect.promise(() => taken)
        })
      )
    )
    expect(answer._tag, JSON.stringify(answer)).toBe("Right")
    if (answer._tag === "Right") expect(answer.right.stdout).toContain("Acme Sign-in")
  }, 120_000)
})
