/**
 * Results read as text a model needs (issue #11): actions in words (no raw JSON), `Page:` and snapshot headers only
 * when the page changed, a job's snapshot step as the same view with refs as `snapshot -i`; and the new step kinds
 * compile to upstream argv.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { compileJob } from "../../src/compilers/compileJob.js"
import { compileSemanticAction } from "../../src/compilers/compileSemanticAction.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import type { JobStep, SemanticAction } from "../../src/schema/ToolInput.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { pageAfter, pageChanged } from "../../src/session/sessionTransitions.js"
import { call, doneRow, fakeLayer, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const MARKER = "[data-agent-browser-located='true']"

/** A scripted browser: `page` is where it is; a click on `#nav` goes to /next. */
const browser = () => {
  let page = { url: "http://a.test/", title: "Home" }
  const resultOf = (step: ReadonlyArray<string>): unknown => {
    const has = (s: string) => step.includes(s)
    if (has("open")) {
      const asked = step[step.indexOf("open") + 1] ?? ""
      page = { url: asked.includes("/old") ? "http://a.test/landed" : asked.replace(/ /g, "%20"), title: "Home" }
      return { targetId: "T", ...page }
    }
    if (has("eval")) return { origin: page.url, result: page }
    if (has("snapshot"))
      return {
        origin: page.url,
        refs: { e1: { role: "button", name: "Go" }, e2: { role: "checkbox", name: "Agree" } },
        snapshot: '- button "Go" [ref=e1]\n- checkbox "Agree" [ref=e2]'
      }
    if (has("tab")) return { tabs: [{ active: true, tabId: "t1", title: page.title, url: page.url }] }
    if (has("click") && has("#nav")) page = { url: "http://a.test/next", title: "Next" }
    if (has("click") && has("#hash")) page = { ...page, url: `${page.url.split("#")[0]}#/active` }
    if (has("click") || has("dblclick")) return { clicked: step[step.length - 1] }
    if (has("drag")) return { dragged: true, source: step[step.length - 2], target: step[step.length - 1] }
    if (has("find")) return { hovered: MARKER }
    if (has("scroll")) return { scrolled: true }
    if (has("scrollintoview")) return { scrolled: step[step.length - 1] }
    if (has("wait")) return { ms: 10, waited: "timeout" }
    if (has("get")) return { url: page.url }
    return {}
  }
  return (request: RunRequest) => {
    if (request.args.includes("batch")) {
      const steps = JSON.parse(request.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
      return {
        exitCode: 0,
        stdout: JSON.stringify(steps.map((s) => doneRow(s, resultOf(s))))
      }
    }
    return FakeAgentBrowser.ok(resultOf(request.args))
  }
}
const layer = () => fakeLayer(temp.root, [{ reply: browser(), repeat: true }])

describe("batch rows say each fact once", () => {
  it.scoped(
    "an open row names the landed address only when it is not the one asked for; a snapshot of the page the call started on has no header",
    () =>
      Effect.gen(function* () {
        const opened = resultText(
          yield* runToResult(
            {
              args: ["batch"],
              stdin: JSON.stringify([
                ["open", "http://a.test/a b"],
                ["open", "http://a.test/old"]
              ])
            },
            call
          )
        )
        expect(opened).toContain("1. open → Home\n") // written as the browser writes it, the address asked for: not said again
        expect(opened).toContain("2. open http://a.test/old → Home — http://a.test/landed")
        yield* runToResult({ args: ["open", "http://a.test/"] }, call)
        const same = resultText(
          yield* runToResult(
            {
              args: ["batch"],
              stdin: JSON.stringify([
                ["check", "@e2"],
                ["snapshot", "-i"]
              ])
            },
            call
          )
        )
        expect(same).toContain('2. snapshot\n- button "Go" [ref=e1]')
        expect(same).not.toContain("Snapshot of")
        const moved = resultText(
          yield* runToResult(
            {
              args: ["batch"],
              stdin: JSON.stringify([
                ["click", "#nav"],
                ["snapshot", "-i"]
              ])
            },
            call
          )
        )
        // the click's row names the page it led to (read in its own process), so the snapshot of it needs no header
        expect(moved).toMatch(/^✓ 2\/2 steps\n1\. click\n {3}Page: Next — http:\/\/a\.test\/next\n2\. snapshot\n/)
        expect(moved).not.toContain("Snapshot of")
      }).pipe(Effect.provide(layer()))
  )
})

describe("a raw batch's rows", () => {
  it.scoped("name the caller's own steps by number and verb: the rest of its command is not echoed", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const text = resultText(
        yield* runToResult(
          {
            args: ["batch"],
            stdin: JSON.stringify([
              ["eval", "document.title"],
              ["get", "url"],
              ["snapshot", "-i"]
            ])
          },
          call
        )
      )
      expect(text.split("\n").slice(0, 4)).toEqual([
        "✓ 3/3 steps",
        expect.stringMatching(/^1\. eval → /),
        "2. get url → http://a.test/",
        "3. snapshot"
      ])
      expect(text).not.toContain("document.title")
      // a job's rows are the tool's compilation of its steps: said whole (`2. snapshot -i`, below)
    }).pipe(Effect.provide(layer()))
  )
})

describe("action results in words", () => {
  it.scoped("dblclick, drag, find, scroll and scrollintoview say what they did; no JSON, no marker", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const texts = [
        resultText(yield* runToResult({ args: ["dblclick", "#edit"] }, call)),
        resultText(yield* runToResult({ args: ["drag", "#a", "#c"] }, call)),
        resultText(yield* runToResult({ args: ["find", "label", "Row", "hover"] }, call)),
        resultText(yield* runToResult({ args: ["scroll", "down", "300"] }, call)),
        resultText(yield* runToResult({ args: ["scrollintoview", "#far"] }, call))
      ]
      expect(texts[0]).toMatch(/^Double-clicked #edit/)
      expect(texts[1]).toMatch(/^Dragged #a to #c/)
      expect(texts[2]).toMatch(/^Hovered label "Row"/)
      expect(texts[3]).toMatch(/^Scrolled down 300/)
      expect(texts[4]).toMatch(/^Scrolled #far into view/)
      for (const text of texts) {
        expect(text).not.toContain("{")
        expect(text).not.toContain(MARKER)
        expect(text).not.toContain("Clicked")
      }
    }).pipe(Effect.provide(layer()))
  )

  it.scoped("Page: only when the page changed; a snapshot of the known page has no header", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      expect(resultText(yield* runToResult({ args: ["click", "#stay"] }, call))).not.toContain("Page:")
      const snapshot = resultText(yield* runToResult({ args: ["snapshot", "-i"] }, call))
      expect(snapshot).not.toContain("Snapshot of")
      expect(snapshot).toContain("[ref=e1]")
      expect(resultText(yield* runToResult({ args: ["click", "#nav"] }, call))).toContain(
        "Page: Next — http://a.test/next"
      )
      expect(resultText(yield* runToResult({ args: ["click", "#stay"] }, call))).not.toContain("Page:")
      // a hash router's link: the new hash, not the whole address again
      const hashed = resultText(yield* runToResult({ args: ["click", "#hash"] }, call))
      expect(hashed).toContain("Page: Next — same URL, hash now #/active")
      expect(hashed).not.toContain("http://a.test/next")
    }).pipe(Effect.provide(layer()))
  )

  it.scoped("a job's snapshot step shows the -i view with refs, and those refs are usable next", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      yield* runToResult({ args: ["snapshot", "-i"] }, call)
      const job = yield* runToResult(
        { job: { steps: [{ action: "open", url: "http://a.test/" }, { action: "snapshot" }] } },
        call
      )
      const text = resultText(job)
      expect(text).toContain("1. open → Home\n") // the address it asked for is not said again
      expect(text).toContain('2. snapshot -i\n- button "Go" [ref=e1]\n- checkbox "Agree" [ref=e2]')
      expect(text).not.toContain('"snapshot":')
      const next = yield* runToResult({ args: ["check", "@e2"] }, call)
      expect(next.isError, resultText(next)).toBe(false)
      expect(resultText(next)).toMatch(/^Checked @e2/)
    }).pipe(Effect.provide(layer()))
  )

  it.scoped("a job that fully succeeded writes no line for steps that only echo the caller's command", () =>
    Effect.gen(function* () {
      const job = yield* runToResult(
        {
          job: {
            steps: [
              { action: "open", url: "http://a.test/" },
              { action: "hover", selector: "#row" },
              { action: "dblclick", selector: "#edit" },
              { action: "drag", selector: "#a", target: "#c" },
              { action: "press", text: "Enter" },
              { action: "check", selector: "#agree" },
              { action: "scrollIntoView", selector: "#far" }
            ]
          }
        },
        call
      )
      expect(job.isError, resultText(job)).toBe(false)
      const lines = resultText(job).split("\n")
      expect(lines[0]).toBe("✓ 7/7 steps")
      // the head says every step succeeded: no row repeats ✓ (a batch with a failed step marks each row,
      // presenter.test)
      expect(lines[1]).toMatch(/^1\. open → /)
      expect(resultText(job)).not.toMatch(/^\d+\. ✓/m)
      // the header counts them; none of their commands comes back
      for (const echo of [
        "hover #row",
        "dblclick #edit",
        "drag #a #c",
        "press Enter",
        "check #agree",
        "scrollintoview #far"
      ])
        expect(resultText(job)).not.toContain(echo)
    }).pipe(Effect.provide(layer()))
  )
})

describe("last known page", () => {
  it("pageAfter: the probed page, the page a reply names, null after an unread navigation, else unchanged", () => {
    const home = { url: "http://a.test/", title: "Home" }
    expect(
      pageAfter(["click", "#x"], { kind: "single", data: { clicked: "#x" }, warning: undefined }, home, undefined)
    ).toEqual(home)
    expect(
      pageAfter(["open", "http://a.test/"], { kind: "single", data: home, warning: undefined }, undefined, undefined)
    ).toEqual(home)
    expect(
      pageAfter(["fill", "#a", "x"], { kind: "single", data: { filled: "#a" }, warning: undefined }, undefined, home)
    ).toBeUndefined()
    expect(
      pageAfter(
        ["snapshot", "-i"],
        { kind: "single", data: { origin: "http://a.test/" }, warning: undefined },
        undefined,
        home
      )
    ).toEqual(home)
    const rows = [
      { command: ["open", "http://a.test/"], success: true as const, result: home },
      { command: ["click", "#go"], success: true as const, result: {} }
    ]
    expect(pageAfter([], { kind: "batch", rows }, undefined, undefined)).toBeNull()
    expect(
      pageAfter(["tab", "list"], { kind: "single", data: { tabs: [] }, warning: undefined }, undefined, home)
    ).toBeUndefined()
    expect(
      pageAfter(["tab", "close"], { kind: "single", data: { closed: true }, warning: undefined }, undefined, home)
    ).toBeNull()
  })

  it("pageChanged: a new url or a new known title; an unknown title is no change", () => {
    expect(pageChanged(undefined, { url: "u", title: "t" })).toBe(true)
    expect(pageChanged({ url: "u", title: "t" }, { url: "u", title: "t" })).toBe(false)
    expect(pageChanged({ url: "u" }, { url: "u", title: "t" })).toBe(false)
    expect(pageChanged({ url: "u", title: "t" }, { url: "u", title: "t2" })).toBe(true)
    expect(pageChanged({ url: "u", title: "t" }, { url: "v", title: "t" })).toBe(true)
  })
})

const sem = (a: SemanticAction) => compileSemanticAction(a)
const job = (steps: ReadonlyArray<JobStep>) => compileJob({ steps }, "/work")
const message = (e: Either.Either<unknown, { message: string }>) => (Either.isLeft(e) ? e.left.message : "compiled")

describe("new step kinds compile to upstream argv", () => {
  it("semanticAction: hover/check by locator, dblclick/uncheck/scrollIntoView by selector, press a key alone", () => {
    expect(Either.getOrThrow(sem({ action: "hover", locator: "text", value: "Row" })).args).toEqual([
      "find",
      "text",
      "Row",
      "hover"
    ])
    expect(Either.getOrThrow(sem({ action: "dblclick", selector: "@e4" })).args).toEqual(["dblclick", "@e4"])
    expect(Either.getOrThrow(sem({ action: "uncheck", selector: "#agree" })).args).toEqual(["uncheck", "#agree"])
    expect(Either.getOrThrow(sem({ action: "scrollIntoView", selector: "#far" })).args).toEqual([
      "scrollintoview",
      "#far"
    ])
    expect(Either.getOrThrow(sem({ action: "press", text: "Escape", session: "s" })).args).toEqual([
      "--session",
      "s",
      "press",
      "Escape"
    ])
    expect(message(sem({ action: "dblclick", locator: "text", value: "Row" }))).toContain(
      "dblclick needs a selector or @ref"
    )
    expect(message(sem({ action: "press", selector: "#a", text: "Enter" }))).toContain("press takes only text")
    expect(message(sem({ action: "press" }))).toContain("press needs text")
  })

  it("job: each new kind is one row (press with a selector focuses first); drag needs selector and target", () => {
    const rows = Either.getOrThrow(
      job([
        { action: "hover", locator: "role", value: "button", name: "Delete" },
        { action: "dblclick", selector: "#edit" },
        { action: "drag", selector: "#a", target: "#c" },
        { action: "press", text: "Enter" },
        { action: "press", selector: "#key", text: "a" },
        { action: "check", locator: "label", value: "Agree" },
        { action: "uncheck", selector: "#agree" },
        { action: "scrollIntoView", selector: "#far" }
      ])
    ).rows
    expect(rows).toEqual([
      ["find", "role", "button", "hover", "--name", "Delete"],
      ["dblclick", "#edit"],
      ["drag", "#a", "#c"],
      ["press", "Enter"],
      ["focus", "#key"],
      ["press", "a"],
      ["find", "label", "Agree", "check"],
      ["uncheck", "#agree"],
      ["scrollintoview", "#far"]
    ])
    expect(message(job([{ action: "drag", selector: "#a" }]))).toContain(
      "drag: needs selector (CSS or @ref) and target"
    )
    expect(message(job([{ action: "press" }]))).toContain("press: needs text")
  })
})
