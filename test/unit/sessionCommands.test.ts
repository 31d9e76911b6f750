/** SessionCommandsLive over FakeAgentBrowser: the target's flags and env are used, a reply is classified once, batch rows are typed. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { SessionCommandsLive } from "../../src/layers/SessionCommandsLive.js"
import type { SessionTarget } from "../../src/domain/SessionTarget.js"
import { SessionCommands } from "../../src/services/SessionCommands.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { testConfig } from "../support/fakeHarness.js"

const target: SessionTarget = {
  prefix: ["--json", "--session", "s1", "--headed"],
  env: { AGENT_BROWSER_SOCKET_DIR: "/tmp/sock" },
  cwd: "/work/project",
  kind: "browser"
}
const fake = (script: ReadonlyArray<ScriptedRun>) =>
  SessionCommandsLive.pipe(
    Layer.provideMerge(FakeAgentBrowser.layer(script)),
    Layer.provide(toolConfigLayer(testConfig("/tmp/piab-none", { env: { HOME: "/home/u" } })))
  )

describe("SessionCommands", () => {
  it.effect("run: the target's global flags, env and cwd, then the argv; a success is a single outcome", () =>
    Effect.gen(function* () {
      const commands = yield* SessionCommands
      const outcome = yield* commands.run(target, ["get", "url"], { timeoutMs: 5_000 })
      expect(outcome).toEqual({ kind: "single", data: { url: "http://a.test/" }, warning: undefined })
      const [request] = yield* (yield* FakeAgentBrowser).requests
      expect(request).toMatchObject({
        binary: "/fake/agent-browser",
        args: ["--json", "--session", "s1", "--headed", "get", "url"],
        env: target.env,
        cwd: "/work/project",
        timeoutMs: 5_000
      })
    }).pipe(Effect.provide(fake([{ reply: FakeAgentBrowser.ok({ url: "http://a.test/" }) }])))
  )

  it.effect("run: an error reply fails once, with its tagged error and the upstream text kept", () =>
    Effect.gen(function* () {
      const commands = yield* SessionCommands
      const stale = yield* Effect.flip(commands.run(target, ["click", "@e9"], { timeoutMs: 5_000 }))
      expect(stale._tag).toBe("StaleRef")
      const missing = yield* Effect.flip(commands.run(target, ["click", "#x"], { timeoutMs: 5_000 }))
      expect(missing._tag).toBe("SelectorNotFound")
      const garbage = yield* Effect.flip(commands.run(target, ["get", "url"], { timeoutMs: 5_000 }))
      expect(garbage).toMatchObject({ _tag: "ParseFailure", stdout: "garbage\n" })
      expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(3)
    }).pipe(
      Effect.provide(
        fake([
          { when: (r) => r.args.includes("@e9"), reply: FakeAgentBrowser.fail("Unknown ref: e9") },
          {
            when: (r) => r.args.includes("#x"),
            reply: FakeAgentBrowser.fail("Element not found: #x. Verify the selector")
          },
          { reply: { exitCode: 0, stdout: "garbage\n" } }
        ])
      )
    )
  )

  it.effect(
    "batch: one process with the steps on stdin (--bail when fail-fast); each failed row keeps its typed error",
    () =>
      Effect.gen(function* () {
        const commands = yield* SessionCommands
        const rows = yield* commands.batch(
          target,
          [
            ["get", "title"],
            ["click", "@e9"],
            ["wait", "#late"]
          ],
          { timeoutMs: 9_000, failFast: true }
        )
        expect(rows.map((r) => (r.success ? "ok" : r.error._tag))).toEqual(["ok", "StaleRef", "TimedOut"])
        expect(rows[0]).toEqual({ command: ["get", "title"], success: true, result: { title: "T" } })
        const [request] = yield* (yield* FakeAgentBrowser).requests
        expect(request?.args).toEqual(["--json", "--session", "s1", "--headed", "batch", "--omit-command", "--bail"])
        expect(JSON.parse(request?.stdin ?? "")).toEqual([
          ["get", "title"],
          ["click", "@e9"],
          ["wait", "#late"]
        ])
        // the stdin form: its next run may use a process started ahead, unless a config file it reads at start changed
        expect(request?.startsAhead).toEqual({
          startupFiles: ["/home/u/.agent-browser/config.json", "/work/project/agent-browser.json"]
        })
      }).pipe(
        Effect.provide(
          fake([
            {
              reply: {
                exitCode: 1,
                stdout: JSON.stringify([
                  { command: ["get", "title"], success: true, result: { title: "T" }, error: null },
                  { command: ["click", "@e9"], success: false, result: null, error: "Unknown ref: e9" },
                  { command: ["wait", "#late"], success: false, result: null, error: "Wait timed out after 500ms" }
                ])
              }
            }
          ])
        )
      )
  )

  it.effect(
    "batch: rows that name their step by index (--omit-command) get the command sent; errors are typed in its terms",
    () =>
      Effect.gen(function* () {
        const commands = yield* SessionCommands
        const rows = yield* commands.batch(
          target,
          [
            ["get", "title"],
            ["download", "#report", "/tmp/r.pdf"]
          ],
          { timeoutMs: 9_000, failFast: false }
        )
        expect(rows.map((r) => r.command)).toEqual([
          ["get", "title"],
          ["download", "#report", "/tmp/r.pdf"]
        ])
        // "Operation timed out" on a download is a download not saved (its argv says so), not a plain timeout
        expect(rows[1]).toMatchObject({
          success: false,
          error: { _tag: "DownloadNotVerified", requestedPath: "/tmp/r.pdf" }
        })
      }).pipe(
        Effect.provide(
          fake([
            {
              reply: {
                exitCode: 1,
                stdout: JSON.stringify([
                  { index: 0, success: true, result: { title: "T" }, error: null },
                  { index: 1, success: false, result: null, error: "Operation timed out" }
                ])
              }
            }
          ])
        )
      )
  )

  it.effect("run: a query may run as a one-step batch started ahead (the request says how); an action never does", () =>
    Effect.gen(function* () {
      const commands = yield* SessionCommands
      yield* commands.run(target, ["get", "url"], { timeoutMs: 5_000 })
      yield* commands.run(target, ["click", "#go"], { timeoutMs: 5_000 })
      const [query, action] = yield* (yield* FakeAgentBrowser).requests
      expect(query).toMatchObject({
        args: [...target.prefix, "get", "url"],
        asBatchStep: { args: [...target.prefix, "batch", "--omit-command", "--bail"], step: ["get", "url"] }
      })
      expect(query?.startsAhead?.startupFiles).toHaveLength(2)
      expect(action?.asBatchStep).toBeUndefined()
      expect(action?.startsAhead).toBeUndefined()
    }).pipe(Effect.provide(fake([{ reply: FakeAgentBrowser.ok({ url: "http://a.test/" }), repeat: true }])))
  )

  it.effect("batch: a reply without step rows is a parse failure", () =>
    Effect.gen(function* () {
      const commands = yield* SessionCommands
      const error = yield* Effect.flip(
        commands.batch(target, [["get", "title"]], { timeoutMs: 9_000, failFast: false })
      )
      expect(error._tag).toBe("ParseFailure")
      expect((yield* (yield* FakeAgentBrowser).requests)[0]?.args.slice(-2)).toEqual(["batch", "--omit-command"])
    }).pipe(Effect.provide(fake([{ reply: FakeAgentBrowser.ok({ title: "T" }) }])))
  )
})
