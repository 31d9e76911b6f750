/**
 * Issue #41 item 7: the model's own data comes back as written; secrets stay hidden; the tool's words are never
 * garbled. Each case runs the whole service graph over FakeAgentBrowser, so a value learned in one call is scrubbed
 * (or not) in the next, as in a real session. Real-binary counterpart: test/integration/ownDataReadBack.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { routeBatch } from "../support/fakeRoutes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
const has = (r: { readonly args: ReadonlyArray<string> }, ...tokens: ReadonlyArray<string>) =>
  tokens.every((t) => r.args.includes(t))

describe("the model's own data reads back as written (#41)", () => {
  it.scoped("storage local set theme dark, then storage local theme: dark, not [REDACTED]", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        { when: (r) => has(r, "set", "theme"), reply: FakeAgentBrowser.ok({ key: "theme", value: "dark", set: true }) },
        { when: (r) => has(r, "storage", "theme"), reply: FakeAgentBrowser.ok({ key: "theme", value: "dark" }) }
      ])
      const [set, read] = yield* Effect.forEach(
        [
          ["storage", "local", "set", "theme", "dark"],
          ["storage", "local", "theme"]
        ],
        (args) => runToResult({ args }, here)
      ).pipe(Effect.provide(layer))
      expect(set!.details.args).toEqual(["storage", "local", "set", "theme", "dark"])
      expect(JSON.stringify(read!.details.data)).toContain('"value":"dark"')
      expect(JSON.stringify([read!.content, read!.details])).not.toContain("[REDACTED]")
    })
  )

  it.scoped(
    "cookies: a cookie named value with value value reads back; a session cookie stays hidden; the words are the tool's",
    () =>
      Effect.gen(function* () {
        const cookies = [
          { name: "value", value: "value", domain: "a.test", path: "/" },
          { name: "sid", value: "s-8f3k2l9q", domain: "a.test", path: "/", httpOnly: true }
        ]
        const layer = fakeLayer(temp.root, [
          { when: (r) => has(r, "cookies", "set"), reply: FakeAgentBrowser.ok({ set: true }), repeat: true },
          { when: (r) => has(r, "cookies"), reply: FakeAgentBrowser.ok({ cookies }) }
        ])
        const [, , read] = yield* Effect.forEach(
          [["cookies", "set", "value", "value"], ["cookies", "set", "sid", "s-8f3k2l9q"], ["cookies"]],
          (args) => runToResult({ args }, here)
        ).pipe(Effect.provide(layer))
        expect(contentText(read!.content)).toBe(
          "2 cookies (1 credential-like value hidden)\nvalue=value — a.test/\nsid=[REDACTED] — a.test/ (httpOnly)"
        )
        expect(JSON.stringify(read!.details)).not.toContain("s-8f3k2l9q")
      })
  )

  it.scoped("a mocked body the model wrote shows in the page's snapshot; a token inside it stays hidden", () =>
    Effect.gen(function* () {
      const body = JSON.stringify({ title: "Mocked Widget", token: "tok-7d2e9a" })
      const layer = fakeLayer(temp.root, [
        routeBatch,
        {
          when: (r) => has(r, "snapshot"),
          reply: FakeAgentBrowser.ok({
            snapshot: '- StaticText "Mocked Widget"\n- StaticText "tok-7d2e9a"',
            refs: {},
            origin: "http://a.test/"
          })
        }
      ])
      const [route, snap] = yield* Effect.forEach(
        [["network", "route", "**/api/item", "--body", body], ["snapshot"]],
        (args) => runToResult({ args }, here)
      ).pipe(Effect.provide(layer))
      expect(route!.details.args).toEqual([
        "network",
        "route",
        "**/api/item",
        "--body",
        '{"title":"Mocked Widget","token":"[REDACTED]"}'
      ])
      const text = contentText(snap!.content)
      expect(text).toContain('StaticText "Mocked Widget [REDACTED]"')
      expect(JSON.stringify([snap!.content, snap!.details, route!.content, route!.details])).not.toContain("tok-7d2e9a")
    })
  )

  it.scoped("a secret that is a plain word leaves the tool's words alone and is hidden in page text", () =>
    Effect.gen(function* () {
      const cookies = [
        { name: "session", value: "value", domain: "a.test", path: "/" },
        { name: "csrf", value: "c-1", domain: "a.test", path: "/" }
      ]
      const layer = fakeLayer(temp.root, [
        { when: (r) => has(r, "cookies", "set"), reply: FakeAgentBrowser.ok({ set: true }) },
        { when: (r) => has(r, "cookies"), reply: FakeAgentBrowser.ok({ cookies }) },
        batchRows((step) => (step[0] === "get" ? { text: "stored value" } : {}))
      ])
      const [, read, text] = yield* Effect.forEach(
        [["cookies", "set", "session", "value"], ["cookies"], ["get", "text", "#out"]],
        (args) => runToResult({ args }, here)
      ).pipe(Effect.provide(layer))
      // the tool's "values" stays a word (it was "[REDACTED]s"); the page's "value" is hidden
      expect(contentText(read!.content)).toMatch(/^2 cookies \(2 credential-like values hidden\)\nsession=\[REDACTED\]/)
      expect(contentText(text!.content)).toContain("stored [REDACTED]")
    })
  )
})
