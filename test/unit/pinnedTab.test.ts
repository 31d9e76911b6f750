/**
 * A session pinned to its tab after a drift (tab recovery): later commands run behind the pin's guard, a popup in front
 * refuses a command by @ref and reruns one without refs after the select. Typing a secret in such a session: the typing
 * guard's batch runs behind the pin's guard too (tabs/tabPinning.ts). With a popup in front, a fill by @ref fails as
 * stale with nothing typed; a fill by selector runs again after the tab select. The secret's value never reaches the
 * result.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { describe } from "vitest"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { baseSessionName, runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, NO_CHALLENGE, openBatch, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const SECRET = "Hunter2-only-here"
const configPath = join(temp.root, "config.json")
writeFileSync(configPath, JSON.stringify({ secrets: { PW: { value: "$PW_VALUE", origins: ["http://a.test"] } } }))
const env = { PATH: "/fake", PI_AGENT_BROWSER_CONFIG: configPath, PW_VALUE: SECRET }

/** A session whose open drifted (the daemon's active target was about:blank): tab recovery pins the opened page's tab. */
const openDrifted = Effect.gen(function* () {
  const session = baseSessionName("pi", call.piSessionId, call.cwd)
  mkdirSync(join(temp.root, "s"), { recursive: true })
  writeFileSync(
    join(temp.root, "s", `${session}.target`),
    JSON.stringify({ targetId: "X", url: "about:blank", pinned: false })
  )
  yield* runToResult({ args: ["open", "http://a.test/"] }, call)
  return session
})

/** The daemon records the tab the pinned batch selected as its active target. */
const activeTarget = (session: string) =>
  writeFileSync(
    join(temp.root, "s", `${session}.target`),
    JSON.stringify({ targetId: "Y", url: "http://a.test/", pinned: false })
  )

/** Upstream for a drifted open whose tab is then pinned (t2, behind t1 about:blank), with a popup in front since: every pin guard fails. */
const popupInFront: ReadonlyArray<ScriptedRun> = [
  openBatch({ url: "http://a.test/", title: "A" }, { title: "", url: "about:blank", challenge: NO_CHALLENGE }),
  { when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes("challenge"), reply: FakeAgentBrowser.ok({}) },
  {
    when: (r) => r.args.at(-1) === "list",
    reply: FakeAgentBrowser.ok({
      tabs: [
        { tabId: "t1", url: "about:blank", active: true },
        { tabId: "t2", url: "http://a.test/", active: false }
      ]
    }),
    repeat: true
  },
  { when: (r) => r.args.at(-1) === "t2", reply: FakeAgentBrowser.ok({ tabId: "t2", url: "http://a.test/" }) },
  {
    when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes("focusMovedTo"),
    reply: (r) => ({
      exitCode: 1,
      stdout: JSON.stringify([
        {
          command: stepsOf(r.stdin)[0],
          error: `Error: \u0001${JSON.stringify({ focusMovedTo: "http://a.test/popup" })}\u0001\n    at <anonymous>:1:1`,
          result: null,
          success: false
        }
      ])
    }),
    repeat: true
  }
]

const stepsOf = (stdin: string | undefined) => JSON.parse(stdin ?? "[]") as Array<Array<string>>

describe("guarded typing in a pinned session", () => {
  it.scoped(
    "a popup in front: a secret fill by ref is refused before anything is typed; one by selector runs again after the select",
    () =>
      Effect.gen(function* () {
        const session = yield* openDrifted
        activeTarget(session)
        const byRef = yield* runToResult({ args: ["fill", "@e3", "{{secret:PW}}"] }, call)
        expect(byRef.details.failureCategory, resultText(byRef)).toBe("stale-ref")
        expect(resultText(byRef)).toContain(
          "Another tab took the focus since the snapshot (http://a.test/popup); nothing ran"
        )
        const bySelector = yield* runToResult({ args: ["fill", "#pw", "{{secret:PW}}"] }, call)
        expect(bySelector.isError, resultText(bySelector)).toBe(false)
        for (const result of [byRef, bySelector]) expect(JSON.stringify(result)).not.toContain(SECRET)
        const batches = (yield* (yield* FakeAgentBrowser).requests)
          .filter((r) => r.args.includes("batch") && !(r.stdin ?? "").includes("challenge"))
          .map((r) => stepsOf(r.stdin))
        // by ref: the pin's guard first, and the batch stopped there (nothing after it ran: --bail)
        expect(batches[0]?.[0]?.[1]).toContain("focusMovedTo")
        expect(batches[0]?.at(-1)?.slice(0, 2)).toEqual(["fill", "@e3"])
        // by selector: guarded and refused, then the tab selected and the typing guard's steps run
        expect(batches[1]?.[0]?.[1]).toContain("focusMovedTo")
        expect(batches[2]?.[0]).toEqual(["tab", "t2"])
        expect(batches[2]?.at(-1)).toEqual(["fill", "#pw", SECRET])
        expect(batches).toHaveLength(3)
      }).pipe(
        Effect.provide(
          fakeLayer(
            temp.root,
            [
              ...popupInFront,
              {
                when: (r) => r.args.includes("batch"),
                reply: (r) => ({
                  exitCode: 0,
                  stdout: JSON.stringify(
                    stepsOf(r.stdin).map((step) => ({
                      command: step,
                      error: null,
                      success: true,
                      result:
                        step[0] === "eval"
                          ? { result: true, origin: "http://a.test/" }
                          : step[0] === "tab"
                            ? { tabId: "t2", url: "http://a.test/" }
                            : { filled: step[1] }
                    }))
                  )
                }),
                repeat: true
              }
            ],
            { env }
          )
        )
      )
  )
})

describe("tab pinning after drift", () => {
  it.scoped(
    "later commands run inside the re-selected tab (guarded, not re-selected) until a tab is chosen explicitly",
    () =>
      Effect.gen(function* () {
        const session = yield* openDrifted
        const title = yield* runToResult({ args: ["get", "title"] }, call)
        expect(title.content[0]?.type === "text" && title.content[0].text).toBe("Pinned A\n(from http://a.test)")
        activeTarget(session)
        yield* runToResult({ args: ["tab", "list"] }, call)
        yield* runToResult({ args: ["get", "url"] }, call)
        const requests = (yield* (yield* FakeAgentBrowser).requests).map(
          (r) => `${r.args.slice(-2).join(" ")}${r.stdin !== undefined ? ` <${r.stdin}>` : ""}`
        )
        // the pinned tab is not selected (a select would void refs): a guard that the page in front is the session's
        // runs first in the same process, fail-fast (tabPinning.ts)
        expect(requests.slice(5)).toEqual(["tab list", "get url"])
        const [guard, command] = JSON.parse(/<(.*)>$/s.exec(requests[4] ?? "")?.[1] ?? "[]") as Array<Array<string>>
        expect(requests[4]).toMatch(/^--omit-command --bail </)
        expect(guard?.[0]).toBe("eval")
        expect(guard?.[1]).toContain(
          `!== "http://a.test/") { throw new Error("\\u0001" + JSON.stringify({ focusMovedTo: location.href })`
        )
        expect(command).toEqual(["get", "title"])
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch(
              { url: "http://a.test/", title: "A" },
              { title: "", url: "about:blank", challenge: NO_CHALLENGE }
            ),
            // the challenge-page read after open, again once the opened page's tab is selected
            {
              when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes("challenge"),
              reply: FakeAgentBrowser.ok({})
            },
            {
              when: (r) => r.args.at(-1) === "list",
              reply: FakeAgentBrowser.ok({
                tabs: [
                  { tabId: "t1", url: "about:blank", active: true },
                  { tabId: "t2", url: "http://a.test/", active: false }
                ]
              }),
              repeat: true
            },
            { when: (r) => r.args.at(-1) === "t2", reply: FakeAgentBrowser.ok({ tabId: "t2", url: "http://a.test/" }) },
            {
              when: (r) => r.args.includes("batch"),
              reply: {
                exitCode: 0,
                stdout: JSON.stringify([
                  { command: ["tab", "t2"], error: null, result: { tabId: "t2" }, success: true },
                  { command: ["get", "title"], error: null, result: { title: "Pinned A" }, success: true }
                ])
              }
            },
            { when: (r) => r.args.at(-1) === "url", reply: FakeAgentBrowser.ok({ url: "http://a.test/" }) }
          ])
        )
      )
  )

  it.scoped(
    "a popup in front of the pinned tab: a command by ref is refused before it runs; one without refs runs again with the select",
    () =>
      Effect.gen(function* () {
        const session = yield* openDrifted
        activeTarget(session)
        const title = yield* runToResult({ args: ["get", "title"] }, call)
        expect(title.isError).toBe(false)
        const byRef = yield* runToResult({ args: ["hover", "@e3"] }, call)
        expect(byRef.details.failureCategory).toBe("stale-ref")
        expect(byRef.content[0]?.type === "text" && byRef.content[0].text).toContain(
          "Another tab took the focus since the snapshot (http://a.test/popup); nothing ran"
        )
        const batches = (yield* (yield* FakeAgentBrowser).requests)
          .filter((r) => r.args.includes("batch") && !(r.stdin ?? "").includes("challenge"))
          .map((r) => JSON.parse(r.stdin ?? "[]") as Array<Array<string>>)
        // get title: guarded, refused by the guard, then run again after the select; hover @e3: guarded (with the watch
        // and read around it: probedCommand.ts) and stopped there
        expect(batches.map((b) => b.map((step) => step[0]))).toEqual([
          ["eval", "get"],
          ["tab", "get"],
          ["eval", "eval", "hover", "eval"]
        ])
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            ...popupInFront,
            {
              when: (r) => r.args.includes("batch"),
              reply: {
                exitCode: 0,
                stdout: JSON.stringify([
                  { command: ["tab", "t2"], error: null, result: { tabId: "t2" }, success: true },
                  { command: ["get", "title"], error: null, result: { title: "Pinned A" }, success: true }
                ])
              }
            }
          ])
        )
      )
  )
})
