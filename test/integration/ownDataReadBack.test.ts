/**
 * Issue #41 item 7 on the real agent-browser: what the model stores (a storage value, a cookie, a mocked response
 * body) reads back as written, judged against the page's own state read with the raw binary; a credential among them
 * stays hidden everywhere; the tool's words around them are its own.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld()
const TOKEN = "tok-OWN41-7d2e9a"
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)
const evalRaw = (script: string): unknown => raw<{ result: unknown }>(["eval", script]).result

describe("the model's own data reads back as written (#41)", () => {
  it("storage: theme = dark set, read back, and in the page", async () => {
    session = await live.openSession("/index.html")
    const set = await live.tool.call({ args: ["storage", "local", "set", "theme", "dark"] })
    expect(set.isError, textOf(set)).toBe(false)
    // the set says what the page's origin now holds, as written (upstream answers only {set: true})
    expect(textOf(set)).toContain('Set localStorage "theme" to "dark" on this page\'s origin.')
    expect(evalRaw("localStorage.getItem('theme')")).toBe("dark")
    const read = await live.tool.call({ args: ["storage", "local", "theme"] })
    console.log(`[own data] storage read: ${JSON.stringify(read.details.data)}`)
    expect(JSON.stringify(read.details.data)).toContain('"value":"dark"')
    expect(JSON.stringify(read)).not.toContain("[REDACTED]")
  })

  it("cookies: a cookie named value reads back; a session cookie stays hidden; the count is the tool's own words", async () => {
    for (const args of [
      ["cookies", "set", "value", "value", "--url", live.site.origin],
      ["cookies", "set", "sid", TOKEN, "--url", live.site.origin]
    ]) {
      const set = await live.tool.call({ args })
      expect(set.isError, textOf(set)).toBe(false)
      // the model's own cookie is said as written; the session cookie's value is not repeated
      expect(textOf(set)).toContain(args[2] === "value" ? 'Set cookie "value" to "value".' : 'Set cookie "sid" (')
      expect(JSON.stringify(set)).not.toContain(TOKEN)
    }
    const cookies = raw<{ cookies: ReadonlyArray<{ name: string; value: string }> }>(["cookies"]).cookies
    expect(cookies.find((c) => c.name === "value")?.value).toBe("value")
    expect(cookies.find((c) => c.name === "sid")?.value).toBe(TOKEN)
    const read = await live.tool.call({ args: ["cookies"] })
    const text = textOf(read)
    console.log(`[own data] cookies: ${text}`)
    expect(text).toMatch(/^\d+ cookies \(1 credential-like value hidden\)\n/)
    expect(text).toContain("value=value — 127.0.0.1/")
    expect(text).toContain("sid=[REDACTED] — 127.0.0.1/")
    expect(JSON.stringify(read)).not.toContain(TOKEN)
  })

  it("a mocked body shows in the page's snapshot; a token inside it stays hidden", async () => {
    const body = JSON.stringify({ title: "Mocked Widget", token: TOKEN })
    const route = await live.tool.call({ args: ["network", "route", "**/api/own-item", "--body", body] })
    expect(route.isError, textOf(route)).toBe(false)
    expect(route.details.args).toContain('{"title":"Mocked Widget","token":"[REDACTED]"}')
    const rendered = await live.tool.call({
      args: [
        "eval",
        "fetch('/api/own-item').then((r) => r.json()).then((j) => { document.body.innerHTML = '<h1>' + j.title + '</h1><p>' + j.token + '</p>'; return 1 })"
      ]
    })
    expect(rendered.isError, textOf(rendered)).toBe(false)
    expect(evalRaw("document.querySelector('h1').textContent + '|' + document.querySelector('p').textContent")).toBe(
      `Mocked Widget|${TOKEN}`
    )
    const snap = await live.tool.call({ args: ["snapshot"] })
    const text = textOf(snap)
    console.log(`[own data] snapshot: ${text}`)
    expect(text).toContain("Mocked Widget")
    expect(text).toContain("[REDACTED]")
    expect(JSON.stringify([snap, route])).not.toContain(TOKEN)
  })
})
