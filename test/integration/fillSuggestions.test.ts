/**
 * A fill into a search box that opens its suggestions (a combobox whose listbox shows options): the text says the
 * suggestions are open and that none is picked yet, not only the typed value (which read as chosen); the list's text
 * is not said twice. Judged on the page's own state read outside the tool (real agent-browser 0.41.2 and Chromium).
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { htmlPage } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/suggest.html": htmlPage(`<label for="q">Destination</label><input id="q" role="combobox"
aria-expanded="false" aria-controls="lb" aria-autocomplete="list" autocomplete="off">
<ul id="lb" role="listbox" aria-label="Suggestions" hidden></ul><p id="chosen">No destination chosen</p><script>
const all=["Paris","Parma","Porto","Prague","Pau"];q.addEventListener("input",()=>{const v=q.value.trim().toLowerCase();
const hits=v.length<1?[]:all.filter(x=>x.toLowerCase().startsWith(v));
lb.innerHTML=hits.map(x=>"<li role=option>"+x+"</li>").join("");lb.hidden=hits.length===0;
q.setAttribute("aria-expanded",String(hits.length>0))})</script>`),
    "/datalist.html": htmlPage(`<label for="c">City</label><input id="c" list="cities" autocomplete="off">
<datalist id="cities"><option value="Paris"><option value="Parma"><option value="Porto"><option value="Prague" label="Praha">
</datalist><label for="pw">Password</label><input id="pw" type="password" list="cities">`)
  }
})

describe("a fill that opens suggestions", () => {
  it("says they are open and none is picked; a fill that closes them says nothing of them", async () => {
    const session = await live.openedSession("/suggest.html")
    const page = (js: string) => rawEval(live.world, session, js)
    // before: `Filled #q: it now holds "Paris"\nNew text: "Paris"`
    expect(okText(await live.tool.call({ args: ["fill", "#q", "Paris"] }))).toBe(
      'Filled #q: it now holds "Paris"\nSuggestions open under the field (1 option): "Paris". ' +
        "None is picked yet: click one to pick it."
    )
    expect(page("[q.value, chosen.textContent, lb.hidden]")).toEqual(["Paris", "No destination chosen", false])
    expect(okText(await live.tool.call({ args: ["fill", "#q", "p"] }))).toBe(
      'Filled #q: it now holds "p"\nSuggestions open under the field (5 options): "Paris"; "Parma"; "Porto" ' +
        "(and 2 more). None is picked yet: click one to pick it."
    )
    expect(page("lb.children.length")).toBe(5)
    const none = okText(await live.tool.call({ args: ["fill", "#q", "Zurich"] }))
    expect(page("[lb.hidden, q.getAttribute('aria-expanded')]")).toEqual([true, "false"])
    expect(none).not.toContain("Suggestions")
  }, 90_000)

  it("a datalist field: its values that start with what it holds; a whole value or a password field: nothing", async () => {
    const session = await live.openedSession("/datalist.html")
    const page = (js: string) => rawEval(live.world, session, js)
    // the browser's own popup is no page element (the raw binary's snapshot shows the combobox, no option)
    // before: 'Filled #c: it now holds "Pa"'
    expect(okText(await live.tool.call({ args: ["fill", "#c", "Pa"] }))).toBe(
      'Filled #c: it now holds "Pa"\nThe field\'s datalist has 2 values that start with "Pa": "Paris"; "Parma". ' +
        "None is filled in yet: fill a whole value to use one."
    )
    expect(page("[c.value, [...c.list.options].filter(o => o.value.startsWith(c.value)).length]")).toEqual(["Pa", 2])
    expect(okText(await live.tool.call({ args: ["fill", "#c", "Paris"] }))).toBe('Filled #c: it now holds "Paris"')
    expect(page("c.value")).toBe("Paris")
    expect(okText(await live.tool.call({ args: ["fill", "#c", "Zurich"] }))).toBe('Filled #c: it now holds "Zurich"')
    const secret = okText(await live.tool.call({ args: ["fill", "#pw", "Pa"] }))
    expect(page("pw.value")).toBe("Pa")
    expect(secret).not.toContain("Paris")
    expect(secret).not.toContain('"Pa"')
  }, 90_000)
})
