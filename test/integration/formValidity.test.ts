/**
 * A submit the browser's own form validation blocks, on the real agent-browser 0.41.2 and Chromium: the click (or an
 * Enter in the field) says which field the browser refused and its message, and that the form was not sent (it said
 * only "Clicked #b"). The page's state is read with the raw binary outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { charsetPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/signup.html": charsetPage(
      '<title>Sign up</title><form action="/done.html"><label>Email <input id="e" type="email" required></label>' +
        '<button id="b">Sign up</button></form>'
    ),
    "/done.html": charsetPage("<title>Welcome</title><h1>Welcome</h1>")
  }
})
const evalRaw = (session: string, script: string): unknown => rawEval(live.world, session, script)
const REFUSED = "The browser's form validation refused 1 field, so the form was not sent: "

describe("a submit the browser's validation blocks (#45)", () => {
  it("a click on the submit button names the refused field and the browser's message", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/signup.html`] })
    const session = opened.details.sessionName ?? ""
    const clicked = await live.tool.call({ args: ["click", "#b"] })
    // the browser focuses the field it refused: said, as where typing now goes (page/focusMoved.ts)
    expect(textOf(clicked)).toBe(
      `Clicked #b\n${REFUSED}"Email": "${evalRaw(session, "e.validationMessage")}"\nFocus moved to input#e "Email"`
    )
    expect(evalRaw(session, "[location.pathname, e.validity.valueMissing, document.activeElement.id]")).toEqual([
      "/signup.html",
      true,
      "e"
    ])
  })

  it("Enter in an invalid email field says the same; a valid one submits with no such line", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/signup.html`] })
    const session = opened.details.sessionName ?? ""
    await live.tool.call({ args: ["fill", "#e", "ada.example.com"] })
    const pressed = await live.tool.call({ args: ["press", "Enter"] })
    expect(textOf(pressed)).toContain(`${REFUSED}"Email": "Please include an '@'`)
    expect(evalRaw(session, "[location.pathname, e.validity.typeMismatch]")).toEqual(["/signup.html", true])
    await live.tool.call({ args: ["fill", "#e", "ada@example.com"] })
    const sent = await live.tool.call({ args: ["press", "Enter"] })
    expect(textOf(sent)).not.toContain("validation")
    expect(textOf(sent)).toContain("Page: Welcome")
    expect(evalRaw(session, "location.pathname")).toBe("/done.html")
  })
})
