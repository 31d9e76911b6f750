/**
 * A failure the tool recovers from is logged with its cause, and pi's logger writes nothing unless
 * PI_AGENT_BROWSER_DEBUG says where (a file, scrubbed by the Redactor).
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Ref from "effect/Ref"
import { vi } from "vitest"
import { RedactorLive } from "../../src/layers/RedactorLive.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { debugLogger, debugTarget } from "../../src/pi/debugLogger.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { Redactor } from "../../src/services/Redactor.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** A logger that keeps every entry (level, message, cause) in a Ref the test reads. */
const collecting = Effect.gen(function* () {
  const entries = yield* Ref.make<
    ReadonlyArray<{ readonly level: string; readonly message: string; readonly cause: string }>
  >([])
  const logger = Logger.make(({ cause, logLevel, message }) =>
    Effect.runSync(
      Ref.update(entries, (all) => [
        ...all,
        { level: logLevel.label, message: [message].flat().join(" "), cause: Cause.pretty(cause) }
      ])
    )
  )
  return { entries: Ref.get(entries), layer: Layer.merge(Logger.add(logger), Logger.minimumLogLevel(LogLevel.Debug)) }
})

describe("swallowed failures", () => {
  it.scoped("a page filter that cannot read the URL still answers, and logs why at debug level with the cause", () =>
    Effect.gen(function* () {
      const log = yield* collecting
      const result = yield* runToResult({ args: ["network", "requests", "--current-page"] }, call).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            {
              when: (r) => r.args.includes("requests"),
              reply: FakeAgentBrowser.ok({ requests: [{ requestId: "1", url: "http://a.test/x" }] })
            },
            { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.fail("no page answered the url read") }
          ])
        ),
        Effect.provide(log.layer)
      )
      expect(result.isError).toBe(false)
      const entry = (yield* log.entries).find((e) => e.message.includes("page filter could not read the URL"))
      expect(entry?.level).toBe("DEBUG")
      expect(entry?.cause).toContain("no page answered the url read")
    })
  )
})

describe("pi's debug logger", () => {
  it("is off unless PI_AGENT_BROWSER_DEBUG names stderr or a file", () => {
    expect([undefined, "", " ", "0", "false"].map(debugTarget)).toEqual(["off", "off", "off", "off", "off"])
    expect(debugTarget("1")).toBe("stderr")
    expect(debugTarget("/tmp/piab.log")).toEqual({ file: "/tmp/piab.log" })
  })

  it.effect("off: a warning reaches neither the console nor stderr", () =>
    Effect.gen(function* () {
      const spies = [
        vi.spyOn(console, "log"),
        vi.spyOn(console, "warn"),
        vi.spyOn(console, "error"),
        vi.spyOn(process.stderr, "write")
      ]
      // the default logger is back in place (the test runner removes it), then pi's logger replaces it
      yield* Effect.logWarning("should stay silent").pipe(
        Effect.provide(debugLogger({}).pipe(Layer.provide(RedactorLive))),
        Effect.provide(Logger.add(Logger.defaultLogger))
      )
      yield* Effect.logWarning("control: the default logger prints").pipe(
        Effect.provide(Logger.add(Logger.defaultLogger))
      )
      const calls = spies.flatMap((spy) => spy.mock.calls.map((args) => String(args[0])))
      spies.forEach((spy) => spy.mockRestore())
      expect(calls.filter((c) => c.includes("should stay silent"))).toEqual([])
      expect(calls.filter((c) => c.includes("control: the default logger prints")).length).toBe(1)
    })
  )

  it.effect("a file: debug lines with their cause, a learned secret replaced", () =>
    Effect.gen(function* () {
      const file = join(temp.root, "debug.log")
      writeFileSync(file, "")
      const program = Effect.gen(function* () {
        yield* (yield* Redactor).learn(["hunter2-Secret-77"])
        yield* Effect.logDebug("probe failed", Cause.fail(new Error("page said hunter2-Secret-77")))
      })
      yield* program.pipe(
        Effect.provide(debugLogger({ PI_AGENT_BROWSER_DEBUG: file }).pipe(Layer.provideMerge(RedactorLive)))
      )
      const text = readFileSync(file, "utf8")
      expect(text).toContain("level=DEBUG")
      expect(text).toContain("probe failed")
      expect(text).toContain("page said")
      expect(text).not.toContain("hunter2-Secret-77")
    })
  )
})
