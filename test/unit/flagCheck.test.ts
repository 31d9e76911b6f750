/**
 * Flags checked against the binary's own help table (upstream/flagCheck.ts): an unknown flag or a malformed value is
 * named with the valid forms; through the tool it is a validation error that starts no process, whose first next
 * action (the same call without the flag) runs and does not fail the same way.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { flagProblem } from "../../src/upstream/flagCheck.js"
import { call, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

describe("flags against the binary's own help", () => {
  it("an unknown flag names itself and the command's valid forms", () => {
    const problem = flagProblem(["open", "http://a.test/", "--no-such-flag"], COMMAND_FLAGS)
    expect(problem?.message).toContain("open: unknown flag --no-such-flag")
    expect(problem?.message).toContain("--headers <json>")
    expect(problem?.tokens).toEqual(["--no-such-flag"])
    expect(flagProblem(["goto", "http://a.test/", "--bogus=1"], COMMAND_FLAGS)?.message).toContain(
      "goto: unknown flag --bogus"
    )
  })

  it("--timeout on a command without one points at the tool's timeoutMs and carries the budget", () => {
    const problem = flagProblem(["open", "http://a.test/", "--timeout", "3000"], COMMAND_FLAGS)
    expect(problem?.message).toContain("timeoutMs")
    expect(problem).toMatchObject({ tokens: ["--timeout", "3000"], timeoutMs: 3000 })
    expect(flagProblem(["wait", "--text", "Done", "--timeout", "5000"], COMMAND_FLAGS)).toBeUndefined()
  })

  it("a malformed value names the flag, its form and what was given", () => {
    expect(flagProblem(["snapshot", "--depth", "abc"], COMMAND_FLAGS)).toEqual({
      message: 'snapshot: --depth takes a whole number (--depth <n>), not "abc".',
      tokens: ["--depth", "abc"]
    })
    expect(flagProblem(["snapshot", "-d", "abc"], COMMAND_FLAGS)?.message).toContain("-d takes a whole number")
    expect(flagProblem(["snapshot", "--depth=x"], COMMAND_FLAGS)).toMatchObject({ tokens: ["--depth=x"] })
    expect(flagProblem(["wait", "--text"], COMMAND_FLAGS)?.message).toBe("wait: --text needs a value (--text <text>).")
  })

  it("valid forms pass: the command's own, global, wrapper-only, prose-named, aliases, values that look like flags", () => {
    for (const argv of [
      ["snapshot", "-i", "-d", "3", "--compact"],
      ["snapshot", "--depth=2", "--search", "Sign in", "--diff"],
      ["open", "http://a.test/", "--headed"],
      ["click", "@e1", "--new-tab"],
      ["wait", "--text", "Done", "--timeout", "5000"],
      ["network", "requests", "--filter", "api", "--current-page"],
      ["navigate", "http://a.test/"],
      ["get", "text", "body", "--max-output", "100"],
      ["scroll", "down", "-100"],
      ["press", "-"],
      ["eval", "--stdin"],
      ["cookies", "set", "a", "b", "--http-only", "--same-site", "Lax"],
      ["click", "--help"],
      ["frobnicate", "--anything"]
    ])
      expect(flagProblem(argv, COMMAND_FLAGS), argv.join(" ")).toBeUndefined()
  })

  it.scoped(
    "through the tool: validation-error before anything runs; the first next action (without the flag) then works",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        for (const [args, retried] of [
          [
            ["open", "http://a.test/", "--no-such-flag"],
            ["open", "http://a.test/"]
          ],
          [["snapshot", "--depth", "abc"], ["snapshot"]],
          [
            ["--session", "s1", "snapshot", "-i", "-d=x"],
            ["--session", "s1", "snapshot", "-i"]
          ]
        ] as const) {
          const before = (yield* fake.requests).length
          const result = yield* runToResult({ args }, call)
          expect(result.details.failureCategory).toBe("validation-error")
          expect(result.details.nextActions?.map((a) => a.id)).toEqual(["retry-without-flag", "show-command-help"])
          expect(result.details.nextActions?.[0]?.params).toEqual({ args: retried })
          expect((yield* fake.requests).length).toBe(before)
          const followed = yield* runToResult(result.details.nextActions?.[0]?.params, call)
          expect(followed.details.failureCategory, JSON.stringify(followed.content)).toBeUndefined()
        }
        const before = (yield* fake.requests).length
        const timed = yield* runToResult({ args: ["open", "http://a.test/", "--timeout", "3000"] }, call)
        expect(timed.details.nextActions?.[0]?.params).toEqual({ args: ["open", "http://a.test/"], timeoutMs: 3000 })
        const batch = yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["get", "url"],
              ["snapshot", "--depth", "x"]
            ])
          },
          call
        )
        expect(batch.details.failureCategory).toBe("validation-error")
        expect(JSON.stringify(batch.content)).toContain("batch step 1: snapshot: --depth takes a whole number")
        expect(batch.details.nextActions?.[0]?.params).toEqual({
          args: ["batch"],
          stdin: JSON.stringify([["get", "url"], ["snapshot"]])
        })
        expect((yield* fake.requests).length).toBe(before)
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
            { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok([]), repeat: true },
            {
              reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A", snapshot: '- heading "A"', refs: {} }),
              repeat: true
            }
          ])
        )
      )
  )

  it.scoped("another upstream version than the table's: its flags are not second-guessed", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["open", "http://a.test/", "--new-in-this-version"] }, call)
      expect(result.details.failureCategory).toBeUndefined()
    }).pipe(
      Effect.provide(
        fakeLayer(
          temp.root,
          [
            openBatch({ url: "http://a.test/", title: "A" }),
            { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
          ],
          {},
          "0.41.9"
        )
      )
    )
  )
})
