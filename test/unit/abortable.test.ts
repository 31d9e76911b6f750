/**
 * pi's abort signal ends a call as `Aborted` (planSession.ts `abortable`): the task runs in one child fiber that the
 * signal interrupts, so its finalizers (the process group's end) run before the call answers.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { abortable } from "../../src/program/pipeline/planSession.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

describe("abortable", () => {
  it.live("a signal fired mid-task fails with Aborted after the task's finalizer ran", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      let finalized = false
      const task = Effect.never.pipe(
        Effect.ensuring(
          Effect.sync(() => {
            finalized = true
          })
        )
      )
      setTimeout(() => controller.abort(), 5)
      const result = yield* Effect.either(abortable(controller.signal)(task))
      expect(Either.isLeft(result) && result.left._tag === "Aborted" && result.left.dispatched === "maybe").toBe(true)
      expect(finalized).toBe(true)
    })
  )

  it.live("an already-aborted signal fails at once, and the task never starts", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      controller.abort()
      let started = false
      const result = yield* Effect.either(
        abortable(controller.signal)(
          Effect.sync(() => {
            started = true
          })
        )
      )
      expect(Either.isLeft(result) && result.left._tag === "Aborted" && result.left.dispatched === "no").toBe(true)
      expect(started).toBe(false)
    })
  )

  it.live("without an abort the task's value and its typed failure pass through, and the listener is removed", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      let listeners = 0
      const add = controller.signal.addEventListener.bind(controller.signal)
      const remove = controller.signal.removeEventListener.bind(controller.signal)
      controller.signal.addEventListener = ((...a: Parameters<typeof add>) => {
        listeners++
        add(...a)
      }) as typeof add
      controller.signal.removeEventListener = ((...a: Parameters<typeof remove>) => {
        listeners--
        remove(...a)
      }) as typeof remove
      expect(yield* abortable(controller.signal)(Effect.succeed(7))).toBe(7)
      const failed = yield* Effect.either(abortable(controller.signal)(Effect.fail("no" as const)))
      expect(failed).toEqual(Either.left("no"))
      expect(listeners).toBe(0)
      // an abort after the task ended changes nothing
      controller.abort()
    })
  )

  it.live("interrupting the caller interrupts the task (its finalizer runs) and is not reported as Aborted", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      let finalized = false
      const running = yield* Effect.fork(
        abortable(controller.signal)(
          Effect.never.pipe(
            Effect.ensuring(
              Effect.sync(() => {
                finalized = true
              })
            )
          )
        )
      )
      yield* Effect.sleep(5)
      const exit = yield* Fiber.interrupt(running)
      expect(Exit.isInterrupted(exit)).toBe(true)
      expect(finalized).toBe(true)
    })
  )

  it.live("without a signal the task runs as it is", () =>
    Effect.map(abortable(undefined)(Effect.succeed("as is")), (v) => expect(v).toBe("as is"))
  )

  it.live("a call whose signal fired before it ran says it was cancelled before anything ran, and runs nothing", () =>
    Effect.gen(function* () {
      const controller = new AbortController()
      controller.abort()
      const result = yield* runToResult({ args: ["get", "url"] }, { ...call, signal: controller.signal })
      expect(result.details.failureCategory).toBe("aborted")
      expect(result.content[0]?.type === "text" ? result.content[0].text : "").toContain(
        "Cancelled before anything ran."
      )
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ url: "http://a.test/" }), repeat: true }])),
      Effect.scoped
    )
  )
})
