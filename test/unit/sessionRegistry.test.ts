/** SessionRegistry transitions: rotation, fresh replacement, and stale completions after a branch change. */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import { describe, expect, it } from "vitest"
import { SessionRegistryLive } from "../../src/layers/SessionRegistryLive.js"
import { planInvocation } from "../../src/program/call/planInvocation.js"
import { initialSessionState, type SessionState } from "../../src/schema/SessionState.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { testConfig } from "../support/fakeHarness.js"

const config = testConfig("/tmp/x")
const planFor = (args: ReadonlyArray<string>, state: SessionState, sessionMode: "auto" | "fresh" = "auto") =>
  Either.getOrThrow(planInvocation({ args, sessionMode }, state, config, "/"))
const run = <A>(effect: Effect.Effect<A, never, SessionRegistry>) => Effect.runPromise(Effect.scoped(Effect.provide(effect, SessionRegistryLive)))

describe("SessionRegistry", () => {
  it("a successful call activates the managed session; close rotates to a new name", () =>
    run(Effect.gen(function*() {
      const registry = yield* SessionRegistry
      const state = yield* registry.current("pi-base")
      yield* registry.recordSuccess(planFor(["open", "http://a"], state))
      const active = yield* registry.current("pi-base")
      expect(active.managed).toMatchObject({ name: "pi-base", active: true })
      yield* registry.recordSuccess(planFor(["close"], active))
      expect((yield* registry.current("pi-base")).managed).toMatchObject({ name: "pi-base-1", active: false })
    })))

  it("a fresh launch replaces the active managed session and returns it for closing", () =>
    run(Effect.gen(function*() {
      const registry = yield* SessionRegistry
      yield* registry.recordSuccess(planFor(["open", "http://a"], yield* registry.current("pi-base")))
      const replaced = yield* registry.recordSuccess(planFor(["--profile", "P", "open", "http://b"], yield* registry.current("pi-base"), "fresh"))
      expect(Option.getOrUndefined(replaced)?.name).toBe("pi-base")
      expect((yield* registry.current("pi-base")).managed).toMatchObject({ name: "pi-base-1", active: true, launchFlags: ["--profile", "P"] })
    })))

  it("a call that completes after pi switched branches does not overwrite the restored state", () =>
    run(Effect.gen(function*() {
      const registry = yield* SessionRegistry
      const before = yield* registry.current("pi-base")
      const inFlight = planFor(["open", "http://a"], before)
      const branch: SessionState = { ...initialSessionState("pi-base"), generation: 4, managed: { name: "pi-base-4", active: true, launchFlags: [] } }
      yield* registry.restore(branch)
      yield* registry.recordSuccess(inFlight)
      expect((yield* registry.current("pi-base")).managed.name).toBe("pi-base-4")
    })))
})

describe("owned browsers", () => {
  it("a branch switch leaves the other branch's browser owned, so quit still closes it", () =>
    run(Effect.gen(function*() {
      const registry = yield* SessionRegistry
      yield* registry.recordSuccess(planFor(["open", "http://a"], yield* registry.current("pi-base")))
      yield* registry.restore(initialSessionState("pi-base"))
      expect((yield* registry.current("pi-base")).managed.active).toBe(false)
      expect((yield* registry.ownedSessions).map((s) => s.name)).toEqual(["pi-base"])
    })))

  it("closing a managed browser removes it from the owned set", () =>
    run(Effect.gen(function*() {
      const registry = yield* SessionRegistry
      yield* registry.recordSuccess(planFor(["open", "http://a"], yield* registry.current("pi-base")))
      yield* registry.recordSuccess(planFor(["close"], yield* registry.current("pi-base")))
      expect(yield* registry.ownedSessions).toEqual([])
    })))
})
