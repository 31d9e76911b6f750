/**
 * What a `select` or `check` made the page do, on the real agent-browser 0.41.2 and Chromium (bench:cases
 * fields.select-reverted, tables.filter-narrows): a select whose change handler puts the old option back and says why
 * is said with what it shows now and the text that appeared (it read `Selected ["fast"] in #s` alone); a box whose
 * change narrows a list is said with the text it made appear and hid (it read `Checked #stock` alone); a select the
 * page keeps is said as before, by CSS and by ref. Judged on the page's own state, read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/change.html": servedHtml(
      `<!doctype html><title>Change</title><label>Delivery <select id="s" onchange="if (this.value === 'fast') {
this.value = 'std'; note.textContent = 'Express is not offered here' }"><option value="std">Standard</option>
<option value="fast">Express</option><option value="pick">Pickup</option></select></label><p id="note"></p>
<label><input type="checkbox" id="stock"> In stock only</label><p id="count">Showing 4 of 4</p><ul id="list">
<li>Lamp</li><li class="out">Shelf</li><li>Desk</li><li class="out">Chair</li></ul><script>
stock.onchange = () => { for (const li of list.children) li.hidden = stock.checked && li.className === 'out';
count.textContent = 'Showing ' + (stock.checked ? 2 : 4) + ' of 4' }</script>`
    ),
    // a select whose prices come 6 s later (`/hang` never answers: the fetch ends at its timeout)
    "/rooms.html": servedHtml(`<!doctype html><title>Rooms</title><select id="rm"><option value="sgl">Single</option>
<option value="dbl">Double</option></select><p id="price"></p><script>rm.onchange = () => {
price.textContent = "Loading prices…"; fetch("/hang", { signal: AbortSignal.timeout(6000) })
  .catch(() => { price.textContent = "Double room: 129 EUR per night" }) }</script>`),
    "/search.html": servedHtml(
      `<!doctype html><title>Search</title><label>City <input id="q" autocomplete="off"></label><ul id="hits"></ul>
<div id="ed" contenteditable style="min-height:30px;border:1px solid">Old note</div>
<label>Password <input id="pw" type="password" oninput="echo.textContent = 'typed ' + this.value"></label>
<p id="echo"></p><script>q.oninput = () => { const v = q.value.toLowerCase();
hits.innerHTML = v.length < 2 ? '' : ['Paris', 'Parma', 'Porto'].filter((c) => c.toLowerCase().startsWith(v))
.map((c) => '<li>' + c + '</li>').join('') }</script>`
    )
  }
})

describe("a select or check said with what the page did with it", () => {
  it("a select the page puts back says what it shows; a kept one is said as before; a filter says what it hid", async () => {
    const session = await live.openedSession("/change.html")
    const page = (js: string) => rawEval(live.world, session, js)
    // before: `Selected ["fast"] in #s`
    expect(okText(await live.tool.call({ args: ["select", "#s", "fast"] }))).toBe(
      'Selected ["fast"] in #s, but it now shows "Standard"\nNew text: "Express is not offered here"'
    )
    expect(page("[s.value, note.textContent].join('|')")).toBe("std|Express is not offered here")
    expect(okText(await live.tool.call({ args: ["select", "#s", "Pickup"] }))).toBe('Selected ["Pickup"] in #s')
    expect(page("s.value")).toBe("pick")
    // the same select by the ref a snapshot gave it
    const snap = okText(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /combobox "Delivery" \[[^\]]*ref=(e\d+)/.exec(snap)?.[1]
    expect(ref, snap).toBeDefined()
    expect(okText(await live.tool.call({ args: ["select", `@${ref}`, "fast"] }))).toBe(
      `Selected ["fast"] in @${ref}, but it now shows "Standard"\nNew text: "Express is not offered here"`
    )
    expect(page("s.value")).toBe("std")
    // before: `Checked #stock`
    expect(okText(await live.tool.call({ args: ["check", "#stock"] }))).toBe(
      'Checked #stock\nNew text: "Showing 2 of 4"\nHidden: "Shelf"; "Chair"; still shown in their list: "Lamp"; "Desk"'
    )
    expect(page("[stock.checked, [...list.children].filter((li) => !li.hidden).length].join('|')")).toBe("true|2")
  }, 90_000)

  it("a fill says the suggestions it made appear; an editor's own words and a password field's page text are not", async () => {
    const session = await live.openedSession("/search.html")
    const page = (js: string) => rawEval(live.world, session, js)
    // before: `Filled #q: it now holds "par"`
    expect(okText(await live.tool.call({ args: ["fill", "#q", "par"] }))).toBe(
      'Filled #q: it now holds "par"\nNew text: "Paris"; "Parma"'
    )
    expect(page("hits.innerText.replace(/\\s+/g, ' ')")).toBe("Paris Parma")
    expect(okText(await live.tool.call({ args: ["fill", "#ed", "New note"] }))).toBe(
      'Filled #ed: it now holds "New note"'
    )
    expect(page("ed.innerText.trim()")).toBe("New note")
    const secret = okText(await live.tool.call({ args: ["fill", "#pw", "hunter22"] }))
    expect(secret).not.toContain("hunter22")
    expect(secret).not.toContain("New text")
    expect(page("echo.textContent")).toBe("typed hunter22")
  }, 90_000)

  it("a select whose request has not answered when the page is read says so, not only the placeholder", async () => {
    const session = await live.openedSession("/rooms.html")
    const text = okText(await live.tool.call({ args: ["select", "#rm", "dbl"] }))
    // before: `Selected ["dbl"] in #rm` / `New text: "Loading prices…"`, as if that were where the page ended
    expect(text).toContain('New text: "Loading prices…"')
    expect(text).toContain('1 request the select started had not answered when the page was read ("GET /hang")')
    expect(rawEval(live.world, session, "price.textContent")).toBe("Loading prices…")
  }, 90_000)
})
