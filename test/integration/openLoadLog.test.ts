/**
 * An `open` in a running browser says what the page did while it loaded (page/loadLog.ts), against the real
 * agent-browser 0.41.2 and Chromium: console errors and uncaught errors, warnings, an alert (upstream accepted it) and
 * a confirm that stays open and blocks. A page that logs nothing answers as before; the log's script ran for the
 * opened document only. The page's state is read with the raw binary, outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"
import { titledPage } from "../support/servedPages.js"

const QUIET = `<h1>Quiet</h1><p>Nothing to report here: a page that logs nothing while it loads.</p>
<button id="b">Go</button>`

const live = liveWorld({
  files: {
    "/quiet.html": titledPage("Quiet", QUIET),
    "/errors.html": titledPage(
      "Settings",
      `<p>Settings</p><script>console.error('failed to load config.json');console.warn('deprecated api v1');
console.error('retry', {n: 2});setTimeout(() => undefinedFn(), 0)</script>`
    ),
    "/firstLoad.html": titledPage(
      "Settings",
      `<p>Settings</p><script>console.error('failed to load config.json');console.warn('deprecated api v1');
console.error('retry', {n: 2});setTimeout(() => undefinedFn(), 0);alert('Welcome back, Ada');window.__after = true
</script>`
    ),
    "/link.html": titledPage("Links", `<p>Where to?</p><a id="go" href="/errors.html">Settings</a>`),
    "/alert.html": titledPage(
      "Welcome page",
      `<p>Hi</p><script>alert('Welcome back, Ada');window.__after = true</script>`
    ),
    "/confirm.html": titledPage("Draft", `<p>Draft</p><script>window.__r = confirm('Discard the draft?')</script>`)
  }
})
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)
const evalRaw = <A>(expression: string): A => raw<{ result: A }>(["eval", expression]).result
const LOG_SYMBOL = "Object.getOwnPropertySymbols(window).map(String).join()"

describe("open says what the page did while it loaded", () => {
  it("the first open (upstream's, launching the browser) says what the page logged while loading", async () => {
    const first = await live.tool.call({ args: ["open", live.url("/firstLoad.html")] })
    session = first.details.sessionName ?? ""
    console.log(`[first open] ${textOf(first)}`)
    expect(first.isError, textOf(first)).toBe(false)
    expect(textOf(first)).toContain(
      '3 console errors while loading: "failed to load config.json"; "retry {\\"n\\":2}"; ' +
        '"Uncaught ReferenceError: undefinedFn is not defined"'
    )
    expect(textOf(first)).toContain('Console warning while loading: "deprecated api v1"')
    // the page really logged them, and went on past its alert (upstream accepted it)
    const logged = raw<{ messages: ReadonlyArray<{ text: string; type: string }> }>(["console"]).messages
    expect(logged.some((m) => m.type === "error" && m.text === "failed to load config.json")).toBe(true)
    expect(raw<{ hasDialog: boolean }>(["dialog", "status"]).hasDialog).toBe(false)
    expect(evalRaw<boolean>("window.__after === true")).toBe(true)
  }, 90_000)

  it("console errors, an uncaught error and a warning, said after the open (the page really logged them)", async () => {
    const quietBefore = await live.tool.call({ args: ["open", live.url("/quiet.html")] })
    const opened = await live.tool.call({ args: ["open", live.url("/errors.html")] })
    console.log(`[load log] ${textOf(opened)}`)
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toContain(
      '3 console errors while loading: "failed to load config.json"; "retry {\\"n\\":2}"; ' +
        '"Uncaught ReferenceError: undefinedFn is not defined"'
    )
    expect(textOf(opened)).toContain('Console warning while loading: "deprecated api v1"')
    const logged = raw<{ messages: ReadonlyArray<{ text: string; type: string }> }>(["console"]).messages
    expect(logged.some((m) => m.type === "error" && m.text === "failed to load config.json")).toBe(true)
    // a page that logs nothing answers byte for byte as before, also after one that did
    const quietAfter = await live.tool.call({ args: ["open", live.url("/quiet.html")] })
    expect(textOf(quietAfter)).toBe(textOf(quietBefore))
    expect(textOf(quietAfter)).not.toMatch(/while loading|console|dialog/i)
  }, 90_000)

  it("the log's script runs for the opened document only: a later navigation of the tab carries no record", async () => {
    const link = await live.tool.call({ args: ["open", live.url("/link.html")] })
    expect(textOf(link)).not.toContain("while loading")
    expect(evalRaw<string>(LOG_SYMBOL)).toContain("pi-agent-browser.load-log")
    // the page's own navigation, in the same tab, to a page that logs errors: the script does not run there
    const clicked = await live.tool.call({ args: ["click", "#go"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(raw<{ url: string }>(["get", "url"]).url).toBe(live.url("/errors.html"))
    expect(evalRaw<string>(LOG_SYMBOL)).not.toContain("pi-agent-browser.load-log")
    expect(textOf(clicked)).not.toContain("while loading")
    // the same document read again (a same-document navigation): the log was taken once, nothing is said twice
    await live.tool.call({ args: ["open", live.url("/quiet.html")] })
    const fresh = await live.tool.call({ args: ["open", live.url("/errors.html")] })
    expect(textOf(fresh)).toContain("console errors while loading")
    const again = await live.tool.call({ args: ["open", `${live.url("/errors.html")}#again`] })
    expect(again.isError, textOf(again)).toBe(false)
    expect(textOf(again)).not.toContain("while loading")
  }, 90_000)

  it("an alert while loading: said with its message, and it was closed (upstream accepted it; the page went on)", async () => {
    const opened = await live.tool.call({ args: ["open", live.url("/alert.html")] })
    console.log(`[load alert] ${textOf(opened)}`)
    expect(opened.isError, textOf(opened)).toBe(false)
    expect(textOf(opened)).toContain('A dialog opened while loading: alert "Welcome back, Ada" (accepted)')
    expect(raw<{ hasDialog: boolean }>(["dialog", "status"]).hasDialog).toBe(false)
    expect(evalRaw<boolean>("window.__after === true")).toBe(true)
  }, 90_000)

  it("a confirm while loading stays open and blocks: said so, with the dismiss as next action", async () => {
    const opened = await live.tool.call({ args: ["open", live.url("/confirm.html")] })
    console.log(`[load confirm] ${textOf(opened)}`)
    expect(textOf(opened)).toContain('A JavaScript confirm dialog is blocking the page: "Discard the draft?"')
    expect(textOf(opened)).not.toMatch(/\(accepted\)|\(dismissed\)/)
    const status = raw<{ hasDialog: boolean; message: string }>(["dialog", "status"])
    expect(status).toMatchObject({ hasDialog: true, message: "Discard the draft?" })
    const next = opened.details.nextActions?.[0]
    expect(next?.id).toBe("dismiss-dialog")
    const dismissed = await live.tool.call(next?.params ?? {})
    expect(dismissed.isError, textOf(dismissed)).toBe(false)
    expect(evalRaw<boolean>("window.__r")).toBe(false)
  }, 90_000)
})
