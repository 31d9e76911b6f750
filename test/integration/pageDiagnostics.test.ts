/**
 * Post-action page diagnostics against the real agent-browser: a scroll that moved nothing says so (and one that
 * moved does not), a `get text` selector whose first match is a hidden tab panel is flagged (a unique visible one is
 * not), and eval results that look like a scripting mistake carry a hint. Each costs no extra upstream process for
 * a standalone call.
 */
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { REPO } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"
import { nextIds } from "../support/nextActions.js"

const live = liveWorld()

describe("scroll no-movement", () => {
  it("a page that cannot scroll: scrollNoop, data.noMovement, a line and the two next actions", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/diagnostics.html?fixed`] })
    const result = await live.tool.call({ args: ["scroll", "down", "400"] })
    expect(result.isError).toBe(false)
    // the document fits the window (html and body overflow hidden); only #pane scrolls
    expect(textOf(result)).toBe(
      "Scroll down 400 moved nothing\nThe page fits the window: it does not scroll that way. To scroll a region " +
        "inside it: scroll <dir> <px> --selector <css>, or scrollintoview @ref."
    )
    expect(result.details.scrollNoop).toMatchObject({
      reason: "no-observed-scroll-position-change",
      before: { scrollY: 0 },
      after: { scrollY: 0 }
    })
    expect(result.details.scrollNoop?.after.containers).toContainEqual(
      expect.objectContaining({ tagName: "div", scrollTop: 0 })
    )
    expect(result.details.data).toMatchObject({ scrolled: false, noMovement: true })
    expect(nextIds(result)).toEqual(
      expect.arrayContaining(["inspect-after-noop-scroll", "verify-noop-scroll-visually"])
    )
  })

  it("scrolling the inner pane with --selector moves it: no diagnostic", async () => {
    const result = await live.tool.call({ args: ["scroll", "down", "100", "--selector", "#pane"] })
    expect(result.isError).toBe(false)
    expect(result.details.scrollNoop).toBeUndefined()
    expect(textOf(result)).not.toContain("Scroll diagnostic")
  })

  it("a page that scrolls: no diagnostic, upstream's data unchanged", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/diagnostics.html`] })
    const result = await live.tool.call({ args: ["scroll", "down", "300"] })
    expect(result.isError).toBe(false)
    expect(result.details.scrollNoop).toBeUndefined()
    expect(result.details.data).toMatchObject({ scrolled: true })
    expect(nextIds(result)).not.toContain("inspect-after-noop-scroll")
    const y = await live.tool.call({ args: ["eval", "scrollY"] })
    expect(textOf(y)).toBe(`300\n(from ${live.site.origin})`)
  })
})

describe("get text selector visibility", () => {
  it("a class shared by a hidden and a visible tab panel: the hidden first match is flagged with the visible candidate", async () => {
    const result = await live.tool.call({ args: ["get", "text", ".panel-title"] })
    expect(result.isError).toBe(false)
    expect(textOf(result)).toContain("Billing panel")
    expect(result.details.selectorTextVisibility).toMatchObject({
      selector: ".panel-title",
      reason: "first-match-hidden",
      matchCount: 2,
      visibleCount: 1,
      firstMatchVisible: false,
      visibleCandidates: [{ index: 1, tagName: "h2", textPreview: "Shipping panel" }]
    })
    expect(textOf(result)).toMatch(
      /Selector warning: \.panel-title matches 2; get text read the first, which is hidden\. Visible 1: \[1\] h2 "Shipping panel"/
    )
    const action = result.details.nextActions?.find((a) => a.id === "inspect-visible-text-candidates")
    expect(action?.params).toMatchObject({ args: ["--session", result.details.sessionName, "eval", "--stdin"] })
    // the suggested probe runs as given and is read-only
    const replay = await live.tool.call({
      args: ["eval", "--stdin"],
      stdin: (action?.params as { stdin: string }).stdin
    })
    expect(textOf(replay)).toContain('"visibleCount": 1')
  })

  it("a unique visible selector: no diagnostic", async () => {
    const result = await live.tool.call({ args: ["get", "text", "#unique"] })
    expect(textOf(result)).toBe(`Only one of me\n(from ${live.site.origin})`)
    expect(result.details.selectorTextVisibility).toBeUndefined()
    expect(nextIds(result)).not.toContain("inspect-visible-text-candidates")
  })

  it("inside a batch: the hazardous step is named by its index; refs are never probed", async () => {
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["get", "text", "#unique"],
        ["get", "text", ".panel-title"]
      ])
    })
    expect(result.isError).toBe(false)
    expect(result.details.selectorTextVisibility).toMatchObject({
      selector: ".panel-title",
      stepIndex: 1,
      reason: "first-match-hidden"
    })
    expect(textOf(result)).toContain("Selector warning (step 2): .panel-title")
  })
})

describe("eval hints", () => {
  it("a function-shaped script whose result is {}: evalStdinHint", async () => {
    const result = await live.tool.call({ args: ["eval", "--stdin"], stdin: "() => ({ title: document.title })" })
    expect(result.isError).toBe(false)
    expect(result.details.evalStdinHint?.reason).toContain("returned, not called")
    expect(textOf(result)).toContain("Eval stdin hint:")
  })

  it("statements with no value: evalStdinHint; a plain expression gets none", async () => {
    const statements = await live.tool.call({
      args: ["eval", "--stdin"],
      stdin: "const headingText = document.querySelector('h1').textContent;"
    })
    expect(statements.details.evalStdinHint?.reason).toContain("ends in a statement")
    const plain = await live.tool.call({ args: ["eval", "--stdin"], stdin: "({ title: document.title })" })
    expect(plain.details.evalStdinHint).toBeUndefined()
    expect(plain.details.evalResultWarning).toBeUndefined()
    expect(textOf(plain)).not.toContain("Eval")
  })

  it("null on a file:// page: evalResultWarning, the call still succeeds", async () => {
    await live.tool.call({ args: ["open", `file://${join(REPO, "fixtures/site/diagnostics.html")}`] })
    const result = await live.tool.call({ args: ["eval", "--stdin"], stdin: "document.querySelector('#missing')" })
    expect(result.isError).toBe(false)
    expect(result.details.evalResultWarning?.reason).toContain("file://")
    expect(textOf(result)).toContain("Eval result warning:")
  })
})
