/**
 * SessionRegistry: its rules (activation, rotation, fresh replacement, stale completions after a branch change,
 * captures, routes, pins, ref maps) and its lock (strictly one at a time per key under a burst, keys concurrent).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as TestClock from "effect/TestClock"
import { SessionRegistryLive } from "../../src/layers/SessionRegistryLive.js"
import { planInvocation } from "../../src/program/pipeline/planInvocation.js"
import { initialSessionState, type SessionState } from "../../src/domain/SessionState.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { testConfig } from "../support/fakeHarness.js"

const config = testConfig("/tmp/x")
const planFor = (args: ReadonlyArray<string>, state: SessionState, sessionMode: "auto" | "fresh" = "auto") =>
  Either.getOrThrow(planInvocation({ args, sessionMode }, state, config, "/"))

/** Records a call planned against the current state. */
const record = (args: ReadonlyArray<string>, extra: Parameters<SessionRegistry["Type"]["recordCall"]>[1] = {}) =>
  Effect.flatMap(SessionRegistry, (registry) =>
    Effect.flatMap(registry.current("pi-base"), (state) => registry.recordCall(planFor(args, state), extra))
  )

describe("SessionRegistry rules", () => {
  it.effect("a successful call activates the managed session; close rotates to a new name", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      yield* record(["open", "http://a"])
      expect((yield* registry.current("pi-base")).managed).toMatchObject({ name: "pi-base", active: true })
      yield* record(["close"])
      expect((yield* registry.current("pi-base")).managed).toMatchObject({ name: "pi-base-1", active: false })
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("a fresh launch replaces the active managed session and returns it for closing", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      yield* record(["open", "http://a"])
      const replaced = yield* registry.recordCall(
        planFor(["--profile", "P", "open", "http://b"], yield* registry.current("pi-base"), "fresh"),
        {}
      )
      expect(Option.getOrUndefined(replaced)?.name).toBe("pi-base")
      expect((yield* registry.current("pi-base")).managed).toMatchObject({
        name: "pi-base-1",
        active: true,
        launchFlags: ["--profile", "P"]
      })
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("a call that completes after pi switched branches does not overwrite the restored state", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const inFlight = planFor(["open", "http://a"], yield* registry.current("pi-base"))
      const branch: SessionState = {
        ...initialSessionState("pi-base"),
        generation: 4,
        managed: { name: "pi-base-4", active: true, launchFlags: [] }
      }
      yield* registry.restore(branch)
      yield* registry.recordCall(inFlight, {})
      expect((yield* registry.current("pi-base")).managed.name).toBe("pi-base-4")
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("after a branch move a fresh launch never reuses the name another branch launched", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const branchA: SessionState = {
        ...initialSessionState("pi-base"),
        generation: 1,
        managed: { name: "pi-base-1", active: true, launchFlags: [] }
      }
      yield* registry.restore(branchA)
      yield* registry.recordCall(planFor(["open", "http://a"], yield* registry.current("pi-base"), "fresh"), {})
      const launchedOnA = (yield* registry.current("pi-base")).managed.name
      expect(launchedOnA).toBe("pi-base-2")
      // branch B forked before that launch: it knows generation 1 only
      yield* registry.restore(branchA)
      expect((yield* registry.current("pi-base")).managed.name).toBe("pi-base-1")
      const freshOnB = planFor(["open", "http://b"], yield* registry.current("pi-base"), "fresh")
      expect(freshOnB.sessionName).not.toBe(launchedOnA)
      yield* registry.recordCall(freshOnB, {})
      // back on A, then a close rotation: still a name no branch used
      yield* registry.restore({
        ...branchA,
        generation: 2,
        managed: { name: launchedOnA, active: true, launchFlags: [] }
      })
      yield* registry.recordCall(planFor(["close"], yield* registry.current("pi-base")), {})
      const used = new Set(["pi-base-1", launchedOnA, freshOnB.sessionName])
      expect(used.has((yield* registry.current("pi-base")).managed.name)).toBe(false)
      expect((yield* registry.ownedSessions).map((m) => m.name).sort()).toEqual([freshOnB.sessionName].sort())
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("captures, routes, pins and refs follow the calls that start and stop them; close forgets them all", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const refs = { refs: new Map([["e1", { role: "button", name: "Go" }]]), url: "http://a/", daemonPid: "7" }
      yield* record(["trace", "start"])
      yield* record(["network", "route", "**/api/*"])
      yield* record(["snapshot", "-i"], { refSnapshot: refs, reselectedTab: "t2" })
      expect(yield* registry.view("pi-base")).toEqual({
        refs,
        captures: new Set(["trace"]),
        routes: [{ pattern: "**/api/*", mode: "continue" }],
        pinnedTab: "t2"
      })
      yield* record(["tab", "t1"])
      yield* record(["trace", "stop"])
      expect(yield* registry.view("pi-base")).toMatchObject({ captures: new Set(), pinnedTab: undefined })
      yield* record(["close"])
      expect(yield* registry.view("pi-base")).toEqual({
        refs: undefined,
        captures: new Set(),
        routes: [],
        pinnedTab: undefined
      })
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("a browser the tool ended takes its page, refs, routes and captures with it", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const refs = { refs: new Map([["e1", { role: "button", name: "Go" }]]), url: "http://a/", daemonPid: "7" }
      yield* record(["trace", "start"])
      yield* record(["network", "route", "**/api/*"])
      yield* record(["open", "http://a/"], { refSnapshot: refs, page: { url: "http://a/", title: "A" } })
      expect((yield* registry.view("pi-base")).page?.url).toBe("http://a/")
      yield* registry.browserEnded("pi-base")
      expect(yield* registry.view("pi-base")).toMatchObject({
        refs: undefined,
        page: undefined,
        captures: new Set(),
        routes: []
      })
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("a pending recording is handed to exactly one record stop", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      yield* registry.startRecording("s", "/tmp/a.webm")
      expect(yield* registry.takeRecording("s")).toBe("/tmp/a.webm")
      expect(yield* registry.takeRecording("s")).toBeUndefined()
    }).pipe(Effect.provide(SessionRegistryLive))
  )
})

describe("owned browsers", () => {
  it.effect("a branch switch leaves the other branch's browser owned, so quit still closes it", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      yield* record(["open", "http://a"])
      yield* registry.restore(initialSessionState("pi-base"))
      expect((yield* registry.current("pi-base")).managed.active).toBe(false)
      expect((yield* registry.ownedSessions).map((s) => s.name)).toEqual(["pi-base"])
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("closing a managed browser removes it from the owned set", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      yield* record(["open", "http://a"])
      yield* record(["close"])
      expect(yield* registry.ownedSessions).toEqual([])
    }).pipe(Effect.provide(SessionRegistryLive))
  )
})

describe("the session lock", () => {
  /** Six tasks of 1 s each, forked at once: how many ran at the same time, per key. */
  const burst = (keys: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const running = yield* Ref.make(new Map<string, number>())
      const peak = yield* Ref.make(new Map<string, number>())
      const task = (key: string) =>
        registry.withLock(
          key,
          Effect.gen(function* () {
            const now =
              (yield* Ref.updateAndGet(running, (m) => new Map(m).set(key, (m.get(key) ?? 0) + 1))).get(key) ?? 0
            yield* Ref.update(peak, (m) => new Map(m).set(key, Math.max(m.get(key) ?? 0, now)))
            yield* Effect.sleep("1 second")
            yield* Ref.update(running, (m) => new Map(m).set(key, (m.get(key) ?? 1) - 1))
          })
        )
      const fibers = yield* Effect.forEach(keys, (key) => Effect.fork(task(key)))
      yield* TestClock.adjust("10 seconds")
      yield* Effect.forEach(fibers, Fiber.join)
      return yield* Ref.get(peak)
    })

  it.effect("calls that arrive together on one key run strictly one at a time", () =>
    Effect.gen(function* () {
      const peak = yield* burst(["a", "a", "a", "a", "a", "a"])
      expect(peak.get("a")).toBe(1)
    }).pipe(Effect.provide(SessionRegistryLive))
  )

  it.effect("different keys run concurrently", () =>
    Effect.gen(function* () {
      const registry = yield* SessionRegistry
      const order = yield* Ref.make<ReadonlyArray<string>>([])
      const hold = (key: string) =>
        registry.withLock(
          key,
          Effect.zipRight(
            Effect.sleep("1 second"),
            Ref.update(order, (o) => [...o, key])
          )
        )
      const fibers = yield* Effect.forEach(["a", "b"], (key) => Effect.fork(hold(key)))
      yield* TestClock.adjust("1 second")
      // both finished after one second of test time: neither waited for the other
      yield* Effect.forEach(fibers, Fiber.join)
      expect([...(yield* Ref.get(order))].sort()).toEqual(["a", "b"])
      const peak = yield* burst(["x", "y", "x", "y"])
      expect([peak.get("x"), peak.get("y")]).toEqual([1, 1])
    }).pipe(Effect.provide(SessionRegistryLive))
  )
})
