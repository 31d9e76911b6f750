/**
 * An `open` in a running browser says what the page did while it loaded (page/loadLog.ts), over FakeAgentBrowser and
 * a fake DevTools endpoint: the navigation carries the load log's script on its own connection, the opened-page read's
 * `loaded` field is said with the click's effect words, and a page that noted nothing answers as before. The page
 * script itself runs in a bare VM context. Real-browser counterpart: test/integration/openLoadLog.test.ts.
 */
import { runInNewContext } from "node:vm"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { LOAD_LOG_SCRIPT, LOAD_LOG_TAKE, loadLogOf } from "../../src/page/loadLog.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { BrowserEndpointsShape, CdpCall } from "../../src/services/BrowserEndpoints.js"
import { BrowserEndpoints } from "../../src/services/BrowserEndpoints.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"
import { fakeEndpoints } from "../support/fakeEndpoints.js"
import { contentText, fakeLayer, NO_CHALLENGE, openBatch, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const WS = "ws://127.0.0.1:9/devtools/page/T1"
const FIRST = { url: "http://a.test/start.html", title: "Start" }
const URL = "http://a.test/settings.html"
const settle = { settled: true, waitedMs: 150, interactiveCount: 1, textChars: 60 }

interface Sent {
  readonly method: string
  readonly before: ReadonlyArray<CdpCall>
}

/** A DevTools endpoint with one tab, T1, that commits every navigation; what was sent is kept in `sent`. */
const endpoints = (sent: Array<Sent>): BrowserEndpointsShape =>
  fakeEndpoints({
    inspect: () =>
      Effect.succeed({
        browserId: "B1",
        targets: [{ id: "T1", type: "page", url: FIRST.url, webSocketDebuggerUrl: WS }]
      }),
    command: (_ws, method, _params, _timeoutMs, before = []) =>
      Effect.sync(() => {
        sent.push({ method, before })
        return { frameId: "T1", loaderId: "L2" }
      })
  })

const probe = {
  observe: () => Effect.succeed({ pid: "1", url: undefined, targetId: "T1" }),
  end: () => Effect.succeed("not-running" as const)
}

/** The fast open's one upstream process: the DOM wait, then the opened-page read answering `read`. */
const fastRead = (read: unknown): ScriptedRun => ({
  when: (r) => stepsOf(r)[0]?.[0] === "wait",
  reply: (r) => ({
    exitCode: 0,
    stdout: `${JSON.stringify(
      stepsOf(r).map((step, i) => ({ command: step, success: true, result: i === 0 ? true : { result: read } }))
    )}\n`
  })
})

const openTwice = (read: unknown, sent: Array<Sent> = []) =>
  Effect.gen(function* () {
    const here = { piSessionId: `s-${Math.random()}`, cwd: temp.root }
    const layer = fakeLayer(temp.root, [openBatch(FIRST), fastRead(read)])
    const run = Effect.gen(function* () {
      yield* runToResult({ args: ["open", FIRST.url] }, here)
      return yield* runToResult({ args: ["open", URL] }, here)
    })
    return yield* run.pipe(
      Effect.provideService(BrowserEndpoints, endpoints(sent)),
      Effect.provideService(DaemonProbe, probe),
      Effect.provide(layer)
    )
  })

const page = { title: "Settings", url: URL, challenge: NO_CHALLENGE, settle }

describe("open says what the page did while it loaded", () => {
  it.scoped("the navigation carries the load log's script, sent first on its own connection", () =>
    Effect.gen(function* () {
      const sent: Array<Sent> = []
      yield* openTwice(page, sent)
      expect(sent.map((s) => s.method)).toEqual(["Page.navigate"])
      expect(sent[0]?.before).toEqual([
        { method: "Page.enable", params: {} },
        { method: "Page.addScriptToEvaluateOnNewDocument", params: { source: LOAD_LOG_SCRIPT } }
      ])
    })
  )

  it.scoped("a page that noted nothing answers exactly as before", () =>
    Effect.gen(function* () {
      const result = yield* openTwice(page)
      expect(result.isError).toBe(false)
      expect(contentText(result.content)).toBe(`Opened: Settings\nURL: ${URL}`)
    })
  )

  it.scoped("console errors (three shown, the rest counted), a warning and an alert upstream accepted", () =>
    Effect.gen(function* () {
      const loaded = {
        count: 5,
        errors: ["failed to load config.json", "Uncaught TypeError: x is undefined", "third"],
        warnCount: 1,
        warnings: ["deprecated api v1"],
        dialogs: [{ type: "alert", message: "Welcome back, Ada", answer: "accepted" }]
      }
      const result = yield* openTwice({ ...page, loaded })
      expect(contentText(result.content)).toBe(
        `Opened: Settings\nURL: ${URL}\n` +
          'A dialog opened while loading: alert "Welcome back, Ada" (accepted)\n' +
          '5 console errors while loading: "failed to load config.json"; "Uncaught TypeError: x is undefined"; ' +
          '"third" (and 2 more)\n' +
          'Console warning while loading: "deprecated api v1"'
      )
    })
  )

  it.scoped("one console error: said in the singular", () =>
    Effect.gen(function* () {
      const loaded = { count: 1, errors: ["failed to load config.json"], warnCount: 0, warnings: [], dialogs: [] }
      const result = yield* openTwice({ ...page, loaded })
      expect(contentText(result.content)).toBe(
        `Opened: Settings\nURL: ${URL}\nConsole error while loading: "failed to load config.json"`
      )
    })
  )
})

describe("the load log in the page (a bare VM context)", () => {
  /** A global with a console and dialogs that answer as upstream does (an alert accepted, a confirm dismissed). */
  const documentWith = () => {
    const listeners: Record<string, Array<(e: unknown) => void>> = {}
    const out: Array<string> = []
    const g: Record<string, unknown> = {
      console: { error: (...a: Array<unknown>) => out.push(a.join(" ")), warn: () => undefined },
      addEventListener: (t: string, f: (e: unknown) => void) => {
        listeners[t] = [...(listeners[t] ?? []), f]
      },
      alert: () => undefined,
      confirm: () => false,
      prompt: () => null
    }
    g["window"] = g
    const fire = (t: string, e: unknown) => {
      for (const f of listeners[t] ?? []) f(e)
    }
    return { g, out, fire }
  }

  it("notes errors, uncaught errors and dialogs (calling the page's own), cut short; taken once, then it stops", () => {
    const { g, out, fire } = documentWith()
    runInNewContext(LOAD_LOG_SCRIPT, g)
    runInNewContext(
      `console.error("failed to load config.json"); console.error("x".repeat(500)); console.error("a"); ` +
        `console.error("b"); console.warn("w1"); alert("Welcome back, Ada"); confirm("Sure?")`,
      g
    )
    fire("error", { message: "Uncaught ReferenceError: f is not defined" })
    expect(out[0]).toBe("failed to load config.json")
    const taken = runInNewContext(LOAD_LOG_TAKE, g) as unknown
    expect(JSON.parse(JSON.stringify(taken))).toMatchObject({
      count: 5,
      errors: ["failed to load config.json", "x".repeat(200), "a"],
      warnCount: 1,
      warnings: ["w1"],
      dialogs: [
        { type: "alert", message: "Welcome back, Ada", answer: "accepted" },
        { type: "confirm", message: "Sure?", answer: "dismissed" }
      ]
    })
    expect(Object.keys(g)).not.toContain("pi-agent-browser.load-log")
    // taken once: what the page logs afterwards is not said as loading
    runInNewContext(`console.error("later")`, g)
    expect(runInNewContext(LOAD_LOG_TAKE, g)).toBeUndefined()
    expect(out).toContain("later")
  })

  it("a page that logged nothing is read as nothing", () => {
    const { g } = documentWith()
    runInNewContext(LOAD_LOG_SCRIPT, g)
    expect(runInNewContext(LOAD_LOG_TAKE, g)).toBeUndefined()
    expect(loadLogOf(undefined)).toBeUndefined()
  })

  it("the read's field decodes what it can (strings only, at most three errors)", () => {
    expect(loadLogOf({ count: 4, errors: ["a", 2, "b", "c", "d"], warnCount: 0, dialogs: [{ type: "x" }] })).toEqual({
      effects: { consoleErrors: { count: 4, first: ["a", "b", "c"] } },
      dialogs: []
    })
  })
})
