/**
 * `state load` says where the tab is after it (#41 item 6): upstream opens each origin of the state file in the tab
 * to write its storage, so the tab leaves its page for the origin's root; the text read only `Loaded state from …`.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { call, doneRow, fakeLayer, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** A scripted browser: `state load` moves the tab to the origin's root unless `stays`. */
const browser = (stays: boolean) => {
  let page = { url: "http://a.test/", title: "Home" }
  const resultOf = (step: ReadonlyArray<string>): unknown => {
    if (step.includes("open")) {
      page = { url: step[step.indexOf("open") + 1] ?? "", title: "Form" }
      return { targetId: "T", ...page }
    }
    if (step.includes("state") && step.includes("load")) {
      if (!stays) page = { url: "http://a.test/", title: "Home" }
      return { loaded: true, path: "/tmp/s.json", skippedOrigins: [] }
    }
    if (step.includes("eval")) return { origin: page.url, result: page }
    if (step.includes("tab")) return { tabs: [{ active: true, tabId: "t1", title: page.title, url: page.url }] }
    if (step.includes("get")) return { url: page.url }
    return {}
  }
  return (request: RunRequest) => {
    if (request.args.includes("batch")) {
      const steps = JSON.parse(request.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
      const rows = steps.map((s) => doneRow(s, resultOf(s)))
      return { exitCode: 0, stdout: JSON.stringify(rows) }
    }
    return FakeAgentBrowser.ok(resultOf(request.args))
  }
}

describe("state load says where the tab is now", () => {
  it.scoped("a tab moved to the origin's root: the page changed, where it was, and that refs are void", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/form.html"] }, call)
      const text = resultText(yield* runToResult({ args: ["state", "load", "/tmp/s.json"] }, call))
      expect(text).toContain("Loaded state from /tmp/s.json.")
      expect(text).toContain(
        "The page changed: loading the state moved the tab to http://a.test/ (Home); it was on http://a.test/form.html " +
          "(open http://a.test/form.html to go back). Refs from before are void (snapshot -i)."
      )
      expect(text).not.toContain("Page: ")
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: browser(false), repeat: true }])))
  )

  it.scoped("a tab that stayed: said still on its page", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/form.html"] }, call)
      const text = resultText(yield* runToResult({ args: ["state", "load", "/tmp/s.json"] }, call))
      expect(text).toContain("The tab is still on http://a.test/form.html (Form).")
      expect(text).not.toContain("The page changed")
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: browser(true), repeat: true }])))
  )
})
