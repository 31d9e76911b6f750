/**
 * Honest results against the real agent-browser 0.41.2 (issue #11): challenge pages after open or a navigating click
 * are reported (and an article about CAPTCHAs is not), a select on a custom ARIA combobox fails with the combobox
 * follow-ups instead of "Selected", and locator misses are selector-not-found without upstream's marker selector.
 */
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { nextIds } from "../support/nextActions.js"

const live = liveWorld()

describe("challenge pages", () => {
  it("a Cloudflare-like interstitial after open: a success that says so and hands the step to a human", async () => {
    const result = await live.tool.call({ args: ["open", live.url("/challenge-interstitial.html")] })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.challengePage?.kind).toBe("interstitial")
    expect(result.details.challengePage?.evidence).toContain('title is "Just a moment..."')
    expect(textOf(result)).toMatch(
      /Challenge page: an anti-bot interstitial \(.*\)\. It is for a human: do not solve, bypass or retry it/
    )
    expect(result.details.nextActions?.[0]).toMatchObject({
      id: "hand-challenge-to-human",
      params: { args: ["--headed", "open", live.url("/challenge-interstitial.html")], sessionMode: "fresh" }
    })
  })

  it("an article that mentions CAPTCHAs is an ordinary page; a click from it onto a reCAPTCHA form is a captcha", async () => {
    const article = await live.tool.call({ args: ["open", live.url("/captcha-article.html")] })
    expect(article.isError, textOf(article)).toBe(false)
    expect(article.details.challengePage).toBeUndefined()
    expect(textOf(article)).not.toContain("Challenge page")
    expect(nextIds(article)).not.toContain("hand-challenge-to-human")
    const clicked = await live.tool.call({ args: ["click", "#to-form"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(clicked.details.challengePage?.kind).toBe("captcha")
    expect(clicked.details.challengePage?.evidence).toContain("visible reCAPTCHA frame")
    expect(nextIds(clicked)[0]).toBe("hand-challenge-to-human")
  })

  it("a page that redirects to a sign-in form is a login wall; opening the sign-in page itself is not", async () => {
    const walled = await live.tool.call({ args: ["open", live.url("/members.html")] })
    expect(walled.isError, textOf(walled)).toBe(false)
    expect(walled.details.challengePage?.kind, textOf(walled)).toBe("login-wall")
    expect(textOf(walled)).toContain(
      "the requested page needs a sign-in. Do not guess or bypass it; hand this step to the user (nextAction hand-challenge-to-human)"
    )
    expect(walled.details.nextActions?.[0]?.params).toMatchObject({
      args: ["--headed", "open", live.url("/members.html")],
      sessionMode: "fresh"
    })
    const login = await live.tool.call({ args: ["open", live.url("/login-wall.html")] })
    expect(login.details.challengePage).toBeUndefined()
  })
})

describe("select on a custom combobox", () => {
  it("fails as selector-not-found with the combobox follow-ups and changes nothing; a native select still works", async () => {
    await live.tool.call({ args: ["open", live.url("/honest-controls.html")] })
    const custom = await live.tool.call({ args: ["select", "#speed", "Fast"] })
    expect(custom.isError).toBe(true)
    expect(custom.details.failureCategory).toBe("selector-not-found")
    expect(textOf(custom)).toContain("#speed is not a native <select>, so select changed nothing")
    expect(nextIds(custom).slice(0, 3)).toEqual([
      "open-custom-combobox",
      "inspect-focused-combobox",
      "try-open-combobox-with-arrow"
    ])
    expect(valueOf(await live.tool.call({ args: ["get", "text", "#speed"] }))).toBe("Slow")
    const semantic = await live.tool.call({
      semanticAction: { action: "select", selector: "#speed", values: ["Fast"] }
    })
    expect(semantic.details.failureCategory).toBe("selector-not-found")
    const native = await live.tool.call({ args: ["select", "#speed-native", "Fast"] })
    expect(native.isError, textOf(native)).toBe(false)
    expect(valueOf(await live.tool.call({ args: ["get", "value", "#speed-native"] }))).toBe("fast")
  })

  it("the combobox path the follow-ups describe really selects", async () => {
    const opened = await live.tool.call({ args: ["click", "#speed"] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const picked = await live.tool.call({ args: ["find", "role", "option", "click", "--name", "Fast"] })
    expect(picked.isError, textOf(picked)).toBe(false)
    expect(valueOf(await live.tool.call({ args: ["get", "text", "#speed"] }))).toBe("Fast")
  })
})

describe("locator misses", () => {
  it("a text click that matches only a hidden element is selector-not-found, says what matched, and never shows the marker", async () => {
    await live.tool.call({ args: ["open", live.url("/honest-controls.html")] })
    const result = await live.tool.call({ args: ["find", "text", "Archive", "click"] })
    expect(result.details.failureCategory).toBe("selector-not-found")
    expect(textOf(result)).toContain(
      'The first element matching text "Archive" is hidden, so the click would not reach it'
    )
    expect(nextIds(result)[0]).toBe("refresh-interactive-refs")
    expect(JSON.stringify(result)).not.toContain("data-agent-browser-located")
  })

  it("a role that does not exist (yet) is selector-not-found with the refresh next action", async () => {
    const result = await live.tool.call({ args: ["find", "role", "tab", "click", "--name", "Billing"] })
    expect(result.details.failureCategory).toBe("selector-not-found")
    expect(result.details.summary).toBe('Selector not found: role "tab" named "Billing"')
    expect(nextIds(result)[0]).toBe("refresh-interactive-refs")
  })
})
