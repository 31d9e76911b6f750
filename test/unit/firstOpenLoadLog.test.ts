/**
 * The first open of a session (upstream's open, launching the browser) says what the page did while it loaded, as an
 * open in a running browser does (page/loadLog.ts): read from upstream's own logs (`console`, `errors`) in the open's
 * own process, in the same words (page/consoleText.ts). Upstream's answers are recorded from agent-browser 0.41.2
 * (`batch --bail open <page> → eval → console → errors`, a fresh session, a page that logs while it loads).
 * Real-browser counterpart: test/integration/openLoadLog.test.ts (the first open).
 */
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { CONSOLE_TEXT, remoteArgText } from "../../src/page/consoleText.js"
import { upstreamLoadLogOf } from "../../src/page/loadLog.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, contentText, fakeLayer, NO_CHALLENGE, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const URL = "http://127.0.0.1:8931/mix.html"

/** Console arguments as upstream's `console` keeps them (DevTools' RemoteObjects, recorded). */
const RETRY_OBJECT = {
  className: "Object",
  description: "Object",
  preview: { description: "Object", overflow: false, properties: [{ name: "n", type: "number", value: "2" }] },
  type: "object"
}
const BOOM = {
  className: "Error",
  description: "Error: boom\n    at http://127.0.0.1:8931/mix.html:4:15",
  subtype: "error",
  type: "object"
}
const str = (value: string) => ({ type: "string", value })
const CONSOLE = {
  messages: [
    { args: [str("just a log")], text: "just a log", type: "log" },
    { args: [str("failed to load config.json")], text: "failed to load config.json", type: "error" },
    { args: [str("retry"), RETRY_OBJECT], text: "retry {n: 2}", type: "error" },
    { args: [BOOM], text: '{stack: "Error: boom", message: "boom"}', type: "error" },
    { args: [str("deprecated api v1"), { description: "3", type: "number", value: 3 }], text: "", type: "warning" }
  ]
}
const ERRORS = {
  errors: [
    {
      column: 17,
      line: 7,
      text: "ReferenceError: undefinedFn is not defined\n    at http://x/mix.html:8:18",
      url: null
    },
    { column: 8, line: 6, text: "Uncaught (in promise)", url: null }
  ]
}
const QUIET = { console: { messages: [] }, errors: { errors: [] } }

/** A fresh session's first open: every row of its batch answered by its command. */
const firstOpen = (logs: { readonly console: unknown; readonly errors: unknown }, args = ["open", URL]) =>
  Effect.gen(function* () {
    const rows = batchRows((step) =>
      step[0] === "open"
        ? { title: "Mix", url: URL }
        : step[0] === "eval"
          ? { result: { title: "Mix", url: URL, challenge: NO_CHALLENGE } }
          : step[0] === "console"
            ? logs.console
            : logs.errors
    )
    const here = { piSessionId: `s-${Math.random()}`, cwd: temp.root }
    return yield* Effect.gen(function* () {
      const result = yield* runToResult({ args }, here)
      const requests = yield* (yield* FakeAgentBrowser).requests
      return { result, requests }
    }).pipe(Effect.provide(fakeLayer(temp.root, [rows])))
  })

describe("the first open says what the page did while it loaded", () => {
  it.scoped("console errors, uncaught errors and warnings, read in the open's own process, said as loading", () =>
    Effect.gen(function* () {
      const { result, requests } = yield* firstOpen({ console: CONSOLE, errors: ERRORS })
      expect(result.isError).toBe(false)
      expect(contentText(result.content)).toBe(
        `Opened: Mix\nURL: ${URL}\n` +
          '5 console errors while loading: "failed to load config.json"; "retry {\\"n\\":2}"; "Error: boom" ' +
          "(and 2 more)\n" +
          'Console warning while loading: "deprecated api v1 3"'
      )
      expect(requests.length).toBe(1)
      expect(stepsOf(requests[0] ?? { args: [] }).map((s) => s[0])).toEqual(["open", "eval", "console", "errors"])
    })
  )

  it.scoped("a page that logged nothing answers exactly as before", () =>
    Effect.gen(function* () {
      const { result } = yield* firstOpen(QUIET)
      expect(contentText(result.content)).toBe(`Opened: Mix\nURL: ${URL}`)
    })
  )
})

describe("upstream's logs in the load log's words", () => {
  it("errors: console errors, then uncaught errors as the page's error event says them; three kept, cut short", () => {
    const long = { messages: [{ args: [str(`a  \n ${"x".repeat(300)}`)], type: "error" }] }
    expect(upstreamLoadLogOf(long, ERRORS)).toEqual({
      effects: {
        consoleErrors: {
          count: 3,
          first: [
            `a ${"x".repeat(198)}`,
            "Uncaught ReferenceError: undefinedFn is not defined",
            "Uncaught (in promise)"
          ]
        }
      },
      dialogs: []
    })
    expect(upstreamLoadLogOf(QUIET.console, QUIET.errors)).toBeUndefined()
    expect(upstreamLoadLogOf(undefined, undefined)).toBeUndefined()
  })

  it("each argument as the page's own text(x) writes the same value (one rule, in the page and outside)", () => {
    const inPage = (expression: string) => runInNewContext(`${CONSOLE_TEXT}; text(${expression})`) as string
    expect(remoteArgText(str("plain"))).toBe(inPage(`"plain"`))
    expect(remoteArgText(RETRY_OBJECT)).toBe(inPage(`{ n: 2 }`))
    expect(remoteArgText(BOOM)).toBe(inPage(`new Error("boom")`))
    expect(remoteArgText({ description: "3", type: "number", value: 3 })).toBe(inPage("3"))
    expect(remoteArgText({ type: "boolean", value: true })).toBe(inPage("true"))
    expect(remoteArgText({ type: "object", subtype: "null", value: null })).toBe(inPage("null"))
  })
})
