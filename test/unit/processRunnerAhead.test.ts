/**
 * ProcessRunnerLive's processes started ahead (`startsAhead`): the next identical run is served by a process that
 * was already running when it was asked, other requests never are, one that died or whose start-up file changed is
 * not used, the watchdog still ends a run that hangs, and the layer's end leaves no waiting process behind.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { AHEAD_DELAY_MS } from "../../src/layers/processRunner/aheadPool.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { ProcessRunner, type RunRequest } from "../../src/services/ProcessRunner.js"
import { testConfig } from "../support/fakeHarness.js"
import { pidAlive } from "../support/processes.js"

const root = mkdtempSync(join(tmpdir(), "piab-ahead-"))
const alive = pidAlive
const pidsFile = join(root, "pids")
const startedPids = (): ReadonlyArray<number> => {
  try {
    return readFileSync(pidsFile, "utf8")
      .trim()
      .split("\n")
      .filter((l) => l !== "")
      .map(Number)
  } catch {
    return []
  }
}
afterAll(() => {
  for (const pid of startedPids()) if (alive(pid)) process.kill(pid, "SIGKILL")
  rmSync(root, { recursive: true, force: true })
})

/** Like a stdin-form batch: says when it started, then acts only once its stdin has ended. */
const bin = join(root, "batch.sh")
writeFileSync(
  bin,
  `#!/bin/sh\necho $$ >> "${pidsFile}"\nstarted=$(date +%s%3N)\ninput=$(cat)\n[ "$input" = hang ] && sleep 60\necho "$$ $started $input"\n`
)
chmodSync(bin, 0o755)

const runner = ProcessRunnerLive.pipe(
  Layer.provide(toolConfigLayer(testConfig(root, { env: { PATH: "/usr/bin:/bin" } })))
)
const configFile = join(root, "agent-browser.json")
const request = (stdin: string, extra: Partial<RunRequest> = {}): RunRequest => ({
  binary: bin,
  args: ["batch"],
  env: { A: "1" },
  timeoutMs: 10_000,
  stdin,
  startsAhead: { startupFiles: [configFile] },
  ...extra
})
/** Runs it; its pid, whether it was already running when asked, and what it read. */
const run = (r: RunRequest) =>
  Effect.gen(function* () {
    const asked = Date.now()
    const result = yield* Effect.flatMap(ProcessRunner, (p) => p.run(r))
    const [pid, started, input] = result.stdout.trim().split(" ")
    return { pid: Number(pid), ahead: Number(started) < asked, input }
  })
const pause = (ms: number) => Effect.promise(() => new Promise((r) => setTimeout(r, ms)))
const settle = pause(AHEAD_DELAY_MS + 150)

describe("ProcessRunner: processes started ahead", () => {
  it.live(
    "the next identical startsAhead run is served by a process already running; each run gets its own input",
    () =>
      Effect.gen(function* () {
        const first = yield* run(request("one"))
        yield* settle
        const second = yield* run(request("two"))
        yield* settle
        const third = yield* run(request("three"))
        expect(first).toMatchObject({ ahead: false, input: "one" })
        expect(second).toMatchObject({ ahead: true, input: "two" })
        expect(third).toMatchObject({ ahead: true, input: "three" })
        expect(new Set([first.pid, second.pid, third.pid]).size).toBe(3)
      }).pipe(Effect.provide(runner))
  )

  it.live("requests without startsAhead, or with other args, env or cwd, are never served by one", () =>
    Effect.gen(function* () {
      yield* run(request("a"))
      yield* settle
      expect(yield* run(request("b", { args: ["batch", "--bail"] }))).toMatchObject({ ahead: false })
      expect(yield* run(request("c", { env: { A: "2" } }))).toMatchObject({ ahead: false })
      expect(yield* run(request("d", { cwd: root }))).toMatchObject({ ahead: false })
      const { startsAhead: _, ...plain } = request("e")
      yield* run(plain)
      yield* settle
      expect(yield* run({ ...plain, stdin: "f" })).toMatchObject({ ahead: false, input: "f" })
    }).pipe(Effect.provide(runner))
  )

  it.live("a waiting process that died is not used: the run starts a new one", () =>
    Effect.gen(function* () {
      const before = new Set(startedPids())
      const first = yield* run(request("one"))
      yield* settle
      const waiting = startedPids().filter((p) => !before.has(p) && p !== first.pid && alive(p))
      expect(waiting.length).toBe(1)
      process.kill(waiting[0] ?? 0, "SIGKILL")
      yield* pause(100)
      const next = yield* run(request("two"))
      expect(next).toMatchObject({ ahead: false, input: "two" })
      expect(next.pid).not.toBe(waiting[0])
    }).pipe(Effect.provide(runner))
  )

  it.live(
    "one that crashed while idle, its exit not yet seen by node (a busy loop), is not handed the call (#43)",
    () =>
      Effect.gen(function* () {
        const before = new Set(startedPids())
        const first = yield* run(request("one"))
        yield* settle
        const waiting = startedPids().filter((p) => !before.has(p) && p !== first.pid && alive(p))
        expect(waiting.length).toBe(1)
        // the crash lands while the event loop is busy (a loaded machine): node still reads the process as running
        yield* Effect.sync(() => {
          process.kill(-(waiting[0] ?? 0), "SIGSEGV")
          const until = Date.now() + 200
          while (Date.now() < until) {
            /* busy: no exit event is processed */
          }
        })
        const next = yield* run(request("two"))
        expect(next).toMatchObject({ ahead: false, input: "two" })
        expect(next.pid).not.toBe(waiting[0])
      }).pipe(Effect.provide(runner))
  )

  it.live("a start-up file created, changed or removed since a process was started ahead: it is not used", () =>
    Effect.gen(function* () {
      yield* run(request("one"))
      yield* settle
      writeFileSync(configFile, "{}")
      expect(yield* run(request("created"))).toMatchObject({ ahead: false, input: "created" })
      yield* settle
      writeFileSync(configFile, '{"headed": true}')
      expect(yield* run(request("changed"))).toMatchObject({ ahead: false, input: "changed" })
      yield* settle
      expect(yield* run(request("same"))).toMatchObject({ ahead: true, input: "same" })
      yield* settle
      rmSync(configFile)
      expect(yield* run(request("removed"))).toMatchObject({ ahead: false, input: "removed" })
    }).pipe(Effect.provide(runner))
  )

  it.live(
    "a query run as a one-step batch: the batch form runs (ahead, once one waits) and answers as the query's envelope",
    () =>
      Effect.gen(function* () {
        const rows = join(root, "rows.sh")
        writeFileSync(
          rows,
          `#!/bin/sh\nstarted=$(date +%s%3N)\ninput=$(cat)\nprintf '[{"index":0,"success":true,"result":{"args":"%s","step":%s,"started":%s},"error":null}]' "$*" "$input" "$started"\n`
        )
        chmodSync(rows, 0o755)
        const query = (): RunRequest => ({
          binary: rows,
          args: ["--json", "get", "url"],
          env: {},
          timeoutMs: 10_000,
          startsAhead: { startupFiles: [] },
          asBatchStep: { args: ["--json", "batch", "--bail"], step: ["get", "url"] }
        })
        const answer = (stdout: string) =>
          JSON.parse(stdout) as { success: boolean; data: { args: string; step: unknown; started: number } }
        yield* Effect.flatMap(ProcessRunner, (p) => p.run(query()))
        yield* settle
        const asked = Date.now()
        const second = answer((yield* Effect.flatMap(ProcessRunner, (p) => p.run(query()))).stdout)
        expect(second).toMatchObject({ success: true, data: { args: "--json batch --bail", step: [["get", "url"]] } })
        expect(second.data.started).toBeLessThan(asked)
      }).pipe(Effect.provide(runner))
  )

  it.live(
    "a binary removed or replaced since a process was started ahead: it is not used (the run says the binary is missing)",
    () =>
      Effect.gen(function* () {
        const copy = join(root, "copy.sh")
        writeFileSync(copy, readFileSync(bin))
        chmodSync(copy, 0o755)
        yield* run(request("one", { binary: copy }))
        yield* settle
        writeFileSync(copy, readFileSync(bin, "utf8") + "\n# upgraded\n")
        expect(yield* run(request("replaced", { binary: copy }))).toMatchObject({ ahead: false, input: "replaced" })
        yield* settle
        rmSync(copy)
        expect(yield* Effect.flip(run(request("removed", { binary: copy })))).toMatchObject({
          _tag: "MissingBinary",
          reason: "not-found"
        })
      }).pipe(Effect.provide(runner))
  )

  it.live("the watchdog still ends a run served by a process started ahead", () =>
    Effect.gen(function* () {
      yield* run(request("one", { timeoutMs: 400 }))
      yield* settle
      const error = yield* Effect.flip(run(request("hang", { timeoutMs: 400 })))
      expect(error).toMatchObject({ _tag: "TimedOut", timeoutMs: 400 })
    }).pipe(Effect.provide(runner))
  )

  it.live("a waiting process does not keep node's event loop alive; the run that takes it does until it answers", () =>
    Effect.gen(function* () {
      const processes = () => process.getActiveResourcesInfo().filter((r) => r === "ProcessWrap").length
      // what earlier tests ended has closed (their layers ended their processes)
      yield* Effect.promise(async () => {
        for (let i = 0; i < 40 && processes() > 0; i++) await new Promise((r) => setTimeout(r, 50))
      })
      const idle = processes()
      yield* run(request("one"))
      yield* settle
      const waiting = startedPids().filter(alive)
      expect(waiting.length).toBeGreaterThan(0)
      expect(processes()).toBe(idle)
      const during: Array<number> = []
      const fiber = yield* Effect.fork(run(request("hang", { timeoutMs: 400 })))
      yield* pause(100)
      during.push(processes())
      yield* Effect.exit(Fiber.join(fiber))
      expect(during[0]).toBe(idle + 1)
    }).pipe(Effect.provide(runner))
  )

  it.live("the layer's end ends every waiting process", () =>
    Effect.gen(function* () {
      const before = new Set(startedPids())
      const all = yield* Effect.scoped(
        Effect.gen(function* () {
          const ctx = yield* Layer.build(runner)
          yield* run(request("x")).pipe(Effect.provide(ctx))
          yield* run(request("y", { args: ["batch", "--other"] })).pipe(Effect.provide(ctx))
          yield* settle
          const mine = startedPids().filter((p) => !before.has(p))
          expect(mine.filter(alive).length).toBe(2)
          return mine
        })
      )
      expect(all.length).toBe(4)
      expect(all.filter(alive)).toEqual([])
    })
  )
})
