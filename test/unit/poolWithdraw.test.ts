/**
 * A first pool launch cancelled while it waits (pi's abort interrupts the call): its daemon, which holds the pool's
 * queued connection, is ended, so the pool never starts a browser for it. Nothing is ended for a call without a pool,
 * for a later call of a session whose browser already runs, or when the launch was not interrupted.
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { describe } from "vitest"
import type { Plan } from "../../src/domain/Plan.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { withdrawOnInterrupt } from "../../src/program/lifecycle/poolLaunch.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"

const POOL = { endpoint: "ws://127.0.0.1:3000", configuredBy: "config" }
const planOf = (over: { readonly pool?: typeof POOL | undefined; readonly firstLaunch?: boolean }) =>
  ({ kind: "browser", sessionName: "piab-s1", env: {}, firstLaunch: true, pool: POOL, ...over }) as unknown as Plan

/** Runs the launch (a wait that never ends on its own), interrupts it after a second, and counts the daemons ended. */
const ended = (plan: Plan, interrupt: boolean) =>
  Effect.gen(function* () {
    const ends: Array<string> = []
    const probe = Layer.succeed(
      DaemonProbe,
      DaemonProbe.of({
        observe: () => Effect.succeed({ pid: undefined, url: undefined }),
        end: (_dir, session) => Effect.sync(() => ends.push(session)).pipe(Effect.as("ended" as const))
      })
    )
    const launch = interrupt ? Effect.never : Effect.sleep("100 millis")
    const fiber = yield* Effect.fork(
      withdrawOnInterrupt(plan, launch).pipe(Effect.provide(Layer.merge(probe, toolConfigLayer())))
    )
    yield* TestClock.adjust("1 second")
    if (interrupt) yield* Fiber.interrupt(fiber)
    else yield* Fiber.join(fiber)
    return ends
  })

describe("withdrawOnInterrupt", () => {
  it.effect("a first pool launch interrupted ends its session's daemon", () =>
    Effect.map(ended(planOf({}), true), (ends) => expect(ends).toEqual(["piab-s1"]))
  )
  it.effect("a launch that finished ends nothing", () =>
    Effect.map(ended(planOf({}), false), (ends) => expect(ends).toEqual([]))
  )
  it.effect("no pool, or a session already launched: an interrupt ends nothing", () =>
    Effect.gen(function* () {
      expect(yield* ended(planOf({ pool: undefined }), true)).toEqual([])
      expect(yield* ended(planOf({ firstLaunch: false }), true)).toEqual([])
    })
  )
})
