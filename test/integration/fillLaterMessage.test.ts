/**
 * A field the page checks a moment after typing stops (a 300 ms debounce, then "The name alice is already taken"):
 * the fill's read waits for the short timer its input event started, so the message is said; a check the page runs
 * after 2 s is not waited for (the call does not hang on it) and is not claimed; a field with no timer is said as
 * before. `type` (key by key) waits the same way. Judged on the page's own state read outside the tool (real
 * agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/name.html": htmlPage(`<label>Username <input id="u" oninput="clearTimeout(window.tm);const v=this.value;
window.tm=setTimeout(()=>{msg.textContent=v==='alice'?'The name alice is already taken':''},300)"></label>
<p id="msg" aria-live="polite"></p>
<label>Code <input id="c" oninput="setTimeout(()=>{slow.textContent='Code checked'},2000)"></label><p id="slow"></p>
<label>City <input id="plain"></label>`)
  }
})

/** Polls the page (read outside the tool) until `js` is `want`, or 5 s passed. */
const until = async (session: string, js: string, want: unknown): Promise<unknown> => {
  const end = Date.now() + 5000
  let now = rawEval(live.world, session, js)
  while (now !== want && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100))
    now = rawEval(live.world, session, js)
  }
  return now
}

describe("a fill the page answers a moment later", () => {
  it("says the message a 300 ms check shows; not one shown after 2 s; a plain field as before", async () => {
    const session = await live.openedSession("/name.html")
    // before: `Filled #u: it now holds "alice"`
    expect(okText(await live.tool.call({ args: ["fill", "#u", "alice"] }))).toBe(
      'Filled #u: it now holds "alice"\nNew text: "The name alice is already taken"'
    )
    expect(rawEval(live.world, session, "msg.textContent")).toBe("The name alice is already taken")
    // a 2 s check is not waited for: its message is not in the fill's text, and the page shows it later
    const code = okText(await live.tool.call({ args: ["fill", "#c", "1234"] }))
    expect(code).toBe('Filled #c: it now holds "1234"')
    expect(await until(session, "slow.textContent", "Code checked")).toBe("Code checked")
    expect(okText(await live.tool.call({ args: ["fill", "#plain", "Paris"] }))).toBe(
      'Filled #plain: it now holds "Paris"'
    )
  }, 90_000)

  it("type: says the message a 300 ms check shows after the last key; a plain field as before", async () => {
    const session = await live.openedSession("/name.html")
    const typed = okText(await live.tool.call({ args: ["type", "#u", "alice"] }))
    expect(rawEval(live.world, session, "msg.textContent")).toBe("The name alice is already taken")
    // before: 'Typed 5 keys into #u (keydown, input, keyup each). It now holds "alice".'
    expect(typed).toBe(
      'Typed 5 keys into #u (keydown, input, keyup each). It now holds "alice".\nNew text: "The name alice is already taken"'
    )
    expect(okText(await live.tool.call({ args: ["type", "#plain", "Rome"] }))).not.toContain("New text")
    expect(rawEval(live.world, session, "document.querySelector('#plain').value")).toBe("Rome")
  }, 90_000)
})
