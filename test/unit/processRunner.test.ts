/** ProcessRunnerLive against small fixture scripts: exit codes, captured output, stdin, the watchdog, argv hygiene. */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { ProcessRunner, type RunRequest } from "../../src/services/ProcessRunner.js"
import { testConfig } from "../support/fakeHarness.js"
import { pidAlive } from "../support/processes.js"

const root = mkdtempSync(join(tmpdir(), "piab-runner-"))
const pids: Array<number> = []
const alive = pidAlive
afterAll(() => {
  for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL")
  rmSync(root, { recursive: true, force: true })
})

const script = (name: string, body: string) => {
  const path = join(root, name)
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
  return path
}
const runner = ProcessRunnerLive.pipe(
  Layer.provide(toolConfigLayer(testConfig(root, { env: { PATH: "/usr/bin:/bin", BASE_VAR: "base" } })))
)
const run = (request: Partial<RunRequest> & Pick<RunRequest, "binary">) =>
  Effect.flatMap(ProcessRunner, (r) => r.run({ args: [], env: {}, timeoutMs: 10_000, ...request }))

/** Waits (real clock) until `pid` is gone; returns whether it went within the bound. */
const gone = (pid: number) =>
  Effect.promise(async () => {
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
    return !alive(pid)
  })

describe("ProcessRunner", () => {
  it.live("exit code, stdout and stderr, argv without a shell, base env plus the request's env, cwd", () =>
    Effect.gen(function* () {
      const bin = script("echo.sh", `printf '%s|' "$@"; echo "$BASE_VAR $EXTRA $(pwd)"; echo oops >&2; exit 3`)
      const result = yield* run({ binary: bin, args: ["a b", "$HOME", "*"], env: { EXTRA: "extra" }, cwd: root })
      expect(result).toMatchObject({
        exitCode: 3,
        signal: null,
        stdout: `a b|$HOME|*|base extra ${root}\n`,
        stderr: "oops\n"
      })
    }).pipe(Effect.provide(runner))
  )

  it.live("stdin reaches the process; exit 0 is a plain success", () =>
    Effect.gen(function* () {
      const bin = script("cat.sh", "cat")
      expect(yield* run({ binary: bin, stdin: '[["get","url"]]' })).toMatchObject({
        exitCode: 0,
        stdout: '[["get","url"]]'
      })
    }).pipe(Effect.provide(runner))
  )

  it.live("the watchdog ends the whole process group and reports TimedOut with what was printed", () =>
    Effect.gen(function* () {
      const pidFile = join(root, "child.pid")
      const bin = script("hang.sh", `sleep 60 & echo $! > "${pidFile}"; echo started; wait`)
      const error = yield* Effect.flip(run({ binary: bin, timeoutMs: 500 }))
      expect(error).toMatchObject({ _tag: "TimedOut", source: "watchdog", timeoutMs: 500, stdout: "started\n" })
      const child = Number(readFileSync(pidFile, "utf8").trim())
      pids.push(child)
      expect(yield* gone(child)).toBe(true)
    }).pipe(Effect.provide(runner))
  )

  it.live("interruption (abort) ends the process group too", () =>
    Effect.gen(function* () {
      const pidFile = join(root, "abort.pid")
      const bin = script("abort.sh", `sleep 60 & echo $! > "${pidFile}"; wait`)
      const fiber = yield* Effect.fork(run({ binary: bin }))
      yield* Effect.promise(async () => {
        for (let i = 0; i < 50 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100))
      })
      yield* Fiber.interrupt(fiber)
      const child = Number(readFileSync(pidFile, "utf8").trim())
      pids.push(child)
      expect(yield* gone(child)).toBe(true)
    }).pipe(Effect.provide(runner))
  )

  it.live("an argument with a NUL byte is never passed: the run fails and the process does not start", () =>
    Effect.gen(function* () {
      const marker = join(root, "nul-ran")
      const bin = script("nul.sh", `touch "${marker}"`)
      const exit = yield* Effect.exit(run({ binary: bin, args: ["fill", "#a", "x\u0000y"] }))
      expect(exit._tag).toBe("Failure")
      expect(existsSync(marker)).toBe(false)
    }).pipe(Effect.provide(runner))
  )

  it.live("a binary that does not exist is MissingBinary not-found", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(run({ binary: join(root, "nope") }))
      expect(error).toMatchObject({ _tag: "MissingBinary", reason: "not-found" })
    }).pipe(Effect.provide(runner))
  )
})
