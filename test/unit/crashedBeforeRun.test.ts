/**
 * A command sent into a tab a call found crashed (#41): upstream would wait about 35 s in it (`page_wedged`,
 * `outcome_unknown`) before anything is said. The tool asks that tab again before it sends the command and says the
 * crash at once, nothing sent; once the tab answers again, commands run as before. Fake agent-browser, a fake DevTools
 * endpoint and daemon probe. Real-browser counterpart: test/integration/crashedTab.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { BrowserEndpoints, type BrowserEndpointsShape } from "../../src/services/BrowserEndpoints.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"
import { fakeEndpoints } from "../support/fakeEndpoints.js"
import { contentText, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s-crash", cwd: temp.root }
const page = { url: "http://a.test/app", title: "App" }
const WS = "ws://127.0.0.1:9/devtools/page/T1"

/** A DevTools endpoint whose one tab is crashed while `state.crashed` says so. */
const endpoints = (state: { crashed: boolean }): BrowserEndpointsShape =>
  fakeEndpoints({
    inspect: () =>
      Effect.succeed({
        targets: [{ id: "T1", type: "page", url: page.url, title: page.title, webSocketDebuggerUrl: WS }]
      } as never),
    command: () => Effect.succeed({ currentIndex: 0, entries: [{ url: page.url, title: page.title }] }),
    crashed: () => Effect.sync(() => state.crashed)
  })

const probe = {
  observe: () => Effect.succeed({ pid: undefined, url: undefined, targetId: "T1" }),
  end: () => Effect.succeed("not-running" as const)
}

describe("a command into a tab found crashed (#41)", () => {
  it.scoped("said at once with nothing sent while it is crashed; run as before once it answers", () =>
    Effect.gen(function* () {
      const state = { crashed: true }
      const layer = fakeLayer(temp.root, [
        openBatch(page),
        {
          when: (r) => r.args.includes("title"),
          reply: FakeAgentBrowser.fail("page_wedged: the active tab stopped responding", { code: "page_wedged" })
        },
        { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.ok({ url: page.url }), repeat: true }
      ])
      const run = Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        yield* runToResult({ args: ["open", page.url] }, here)
        // the crash found after upstream gave up (page_wedged): remembered
        const wedged = yield* runToResult({ args: ["get", "title"] }, here)
        expect(contentText(wedged.content)).toContain("The tab's page crashed (renderer gone)")
        const sent = (yield* fake.requests).length
        const early = yield* runToResult({ args: ["get", "url"] }, here)
        expect(early.isError).toBe(true)
        expect(contentText(early.content)).toContain(
          `The tab's page crashed (renderer gone): the tab still lists at ${page.url} ("App"), but its page answers ` +
            "nothing, so no command can run in it."
        )
        expect(contentText(early.content)).not.toContain("agent-browser said")
        expect(early.details.nextActions?.[0]?.params?.args).toEqual(expect.arrayContaining(["tab", "new", page.url]))
        expect((yield* fake.requests).length).toBe(sent)
        state.crashed = false
        const later = yield* runToResult({ args: ["get", "url"] }, here)
        expect(later.isError, contentText(later.content)).toBe(false)
        expect((yield* fake.requests).length).toBeGreaterThan(sent)
      })
      yield* run.pipe(
        Effect.provideService(BrowserEndpoints, endpoints(state)),
        Effect.provideService(DaemonProbe, probe),
        Effect.provide(layer)
      )
    })
  )

  it.scoped("a tab list that finds the active tab crashed: the next command is refused at once too", () =>
    Effect.gen(function* () {
      const state = { crashed: true }
      const tabs = [{ active: true, tabId: "t1", targetId: "T1", title: page.title, url: page.url }]
      const layer = fakeLayer(temp.root, [
        openBatch(page),
        { when: (r) => r.args.includes("list"), reply: FakeAgentBrowser.ok({ tabs }) },
        { when: (r) => r.args.includes("url"), reply: FakeAgentBrowser.ok({ url: page.url }), repeat: true }
      ])
      const run = Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        yield* runToResult({ args: ["open", page.url] }, { ...here, piSessionId: "s-crash-list" })
        const listed = yield* runToResult({ args: ["tab", "list"] }, { ...here, piSessionId: "s-crash-list" })
        expect(contentText(listed.content)).toContain("1 crashed (renderer gone)")
        const sent = (yield* fake.requests).length
        const early = yield* runToResult({ args: ["get", "url"] }, { ...here, piSessionId: "s-crash-list" })
        expect(early.isError).toBe(true)
        expect(contentText(early.content)).toContain("The tab's page crashed (renderer gone)")
        expect((yield* fake.requests).length).toBe(sent)
      })
      yield* run.pipe(
        Effect.provideService(BrowserEndpoints, endpoints(state)),
        Effect.provideService(DaemonProbe, probe),
        Effect.provide(layer)
      )
    })
  )
})
