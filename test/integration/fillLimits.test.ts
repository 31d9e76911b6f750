/**
 * A fill the field's own limits change, on the real agent-browser 0.41.2 (found by bench:cases inputs.maxlength and
 * inputs.number-over-max): a text longer than the field's maxlength is cut by the browser (the tool said the field
 * held 5 characters, not the 10 typed, and not which: now it says the start it kept); a number over the field's max is
 * kept but invalid (the tool said only `it now holds "1000"`: now it adds the browser's own validation words), and so
 * is an email with no @. A valid value is said as before. Judged on the page's own state, read outside the tool.
 */
import { describe, expect, it } from "vitest"
import { okText } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/limits.html": servedHtml(
      `<!doctype html><title>Limits</title>
<label>Postcode <input id="z" maxlength="5"></label>
<label>Quantity <input id="n" type="number" min="1" max="100"></label>
<label>Email <input id="e" type="email"></label>
<label>Phone <input id="tel"></label><label>Username <input id="user"></label>
<script>
tel.addEventListener("input", () => { const d = tel.value.replace(/\\D/g, "").slice(0, 10)
  tel.value = d.length > 6 ? "(" + d.slice(0, 3) + ") " + d.slice(3, 6) + "-" + d.slice(6) : d })
user.addEventListener("input", () => { user.value = user.value.replace(/[^a-z0-9]/gi, "") })
</script>`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)

describe("fill on a field with its own limits", () => {
  it("says the start a maxlength kept, and the browser's words for a value it marks invalid", async () => {
    session = await live.openedSession("/limits.html")
    const cut = okText(await live.tool.call({ args: ["fill", "#z", "ABCDEFGHIJ"] }))
    expect(evalPage("z.value")).toBe("ABCDE")
    // before: `After fill, #z holds 5 character(s), not the 10 typed: the page kept or rewrote something else.`
    expect(cut).toContain(
      `After fill, #z holds 5 character(s), not the 10 typed: its maxlength is 5, so the browser kept the first 5: ` +
        `"ABCDE". The field takes at most 5 characters`
    )
    const over = okText(await live.tool.call({ args: ["fill", "#n", "1000"] }))
    expect(evalPage("[n.value, n.validity.rangeOverflow]")).toEqual(["1000", true])
    // before: `Filled #n: it now holds "1000"`
    expect(over).toMatch(/^Filled #n: it now holds "1000", which the browser marks invalid: .*100/)
    const mail = okText(await live.tool.call({ args: ["fill", "#e", "john.example.com"] }))
    expect(evalPage("e.validity.typeMismatch")).toBe(true)
    expect(mail).toContain(`Filled #e: it now holds "john.example.com", which the browser marks invalid: `)
    // a valid value: said as before
    expect(okText(await live.tool.call({ args: ["fill", "#n", "42"] }))).toBe(`Filled #n: it now holds "42"`)
  }, 90_000)

  it("a value the page formatted is said as its format, no check to redo; one it stripped is checked", async () => {
    session = await live.openedSession("/limits.html")
    const masked = okText(await live.tool.call({ args: ["fill", "#tel", "5551234567"] }))
    expect(evalPage("tel.value")).toBe("(555) 123-4567")
    // before: `Fill check: After fill, #tel holds 14 character(s), not the 10 typed: the page kept or rewrote something
    // else: it now shows "(555) 123-4567". Check the field (snapshot -i); for a custom widget, type into it instead`
    expect(masked).toBe(`Filled #tel: the page formatted it as "(555) 123-4567"`)
    // the page dropped what was typed (the dot): the check stays, with what it shows
    const stripped = okText(await live.tool.call({ args: ["fill", "#user", "ada.l"] }))
    expect(evalPage("user.value")).toBe("adal")
    expect(stripped).toContain('the page kept or rewrote something else: it now shows "adal"')
  }, 90_000)
})
