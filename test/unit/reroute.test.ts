/**
 * A glob routed again: agent-browser 0.41.2 answers with the first route on a glob, so every `network route` runs
 * after upstream's `network unroute <glob>` in the same upstream process (program/routes/clearFirst.ts), in the
 * session's pinned tab when there is one, shaped routes included. Fake layers: the commands each call sends.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { FakeDaemonSocket } from "../../src/layers/test/FakeDaemonSocket.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { prepare } from "../../src/program/pipeline/prepare.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import { call, commandOf, fakeLayer, openBatch, resultText, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"
import { routeBatch } from "../support/fakeRoutes.js"
import { routesBefore } from "../../src/session/captures.js"

const temp = suiteTempRoot()

const script = (): ReadonlyArray<ScriptedRun> => [
  openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
  routeBatch,
  { when: (r) => r.args.includes("unroute"), reply: FakeAgentBrowser.ok({ unrouted: "all" }), repeat: true },
  { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok([]), repeat: true },
  { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
]

/** The upstream processes a call ran: a batch as its steps, any other as its argv after the session. */
const ranBy = <R>(run: Effect.Effect<unknown, never, R>) =>
  Effect.gen(function* () {
    const fake = yield* FakeAgentBrowser
    const before = (yield* fake.requests).length
    yield* run
    return (yield* fake.requests)
      .slice(before)
      .map((r) => (r.args.includes("batch") ? stepsOf(r) : [commandOf(r.args)]))
  })

const GLOB = "**/api/data"
/** A step by its command: `eval` (the pinned tab's guard), else its first two words. */
const named = (step: ReadonlyArray<string>) => (step[0] === "eval" ? "eval" : step.slice(0, 2).join(" "))

describe("a glob routed again", () => {
  it.scoped("each route clears the glob first in its one process; the text and the book say the last route", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const route = (...flags: ReadonlyArray<string>) =>
        runToResult({ args: ["network", "route", GLOB, ...flags] }, call)
      expect(yield* ranBy(route("--abort"))).toEqual([
        [
          ["network", "unroute", GLOB],
          ["network", "route", GLOB, "--abort"]
        ]
      ])
      let routed = yield* route("--body", '{"n":1}')
      expect(resultText(routed)).toContain(
        `Routed ${GLOB}: matching requests are answered with HTTP 200, application/json and the --body.\n` +
          `Active routes (1, as set through this tool in this session; a relaunched browser has none): ${GLOB} (fulfill).`
      )
      const reroute = yield* ranBy(route("--body", '{"n":2}'))
      expect(reroute.map((steps) => steps.map((step) => step[1]))).toEqual([["unroute", "route"]])
      // unroute with no glob is upstream's own command, alone; a route after it clears its glob again
      const cleared = yield* runToResult({ args: ["network", "unroute"] }, call)
      expect(resultText(cleared)).toContain(`Removed 1 route(s): ${GLOB} (fulfill).\nNo route is active now`)
      routed = yield* route("--abort")
      expect(resultText(routed)).toContain(`Routed ${GLOB}: matching requests are failed (--abort).`)
      expect(resultText(routed)).toContain(`Active routes (1, as set through this tool in this session; a relaunched`)
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it.scoped("in a pinned session, a plain and a shaped route clear their glob behind the pinned tab's guard", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const plan = yield* prepare({ args: ["get", "url"] }, call)
      yield* (yield* SessionRegistry).recordCall(plan, { reselectedTab: "t1" })
      const plain = yield* ranBy(runToResult({ args: ["network", "route", GLOB, "--abort"] }, call))
      expect(plain.map((steps) => steps.map(named))).toEqual([["eval", "network unroute", "network route"]])
      expect(plain[0]?.[0]?.[1]).toContain("focusMovedTo")
      const shaped = yield* ranBy(runToResult({ args: ["network", "route", GLOB, "--status", "404"] }, call))
      expect(shaped.map((steps) => steps.map(named))).toEqual([["eval", "network unroute"]])
      expect(yield* (yield* FakeDaemonSocket).sent).toHaveLength(1)
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it("a route set earlier on a glob that overlaps is named with the new one: upstream answers with the first", () => {
    const rule = (pattern: string, mode: "abort" | "fulfill") => ({ pattern, mode })
    const book = [rule("**/api/*", "abort"), rule("**/a.json", "fulfill"), rule(GLOB, "fulfill")]
    expect(routesBefore(book, GLOB)).toEqual([rule("**/api/*", "abort")])
    expect(routesBefore([rule(GLOB, "abort"), rule("**/api/*", "fulfill")], "**/api/*")).toEqual([rule(GLOB, "abort")])
    expect(routesBefore([rule("**/api/*", "abort"), rule(GLOB, "fulfill")], "**/api/*")).toEqual([])
  })

  it.scoped("through the tool: the route's text names the earlier route that may answer first", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      yield* runToResult({ args: ["network", "route", "**/api/*", "--abort"] }, call)
      const routed = yield* runToResult({ args: ["network", "route", GLOB, "--body", "{}"] }, call)
      expect(resultText(routed)).toContain(
        `Routed ${GLOB}: matching requests are answered with HTTP 200, application/json and the --body. Upstream ` +
          "answers with the first route set that matches, so requests an earlier route also matches may get it: " +
          "**/api/* (abort) (network unroute **/api/* lets this one answer them).\nActive routes (2,"
      )
      const alone = yield* runToResult({ args: ["network", "route", "**/b.json", "--abort"] }, call)
      expect(resultText(alone)).not.toContain("earlier route")
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )
})
