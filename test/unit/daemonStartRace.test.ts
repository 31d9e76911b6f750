/**
 * A session's daemon that did not come up (upstream's concurrent-start and daemon-start failures) is classified
 * once, as a launch failure of its own kind, and the command is tried once more: such a daemon never ran it. A second
 * failure is said with the doctor as the next action, and the daemon the pid file names is left alone (it may be
 * another process's, working).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { UpstreamFailed } from "../../src/schema/ToolError.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** Upstream's own words, from the 0.41.2 binary (its strings) and the recorded runs. */
const RACES = [
  "A daemon for session 'pi-race' started concurrently with different daemon configuration. Retry the command so agent-browser can restart it with the requested configuration.",
  "Daemon process exited during startup with no error output. Re-run with --debug for more details.",
  "Daemon failed to start (socket: /tmp/piab-0/pi-race.sock)"
]

describe("a daemon that did not come up", () => {
  it("each of upstream's three messages is a daemon-start launch failure", () => {
    for (const message of RACES) {
      const error = classifyErrorText(message, { stderr: "", exitCode: 1 })
      expect(error._tag, message).toBe("UpstreamFailed")
      expect((error as UpstreamFailed).launch, message).toEqual({ reason: "daemon-start" })
    }
  })

  it.scopedLive("is tried once more, and the second answer is the call's", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "url"] }, call)
      expect(result.details.resultCategory).toBe("success")
      const fake = yield* FakeAgentBrowser
      expect((yield* fake.requests).filter((r) => r.args.includes("url"))).toHaveLength(2)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.fail(RACES[0]!) },
          { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.ok({ url: "about:blank" }), repeat: true }
        ])
      )
    )
  )

  it.scopedLive("failing twice: upstream-error that says what happened, the doctor next, not a third try", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "url"] }, call)
      expect(result.details).toMatchObject({ resultCategory: "failure", failureCategory: "upstream-error" })
      const text = result.content.map((c) => ("text" in c ? c.text : "")).join("\n")
      expect(text).toContain("daemon for this session did not come up, twice")
      expect(result.details.nextActions?.map((a) => a.id)).toEqual(["run-agent-browser-doctor"])
      const fake = yield* FakeAgentBrowser
      expect((yield* fake.requests).filter((r) => r.args.includes("url"))).toHaveLength(2)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.fail(RACES[1]!), repeat: true }
        ])
      )
    )
  )
})
