/**
 * A password fill says what the page showed for it (a strength meter, "Passwords match"), never the password: a text
 * that holds the typed value is left out (a page that echoes what was typed), and the Redactor scrubs the value of a
 * field named like a secret from every channel. Before, a password fill said only `Filled <target>`, whatever the
 * page showed. Judged on the page's own state read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    // the meter is drawn in the next animation frame, as meter widgets do; the confirm field checks on input
    "/signup.html": htmlPage(`<label>New password <input id="pw" type="password"></label>
<p id="meter">Strength: none</p><label>Repeat it <input id="pw2" type="password"></label><p id="match"></p>
<script>let f = 0
pw.oninput = () => { cancelAnimationFrame(f); f = requestAnimationFrame(() => {
  const v = pw.value; meter.textContent = "Strength: " + (v.length >= 12 && /\\d/.test(v) ? "strong" : "weak") }) }
pw2.oninput = () => { match.textContent = pw2.value === pw.value ? "Passwords match" : "Passwords differ" }</script>`),
    // a page that shows what was typed beside its own message
    "/echo.html": htmlPage(`<label>Password <input id="password" type="password"></label><p id="said"></p>
<p id="ok"></p><label>Door code <input id="door" type="password"></label><p id="pinEcho"></p><p id="pinOk"></p>
<script>password.oninput = () => { said.textContent = "You typed " + password.value
  ok.textContent = password.value.length >= 8 ? "Long enough" : "Too short" }
door.oninput = () => { pinEcho.textContent = "Code " + door.value
  pinOk.textContent = door.value.length === 6 ? "Code set" : "" }
</script>`)
  }
})

describe("a password fill says what the page showed, not the password", () => {
  it("says the meter and the match message, not the value", async () => {
    const session = await live.openedSession("/signup.html")
    const filled = await live.tool.call({ args: ["fill", "#pw", "correct-horse-42"] })
    // before: `Filled #pw`
    expect(okText(filled)).toBe('Filled #pw\nNew text: "Strength: strong"')
    expect(rawEval(live.world, session, "meter.textContent")).toBe("Strength: strong")
    const repeated = await live.tool.call({ args: ["fill", "#pw2", "correct-horse-42"] })
    expect(okText(repeated)).toBe('Filled #pw2\nNew text: "Passwords match"')
    expect(rawEval(live.world, session, "match.textContent")).toBe("Passwords match")
    // (the call's own args echo the value: the model's own data, for a field not named like a secret)
    expect(okText(filled) + okText(repeated)).not.toContain("correct-horse")
  })

  it("a text that holds the typed value is left out; the page's own message is said", async () => {
    const session = await live.openedSession("/echo.html")
    const filled = await live.tool.call({ args: ["fill", "#password", "tr0ub4dor&3"] })
    expect(okText(filled)).toBe('Filled #password\nNew text: "Long enough"')
    // the page did show the password: the tool did not say it
    expect(rawEval(live.world, session, "said.textContent")).toBe("You typed tr0ub4dor&3")
    expect(rawEval(live.world, session, "ok.textContent")).toBe("Long enough")
    // a field named like a secret: the value is learned as one, and is in no part of the result
    expect(JSON.stringify(filled)).not.toContain("tr0ub4dor")
    // typed key by key into a password field: the same
    const typed = await live.tool.call({ args: ["type", "#door", "480913"] })
    expect(okText(typed)).toContain('New text: "Code set"')
    expect(okText(typed)).not.toContain("480913")
    expect(rawEval(live.world, session, "[pinEcho.textContent, pinOk.textContent]")).toEqual([
      "Code 480913",
      "Code set"
    ])
  })
})
