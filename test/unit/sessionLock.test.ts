/**
 * The cross-process session lock (SessionLockLive over fs-native-extensions): a second holder waits its turn, one
 * that cannot be waited out is named, and a holder killed with SIGKILL frees the session at once (the kernel drops
 * the lock). The refusal's next action is the same call with a longer wait.
 */
import { spawn } from "node:child_process"
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { makeSessionLock, SessionLockLive } from "../../src/layers/SessionLockLive.js"
import { SessionLock } from "../../src/services/SessionLock.js"
import { TimedOut } from "../../src/schema/ToolError.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { resolveInputMode } from "../../src/program/pipeline/prepare.js"
import { planInvocation } from "../../src/program/pipeline/planInvocation.js"
import { initialSessionState } from "../../src/domain/SessionState.js"
import { suiteTempRoot, testConfig } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const withLock = <A, E>(path: string, waitMs: number, task: Effect.Effect<A, E>) =>
  Effect.flatMap(SessionLock, (lock) => lock.withLock(path, waitMs, task)).pipe(Effect.provide(SessionLockLive))

/** A separate process that takes the lock as the tool does and holds it until killed; resolves once it holds it. */
const holdInChild = (path: string) =>
  new Promise<{ readonly pid: number; readonly kill: () => Promise<void> }>((resolve, reject) => {
    const script = `const fsx = require("fs-native-extensions"); const fs = require("fs");
const fd = fs.openSync(${JSON.stringify(path)}, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
if (!fsx.tryLock(fd)) process.exit(3);
fs.ftruncateSync(fd, 0); fs.writeSync(fd, JSON.stringify({ pid: process.pid, command: "node holder.js", since: Date.now() }), 0);
process.stdout.write("held\\n"); setInterval(() => {}, 1000);`
    const child = spawn(process.execPath, ["-e", script], {
      cwd: join(import.meta.dirname, "../.."),
      stdio: ["ignore", "pipe", "inherit"]
    })
    child.once("error", reject)
    child.once("exit", (code) => reject(new Error(`holder exited with ${code}`)))
    child.stdout.once("data", () => {
      child.removeAllListeners("exit")
      resolve({
        pid: child.pid ?? 0,
        kill: () =>
          new Promise((done) => {
            child.once("exit", () => done())
            child.kill("SIGKILL")
          })
      })
    })
  })

describe("SessionLockLive", () => {
  it("a second call on the same session waits for the first, then runs", async () => {
    const path = join(temp.root, "a.piab-lock")
    const order: Array<string> = []
    const step = (name: string, ms: number) =>
      Effect.sync(() => order.push(`${name}+`)).pipe(
        Effect.zipRight(Effect.sleep(ms)),
        Effect.zipRight(Effect.sync(() => order.push(`${name}-`)))
      )
    await Effect.runPromise(
      Effect.all(
        [
          withLock(path, 5_000, step("a", 300)),
          Effect.sleep(50).pipe(Effect.zipRight(withLock(path, 5_000, step("b", 10))))
        ],
        { concurrency: "unbounded" }
      )
    )
    expect(order).toEqual(["a+", "a-", "b+", "b-"])
  })

  it("a session folder that does not exist yet is made (private) when the lock or a share is first taken", async () => {
    const dir = join(temp.root, "not-yet", "sockets")
    const path = join(dir, "c.piab-lock")
    expect(await Effect.runPromise(withLock(path, 1_000, Effect.succeed("ran")))).toBe("ran")
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    const shared = join(temp.root, "not-yet-either", "d.piab-lock")
    await Effect.runPromise(
      Effect.flatMap(SessionLock, (lock) => lock.join(shared)).pipe(Effect.provide(SessionLockLive))
    )
    expect(existsSync(join(temp.root, "not-yet-either", "d.piab-users"))).toBe(true)
  })

  it("a holder that outlasts the budget is named; nothing of the waiting call runs", async () => {
    const path = join(temp.root, "b.piab-lock")
    const holder = await holdInChild(path)
    try {
      let ran = false
      const started = Date.now()
      const result = await Effect.runPromise(
        Effect.either(
          withLock(
            path,
            400,
            Effect.sync(() => (ran = true))
          )
        )
      )
      expect(Date.now() - started).toBeGreaterThanOrEqual(390)
      expect(ran).toBe(false)
      expect(Either.isLeft(result) && result.left).toMatchObject({
        _tag: "TimedOut",
        source: "session-lock",
        dispatched: "no",
        timeoutMs: 400,
        holder: { pid: holder.pid, command: "node holder.js" }
      })
    } finally {
      await holder.kill()
    }
  })

  it("the lock goes in the order it was asked for: a holder that asks again at once queues behind a waiter", async () => {
    const path = join(temp.root, "fair.piab-lock")
    const order: Array<string> = []
    const hold = (name: string) =>
      withLock(path, 10_000, Effect.sync(() => order.push(name)).pipe(Effect.zipRight(Effect.sleep(60))))
    // A takes the lock five times back to back; B asks once, while A's first turn runs
    const a = Effect.forEach([1, 2, 3, 4, 5], (n) => hold(`a${n}`), { discard: true })
    const b = Effect.sleep(20).pipe(Effect.zipRight(hold("b")))
    await Effect.runPromise(Effect.all([a, b], { concurrency: "unbounded", discard: true }))
    expect(order.indexOf("b")).toBe(1)
    // nobody is left in line
    expect(readdirSync(temp.root).filter((n) => n.startsWith("fair.piab-lock.wait."))).toEqual([])
  })

  it("a ticket left by a process that died, or long expired, never blocks the line", async () => {
    const path = join(temp.root, "stale.piab-lock")
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
      child.once("exit", () => resolve(child.pid ?? 0))
    })
    const now = Date.now()
    const stale = [
      `stale.piab-lock.wait.${now - 1000}.${now + 60_000}.${dead}.0`,
      `stale.piab-lock.wait.${now - 90_000}.${now - 60_000}.${process.pid}.0`
    ]
    for (const name of stale) writeFileSync(join(temp.root, name), "")
    const started = Date.now()
    await Effect.runPromise(withLock(path, 5_000, Effect.void))
    expect(Date.now() - started).toBeLessThan(1_000)
    for (const name of stale) expect(existsSync(join(temp.root, name))).toBe(false)
  })

  it("a holder killed with SIGKILL frees the session at once", async () => {
    const path = join(temp.root, "c.piab-lock")
    const holder = await holdInChild(path)
    const waiting = Effect.runPromise(
      withLock(
        path,
        10_000,
        Effect.sync(() => Date.now())
      )
    )
    await new Promise((r) => setTimeout(r, 300))
    const killedAt = Date.now()
    await holder.kill()
    expect((await waiting) - killedAt).toBeLessThan(1_000)
  })

  it("an ended session's lock file is retired when free, kept while another process holds it, and a waiter on the old file moves to a new one", async () => {
    const lock = await Effect.runPromise(Effect.provide(SessionLock, SessionLockLive))
    const path = join(temp.root, "e.piab-lock")
    await Effect.runPromise(lock.withLock(path, 1_000, Effect.void))
    expect(existsSync(path)).toBe(true)
    expect(await Effect.runPromise(lock.retire(path))).toBe(true)
    expect(existsSync(path)).toBe(false)
    expect(await Effect.runPromise(lock.retire(path))).toBe(false)

    const holder = await holdInChild(path)
    try {
      expect(await Effect.runPromise(lock.retire(path))).toBe(false)
      expect(existsSync(path)).toBe(true)
    } finally {
      await holder.kill()
    }

    // one call holds the lock while the file is retired under a second that already opened it: they never overlap
    const order: Array<string> = []
    const step = (name: string, ms: number) =>
      Effect.sync(() => order.push(`${name}+`)).pipe(
        Effect.zipRight(Effect.sleep(ms)),
        Effect.zipRight(Effect.sync(() => order.push(`${name}-`)))
      )
    await Effect.runPromise(
      Effect.all(
        [
          lock.withLock(path, 5_000, step("a", 300).pipe(Effect.zipRight(Effect.sync(() => rmSync(path))))),
          Effect.sleep(50).pipe(Effect.zipRight(lock.withLock(path, 5_000, step("b", 10))))
        ],
        { concurrency: "unbounded" }
      )
    )
    expect(order).toEqual(["a+", "a-", "b+", "b-"])
  })

  it("without the native module the lock says so and orders nothing across processes", async () => {
    const lock = makeSessionLock("no prebuild for this platform")
    expect(lock.crossProcess).toBe(false)
    expect(lock.mechanism).toContain("within each process only")
    expect(await Effect.runPromise(lock.withLock(join(temp.root, "d.piab-lock"), 10, Effect.succeed(7)))).toBe(7)
  })
})

describe("the processes that use a session (join / leave / inUse)", () => {
  it("the last to leave is told it is alone; a user that dies stops counting at once", async () => {
    const native = (await import("node:module")).createRequire(import.meta.url)("fs-native-extensions")
    // two instances hold two open files: the kernel treats them as two processes
    const first = makeSessionLock(native),
      second = makeSessionLock(native)
    const path = join(temp.root, "shared.piab-lock")
    const run = <A>(e: Effect.Effect<A>) => Effect.runPromise(e)
    expect(await run(first.inUse(path))).toBe(false)
    await run(first.join(path))
    await run(second.join(path))
    await run(second.join(path)) // once per process: joining again changes nothing
    expect(await run(first.leave(path))).toEqual({ othersRemain: true })
    expect(await run(first.inUse(path))).toBe(true)
    expect(await run(second.leave(path))).toEqual({ othersRemain: false })
    expect(existsSync(join(temp.root, "shared.piab-users"))).toBe(false)
    expect(await run(first.inUse(path))).toBe(false)
    // a user in another process that is SIGKILLed no longer counts
    const holder = await holdInChild(join(temp.root, "killed.piab-users"))
    expect(await run(first.inUse(join(temp.root, "killed.piab-lock")))).toBe(true)
    await holder.kill()
    expect(await run(first.inUse(join(temp.root, "killed.piab-lock")))).toBe(false)
  })

  it("without the native module nobody else is known: the process that leaves decides alone", async () => {
    const lock = makeSessionLock("no prebuild for this platform")
    const path = join(temp.root, "alone.piab-lock")
    await Effect.runPromise(lock.join(path))
    expect(await Effect.runPromise(lock.leave(path))).toEqual({ othersRemain: false })
    expect(await Effect.runPromise(lock.inUse(path))).toBe(false)
  })
})

describe("the refusal a model reads", () => {
  it("names the other process and offers the same call with a wait that outlasts its hold", () => {
    const resolved = resolveInputMode({ args: ["get", "title"] }, "/work/cwd")
    if (Either.isLeft(resolved)) throw new Error("input")
    const planned = planInvocation(
      resolved.right.input,
      initialSessionState("pi-lock-0001"),
      testConfig(temp.root),
      "/work/cwd"
    )
    if (Either.isLeft(planned)) throw new Error("plan")
    const plan = { ...planned.right, compiled: resolved.right.compiled }
    const error = new TimedOut({
      reason: "session-lock",
      lockPath: "/tmp/s/pi-lock-0001.lock",
      timeoutMs: 35_000,
      dispatched: "no",
      stdout: "",
      stderr: "",
      holder: { pid: 4242, command: "node cli.js", heldMs: 50_000, remainingMs: 70_000 }
    })
    const failure = formatFailure(plan, error)
    expect(failure.text).toContain("in use by another process (pid 4242: node cli.js, holding it for 50 s)")
    expect(failure.text).toContain("ran nothing")
    expect(failure.nextActions).toEqual([
      expect.objectContaining({ id: "retry-when-session-free", params: { args: ["get", "title"], timeoutMs: 106_000 } })
    ])
  })
})
