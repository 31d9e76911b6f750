/**
 * A ref the session's recorded snapshot does not have is refused holding this process's lock on the session only
 * (ToolCall `refusedOnRecord`): not behind another process's hold on the session, and not before a snapshot queued
 * ahead of it in this process has recorded its refs. A ref the record has still goes through the whole path.
 */
import { createRequire } from "node:module"
import { join } from "node:path"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { describe, expect, it } from "vitest"
import { baseSessionName, lockFileName } from "../../src/domain/SessionState.js"
import { makeSessionLock } from "../../src/layers/SessionLockLive.js"
import type { NativeLocks } from "../../src/layers/sessionLock/withLock.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { BENCH_CALL, inWorld, textOf } from "../../src/layers/test/bench/benchWorld.js"
import { fakePage } from "../../src/layers/test/bench/fakePage.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { staleInRecord } from "../../src/session/refPreflight.js"
import { ToolConfig } from "../../src/services/ToolConfig.js"

const URL = "https://app.example/form"
const elements = [
  { role: "textbox", name: "Email" },
  { role: "button", name: "Save" }
]

/** Polls `check` until it holds, to a deadline. */
const until = (check: Effect.Effect<boolean>, deadlineMs = 5_000) =>
  Effect.gen(function* () {
    const end = Date.now() + deadlineMs
    while (!(yield* check)) {
      if (Date.now() > end) return yield* Effect.dieMessage("condition not met before the deadline")
      yield* Effect.sleep(5)
    }
  })

describe("staleInRecord", () => {
  const record = { url: URL, daemonPid: "1", refs: new Map([["e1", { role: "button", name: "Save" }]]) }

  it("names the first ref the record lacks, or the void record; a ref it has is left to the daemon's probe", () => {
    expect(staleInRecord(["e1"], record)).toBeUndefined()
    expect(staleInRecord(["e1", "e7"], record)).toMatchObject({ ref: "e7", reason: "not-in-snapshot" })
    expect(staleInRecord(["e7"], { ...record, invalidated: "no-active-page" })).toMatchObject({
      ref: "e7",
      reason: "no-active-page"
    })
  })
})

describe("a stale ref the record proves", () => {
  it("is refused while another process holds the session, which a ref the record has waits for", async () => {
    const page = fakePage(URL, elements)
    const native = createRequire(import.meta.url)("fs-native-extensions") as NativeLocks
    await Effect.runPromise(
      inWorld(page.script, () =>
        Effect.gen(function* () {
          yield* runToResult({ args: ["open", URL] }, BENCH_CALL)
          yield* runToResult({ args: ["snapshot", "-i"] }, BENCH_CALL)
          const config = yield* ToolConfig
          const lockFile = join(
            config.socketDir,
            lockFileName(baseSessionName(config.sessionPrefix, BENCH_CALL.piSessionId, BENCH_CALL.cwd))
          )
          const held = yield* Deferred.make<void>()
          const release = yield* Deferred.make<void>()
          const other = yield* Effect.fork(
            makeSessionLock(native).withLock(
              lockFile,
              5_000,
              Effect.zipRight(Deferred.succeed(held, undefined), Deferred.await(release))
            )
          )
          yield* Deferred.await(held)
          const before = (yield* (yield* FakeAgentBrowser).requests).length
          const stale = yield* runToResult({ args: ["click", "@e99"], timeoutMs: 2_000 }, BENCH_CALL)
          const waited = yield* runToResult(
            { args: ["click", `@${page.refOf("button", "Save") ?? ""}`], timeoutMs: 1_000 },
            BENCH_CALL
          )
          const ran = (yield* (yield* FakeAgentBrowser).requests).length - before
          yield* Deferred.succeed(release, undefined)
          yield* Fiber.join(other)
          expect(stale.details.failureCategory).toBe("stale-ref")
          expect(textOf(stale)).toContain("@e99 is not in the latest snapshot of this page")
          expect(waited.details.failureCategory, textOf(waited)).toBe("timeout")
          expect(textOf(waited)).toContain("is in use by")
          expect(ran).toBe(0)
        })
      )
    )
  })

  it("waits for a snapshot queued ahead of it in this process, and is judged on the refs it recorded", async () => {
    const page = fakePage(URL, elements)
    // every upstream answer takes a while, so the queued snapshot holds the session's lock when the click arrives
    const script = page.script.map((entry) => ({ ...entry, delayMs: 150 }))
    await Effect.runPromise(
      inWorld(script, () =>
        Effect.gen(function* () {
          yield* runToResult({ args: ["open", URL] }, BENCH_CALL)
          yield* runToResult({ args: ["snapshot", "-i"] }, BENCH_CALL)
          // the page re-renders: every ref moves on, and only the next snapshot records the new ones
          page.rerender()
          const save = `@${page.refOf("button", "Save") ?? ""}`
          const fake = yield* FakeAgentBrowser
          const asked = (yield* fake.requests).length
          const snapshot = yield* Effect.fork(runToResult({ args: ["snapshot", "-i"] }, BENCH_CALL))
          yield* until(Effect.map(fake.requests, (r) => r.length > asked))
          const clicked = yield* runToResult({ args: ["click", save] }, BENCH_CALL)
          yield* Fiber.join(snapshot)
          expect(clicked.isError, textOf(clicked)).toBe(false)
          expect(textOf(clicked)).not.toContain("stale")
        })
      )
    )
  })
})
