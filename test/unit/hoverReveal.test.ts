/**
 * Issue #45: a hover or focus that shows or hides text through the page's CSS alone (`.menu:hover .sub`, a
 * `:focus-within` list) says it in the words the mutation watch uses ("New text: …", "Hidden: …"), read in the
 * action's own batch: the watch before it (with the CSS candidates near its CSS target), the read after it, no other
 * process. Real-browser counterpart: test/integration/hoverReveal.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { appearedInstall } from "../../src/page/appearedText.js"
import { cssTargetOf, flipsWatch } from "../../src/page/hoverReveal.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { batchRows, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

/** A batch whose read after the action answers `read`; the steps each batch ran are kept. */
const batchLayer = (read: unknown, seen: Array<ReadonlyArray<string>>) =>
  fakeLayer(temp.root, [
    batchRows(
      (command, i) => (command[0] === "eval" ? { result: i === 0 ? true : read } : { [command[0] ?? ""]: true }),
      (steps) => seen.push(...steps)
    ),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ])

describe("a hover or focus says what the page's CSS showed or hid (#45)", () => {
  it("the CSS target is looked around; a ref, an XPath or a locator is not (the page's :hover rules still are)", () => {
    expect(cssTargetOf(["hover", "#menu"])).toBe("#menu")
    expect(cssTargetOf(["focus", "nav > li:first-child"])).toBe("nav > li:first-child")
    expect(cssTargetOf(["hover", "@e3"])).toBeUndefined()
    expect(cssTargetOf(["hover", "//div"])).toBeUndefined()
    expect(cssTargetOf(["hover", "text=Account"])).toBeUndefined()
    expect(cssTargetOf(["hover"])).toBeUndefined()
    // the page statement parses, the target quoted as a string (a quote in it cannot end the script)
    for (const target of ["#menu", 'a[title="x"]', undefined])
      expect(() => new Function(appearedInstall(flipsWatch(target)))).not.toThrow()
    expect(flipsWatch('a[title="x"]')).toContain('document.querySelector("a[title=\\"x\\"]")')
    expect(flipsWatch(undefined)).not.toContain("document.querySelector(")
  })

  it.scoped("hover: the watch with its CSS candidates, the hover, the read, in one batch; shown text said", () =>
    Effect.gen(function* () {
      const seen: Array<ReadonlyArray<string>> = []
      const read = { appeared: { count: 1, texts: ["Sign out Settings"] } }
      const hovered = yield* runToResult({ args: ["hover", "#menu"] }, here).pipe(
        Effect.provide(batchLayer(read, seen))
      )
      expect(contentText(hovered.content)).toBe('Hovered #menu\nNew text: "Sign out Settings"')
      expect(seen.map((step) => step[0])).toEqual(["eval", "hover", "eval"])
      expect(seen[0]?.[1]).toContain('document.querySelector("#menu")')
      expect(seen[0]?.[1]).toContain("focus-within")
    })
  )

  it.scoped("hover off a CSS menu: what it hid is said; a hover the read finds nothing for says nothing more", () =>
    Effect.gen(function* () {
      const seen: Array<ReadonlyArray<string>> = []
      const read = { appeared: { count: 0, texts: [], hidden: { count: 1, texts: ["Sign out"] } } }
      const left = yield* runToResult({ args: ["hover", "#plain"] }, here).pipe(Effect.provide(batchLayer(read, seen)))
      expect(contentText(left.content)).toBe('Hovered #plain\nHidden: "Sign out"')
      const quiet = { appeared: { count: 0, texts: [] } }
      const still = yield* runToResult({ args: ["hover", "#plain"] }, here).pipe(
        Effect.provide(batchLayer(quiet, seen))
      )
      expect(contentText(still.content)).toBe("Hovered #plain")
    })
  )

  it.scoped(
    "focus: watched like a hover, in one batch (one upstream process); a :focus-within list's text said",
    () => {
      const seen: Array<ReadonlyArray<string>> = []
      const read = { appeared: { count: 1, texts: ["Recent: invoices"] } }
      return Effect.gen(function* () {
        const focused = yield* runToResult({ args: ["focus", "#q"] }, here)
        expect(contentText(focused.content)).toBe('Focused #q\nNew text: "Recent: invoices"')
        expect(seen.map((step) => step[0])).toEqual(["eval", "focus", "eval"])
        // one upstream process, as the focus alone was
        const requests = yield* (yield* FakeAgentBrowser).requests
        expect(requests.map((r) => r.args.filter((a) => !a.startsWith("-")).slice(-1)[0])).toEqual(["batch"])
      }).pipe(Effect.provide(batchLayer(read, seen)))
    }
  )
})
