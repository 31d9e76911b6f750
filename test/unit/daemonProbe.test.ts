/**
 * DaemonProbeLive: reads a session's pid and active URL from its socket directory (anything missing is unknown), and
 * ends a daemon by its pid only when the process table shows that pid running agent-browser, with the start time it
 * had when it was read (an in-memory table: no real process is touched).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { DaemonProbeLive } from "../../src/layers/DaemonProbeLive.js"
import { type FakeProcess, FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"

const dir = mkdtempSync(join(tmpdir(), "piab-probe-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const DAEMON: FakeProcess = { pid: 4242, argv: ["/usr/lib/node_modules/agent-browser/bin/agent-browser-linux-x64"] }
const world = (processes: ReadonlyArray<FakeProcess> = []) =>
  DaemonProbeLive.pipe(Layer.provideMerge(FakeOsProcesses.layer(processes)))

const observe = (session: string) =>
  Effect.flatMap(DaemonProbe, (probe) => probe.observe(dir, session)).pipe(Effect.provide(world()))
const end = (session: string) => Effect.flatMap(DaemonProbe, (probe) => probe.end(dir, session))
const signalsSent = Effect.map(
  Effect.flatMap(FakeOsProcesses, (driver) => driver.signals),
  (list) => list.map((s) => `${s.target._tag}:${s.signal}`)
)

describe("DaemonProbe", () => {
  it.effect("pid and url from <session>.pid and <session>.target", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "s1.pid"), "4242\n")
      writeFileSync(join(dir, "s1.target"), JSON.stringify({ url: "http://127.0.0.1:8080/a", title: "A" }))
      expect(yield* observe("s1")).toEqual({ pid: "4242", url: "http://127.0.0.1:8080/a" })
    })
  )

  it.effect("a session without files is unknown, not an error", () =>
    Effect.gen(function* () {
      expect(yield* observe("absent")).toEqual({ pid: undefined, url: undefined })
    })
  )

  it.effect("an empty pid file, a corrupt target and a target without a string url read as unknown", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "s2.pid"), "")
      writeFileSync(join(dir, "s2.target"), "{not json")
      expect(yield* observe("s2")).toEqual({ pid: undefined, url: undefined })
      writeFileSync(join(dir, "s3.pid"), "77")
      writeFileSync(join(dir, "s3.target"), JSON.stringify({ url: 5 }))
      expect(yield* observe("s3")).toEqual({ pid: "77", url: undefined })
    })
  )
})

describe("DaemonProbe.end", () => {
  it.effect("a live agent-browser daemon is ended by SIGTERM (pid with its start time) and leaves no process", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "e1.pid"), "4242\n")
      expect(yield* end("e1")).toBe("ended")
      expect(yield* signalsSent).toEqual(["Pid:SIGTERM"])
      expect((yield* (yield* FakeOsProcesses).signals)[0]?.target).toEqual({ _tag: "Pid", pid: 4242, startTime: "t1" })
      expect((yield* (yield* FakeOsProcesses).table).map((p) => p.pid)).toEqual([])
    }).pipe(Effect.provide(world([DAEMON])))
  )

  it.effect("a pid now running another program, a zombie, or no pid file: not-running, nothing signalled", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "e2.pid"), "4243")
      writeFileSync(join(dir, "e3.pid"), "4242")
      yield* (yield* FakeOsProcesses).zombify(4242)
      expect(yield* end("e2")).toBe("not-running")
      expect(yield* end("e3")).toBe("not-running")
      expect(yield* end("absent")).toBe("not-running")
      expect(yield* signalsSent).toEqual([])
    }).pipe(Effect.provide(world([DAEMON, { pid: 4243, argv: ["/usr/bin/vim", "notes.txt"] }])))
  )

  it.live("a daemon that ignores SIGTERM is SIGKILLed after the grace, and its pid and socket files are removed", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "e4.pid"), "4242")
      writeFileSync(join(dir, "e4.sock"), "")
      yield* (yield* FakeOsProcesses).ignore(4242, "SIGTERM")
      expect(yield* end("e4")).toBe("ended")
      expect(yield* signalsSent).toEqual(["Pid:SIGTERM", "Pid:SIGKILL"])
      expect(existsSync(join(dir, "e4.pid")) || existsSync(join(dir, "e4.sock"))).toBe(false)
    }).pipe(Effect.provide(world([DAEMON])))
  )

  it.effect("a process table that cannot be read: unchecked, nothing signalled, the files kept", () =>
    Effect.gen(function* () {
      writeFileSync(join(dir, "e5.pid"), "4242")
      yield* (yield* FakeOsProcesses).setUnavailable(true)
      expect(yield* end("e5")).toBe("unchecked")
      expect(yield* signalsSent).toEqual([])
      expect(existsSync(join(dir, "e5.pid"))).toBe(true)
    }).pipe(Effect.provide(world([DAEMON])))
  )
})
