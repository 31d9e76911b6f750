/**
 * Issue #45 on the real agent-browser 0.41.2 and Chromium: a click that makes controls appear (a dialog's fields, a
 * menu's items) names their refs, so the model acts on them without a snapshot of its own; the refs work, and the
 * page's own state is read outside the tool with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/modal.html": htmlPage(`<h1>Newsletter</h1><button id="open" onclick="m.hidden=false">Subscribe</button>
<div id="m" hidden><label>Email <input id="e"></label><button id="ok" onclick="out.textContent='Subscribed: '+e.value">
Confirm</button><button onclick="m.hidden=true">Cancel</button></div><p id="out"></p>
<button id="note" onclick="msg.textContent='Saved at noon'">Save</button><p id="msg"></p>`),
    "/menu.html": htmlPage(`<button id="mb" onclick="build()">Actions</button><ul id="list"></ul><script>
function build() { list.replaceChildren(...Array.from({ length: 12 }, (_, i) => {
  const li = document.createElement("li"), b = document.createElement("button")
  b.textContent = "Action " + (i + 1); b.onclick = () => { window.__picked = b.textContent }
  li.append(b); return li })) }</script>`),
    "/speed.html": htmlPage(`<label for="s">Speed</label><input id="s" role="combobox" aria-expanded="false"
onclick="open_()"><div id="pop"></div><p id="out"></p><script>
function open_() { s.setAttribute("aria-expanded", "true"); const ul = document.createElement("ul")
  ul.setAttribute("role", "listbox"); ul.append(...["Slow", "Fast"].map((n) => {
    const li = Object.assign(document.createElement("li"), { textContent: n }); li.setAttribute("role", "option")
    li.onclick = () => { out.textContent = "Selected: " + n; pop.replaceChildren() }; return li }))
  pop.replaceChildren(ul) }</script>`),
    // a click that adds a control (its text only its name) before two texts: both texts are said
    "/order.html": htmlPage(`<div id="tools"></div><p id="out"></p><p id="note"></p><button id="buy" onclick="
tools.innerHTML='<button>Track order</button>'; out.textContent='Order placed';
note.textContent='Receipt sent to ada@example.com'">Buy</button>`),
    "/city.html": htmlPage(`<label for="c">City</label><input id="c" role="combobox" aria-expanded="false">
<ul id="list" role="listbox" aria-label="Cities"></ul><p id="out"></p><script>
c.addEventListener("input", () => list.replaceChildren(...["Lima", "Lisbon", "Lyon"]
  .filter((n) => c.value && n.toLowerCase().startsWith(c.value.toLowerCase())).map((n) => {
    const li = Object.assign(document.createElement("li"), { textContent: n }); li.setAttribute("role", "option")
    li.onclick = () => { c.value = n; out.textContent = "Ship to: " + n; list.replaceChildren() }; return li })))
</script>`)
  }
})

const refOf = (text: string, role: string, name: string): string | undefined =>
  new RegExp(`${role} "${name}" \\[(?:[^\\]]*, )?ref=(e\\d+)\\]`).exec(text)?.[1]

describe("a click that makes controls appear names their refs (#45)", () => {
  it("a dialog's field and buttons: named with refs that the next call uses as they are", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/modal.html")] })).details.sessionName ?? ""
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const open = refOf(snap, "button", "Subscribe")
    expect(open).toBeDefined()
    const clicked = textOf(await live.tool.call({ args: ["click", `@${open}`] }))
    expect(clicked).toMatch(
      /^New controls: textbox "Email" \[ref=e\d+\], button "Confirm" \[ref=e\d+\], button "Cancel"/m
    )
    const email = refOf(clicked, "textbox", "Email")
    const confirm = refOf(clicked, "button", "Confirm")
    expect(email).toBeDefined()
    expect(confirm).toBeDefined()
    // the dialog's text is only its controls' names ("Email ConfirmCancel"): said once, by the controls line
    expect(clicked).not.toContain("New text")
    expect(rawEval(live.world, session, "m.innerText.replace(/Email|Confirm|Cancel|\\s/g, '')")).toBe("")
    expect(rawEval(live.world, session, "m.hidden")).toBe(false)
    // the refs named are the session's current ones: no snapshot in between, and they act on the right elements
    const filled = await live.tool.call({ args: ["fill", `@${email}`, "ada@example.com"] })
    expect(filled.details.resultCategory).toBe("success")
    expect(rawEval(live.world, session, "e.value")).toBe("ada@example.com")
    const done = await live.tool.call({ args: ["click", `@${confirm}`] })
    expect(done.details.resultCategory).toBe("success")
    expect(rawEval(live.world, session, "out.textContent")).toBe("Subscribed: ada@example.com")
    // the Subscribe button's ref from the model's own snapshot still works after the tool's look
    expect(textOf(done)).not.toMatch(/New controls/)
  })

  it("a click that makes only text appear names no controls, and takes no look", async () => {
    await live.tool.call({ args: ["open", live.url("/modal.html")] })
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const save = refOf(snap, "button", "Save")
    const text = textOf(await live.tool.call({ args: ["click", `@${save}`] }))
    expect(text).toContain('New text: "Saved at noon"')
    expect(text).not.toContain("New controls")
  })

  it("many new controls: the first eight named, the rest counted; a click before any snapshot names none", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/menu.html")] })).details.sessionName ?? ""
    const before = textOf(await live.tool.call({ args: ["click", "#mb"] }))
    expect(before).not.toContain("New controls")
    await live.tool.call({ args: ["open", live.url("/menu.html")] })
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const text = textOf(await live.tool.call({ args: ["click", `@${refOf(snap, "button", "Actions")}`] }))
    expect(text).toMatch(
      /New controls: button "Action 1" \[ref=e\d+\].*button "Action 8" \[ref=e\d+\] \(and 4 more: snapshot -i\)/
    )
    const ninth = refOf(text, "button", "Action 8")
    await live.tool.call({ args: ["click", `@${ninth}`] })
    expect(rawEval(live.world, session, "window.__picked")).toBe("Action 8")
  })

  it("typing that shows suggestions names them with refs, and the one picked by its ref is chosen", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/city.html")] })).details.sessionName ?? ""
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const typed = textOf(await live.tool.call({ args: ["type", `@${refOf(snap, "combobox", "City")}`, "Li"] }))
    expect(typed).toMatch(/New controls: option "Lima" \[ref=e\d+\], option "Lisbon" \[ref=e\d+\]$/m)
    await live.tool.call({ args: ["click", `@${refOf(typed, "option", "Lisbon")}`] })
    expect(rawEval(live.world, session, "out.textContent")).toBe("Ship to: Lisbon")
  })

  it("a click on a field by its ref: its options named without their unnamed list, no word of its own focus", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/speed.html")] })).details.sessionName ?? ""
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const clicked = textOf(await live.tool.call({ args: ["click", `@${refOf(snap, "combobox", "Speed")}`] }))
    expect(clicked).toMatch(/^New controls: option "Slow" \[ref=e\d+\], option "Fast" \[ref=e\d+\]$/m)
    expect(clicked).not.toContain("listbox")
    // the focus is on the clicked field itself (read outside the tool): no news, not said
    expect(rawEval(live.world, session, "document.activeElement.id")).toBe("s")
    expect(rawEval(live.world, session, "document.querySelectorAll('[role=listbox]').length")).toBe(1)
    expect(clicked).not.toContain("Focus moved")
    await live.tool.call({ args: ["click", `@${refOf(clicked, "option", "Fast")}`] })
    expect(rawEval(live.world, session, "out.textContent")).toBe("Selected: Fast")
  })

  it("a text made only of a new control's name leaves its place to the next text, which is said", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/order.html")] })).details.sessionName ?? ""
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const clicked = textOf(await live.tool.call({ args: ["click", `@${refOf(snap, "button", "Buy")}`] }))
    expect(rawEval(live.world, session, "[out.textContent, note.textContent]")).toEqual([
      "Order placed",
      "Receipt sent to ada@example.com"
    ])
    expect(clicked).toContain('New text: "Order placed"; "Receipt sent to ada@example.com"\n')
    expect(clicked).toMatch(/^New controls: button "Track order" \[ref=e\d+\]$/m)
  })

  it("a fill into a combobox names the suggestions it showed with refs", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/city.html")] })).details.sessionName ?? ""
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const filled = textOf(await live.tool.call({ args: ["fill", `@${refOf(snap, "combobox", "City")}`, "Lis"] }))
    expect(filled).toMatch(/^New controls: option "Lisbon" \[ref=e\d+\]$/m)
    await live.tool.call({ args: ["click", `@${refOf(filled, "option", "Lisbon")}`] })
    expect(rawEval(live.world, session, "out.textContent")).toBe("Ship to: Lisbon")
  })
})
