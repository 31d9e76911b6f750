/**
 * A crashed tab is said as a crash (#41 item 6), not in upstream's words for what it saw of it (`Navigation failed:
 * net::ERR_ABORTED`, `page_wedged … stopped responding`, `CDP command timed out: Page.enable`), with a next action
 * that opens the page again in a new tab.
 */
import { describe, expect, it } from "vitest"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { TimedOut, UpstreamFailed } from "../../src/schema/ToolError.js"

const crash = { targetId: "T1", url: "http://127.0.0.1:8765/index.html", title: "Acme Sign-in" }

describe("a crashed tab", () => {
  it("a navigation upstream calls aborted: the crash, the page it showed, and tab new with it", () => {
    const error = new UpstreamFailed({
      upstreamMessage: "Navigation failed: net::ERR_ABORTED",
      stderr: "",
      exitCode: 1,
      tabCrashed: crash
    })
    const formatted = formatFailure(undefined, error)
    expect(formatted.text).toBe(
      'The tab\'s page crashed (renderer gone): the tab still lists at http://127.0.0.1:8765/index.html ("Acme Sign-in"), but its ' +
        "page answers nothing, so no command can run in it. Open http://127.0.0.1:8765/index.html again in a new tab " +
        "(tab new http://127.0.0.1:8765/index.html); the crashed tab stays in tab list until tab close.\n" +
        "agent-browser said: Navigation failed: net::ERR_ABORTED"
    )
    expect(formatted.summary).toBe("Tab crashed")
    expect(formatted.nextActions.map((a) => [a.id, a.params?.args])).toEqual([
      ["reopen-crashed-page", ["tab", "new", crash.url]]
    ])
  })

  it("page_wedged and a timeout are the same crash; a browser page is not offered again", () => {
    const wedged = new UpstreamFailed({
      upstreamMessage: "page_wedged: the active tab stopped responding",
      code: "page_wedged",
      stderr: "",
      exitCode: 1,
      tabCrashed: crash
    })
    expect(formatFailure(undefined, wedged).text).toMatch(/^The tab's page crashed \(renderer gone\)/)
    expect(formatFailure(undefined, wedged).text).not.toMatch(/stopped responding;|list tabs/i)
    const timedOut = new TimedOut({
      reason: "upstream-wait",
      upstreamMessage: "CDP command timed out: Page.enable",
      timeoutMs: 30_000,
      dispatched: "maybe",
      stdout: "",
      stderr: "",
      tabCrashed: { targetId: "T2", url: "chrome://crash/" }
    })
    const formatted = formatFailure(undefined, timedOut)
    expect(formatted.text).toContain("the tab still lists at chrome://crash/, but its page answers nothing")
    expect(formatted.text).toContain("Open a new tab (tab new)")
    expect(formatted.nextActions[0]?.params?.args).toEqual(["tab", "new"])
    expect(formatted.text).not.toContain("stay held")
    const ended = new TimedOut({
      reason: "no-answer",
      timeoutMs: 35_000,
      dispatched: "maybe",
      stdout: "",
      stderr: "",
      tabCrashed: crash
    })
    expect(formatFailure(undefined, ended).text).toContain(
      "After a command timed out in it, agent-browser can stay held by it for a while: a first tab new may time out too."
    )
  })
})

describe("a tab list with a crashed tab", () => {
  it("marks the crashed tab and counts it in the head; the others stay as upstream listed them", async () => {
    const { formatCommand } = await import("../../src/presenters/text/formatSuccess.js")
    const data = {
      tabs: [
        { active: false, tabId: "t1", targetId: "A", title: "Acme Sign-in", url: "http://a.test/index.html" },
        { active: true, tabId: "t2", targetId: "B", title: "Acme Sign-in", url: "http://a.test/index.html" }
      ]
    }
    const text = formatCommand(["tab", "list"], data, undefined, ["A"]).text
    expect(text).toBe(
      "2 tab(s), 1 crashed (renderer gone):\n" +
        "  [t1] Acme Sign-in — http://a.test/index.html (crashed: its page is gone; tab new http://a.test/index.html opens it again)\n" +
        "→ [t2] Acme Sign-in — http://a.test/index.html"
    )
    expect(formatCommand(["tab", "list"], data, undefined).text).toMatch(/^2 tab\(s\):\n/)
  })
})
