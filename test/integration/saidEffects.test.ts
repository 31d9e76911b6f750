/**
 * Issue #45 on the real agent-browser 0.41.2 and Chromium: an action's text says its effect, so the model needs no
 * read after it; each claim is compared with the page's own state, read with the raw binary outside the tool.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawData, rawEval } from "../support/rawPage.js"

const live = liveWorld({
  files: {
    "/fields.html": htmlPage(`<label>Full name <input id="f"></label><label>Notes <textarea id="t"></textarea></label>
<input id="q" aria-label="Search"><div id="ed" contenteditable="true" style="min-height:20px"></div>
<label for="w">Work email</label><input id="w"><input id="pw" type="password" aria-label="Password">
<input id="k" aria-label="API key">`),
    "/tab.html": htmlPage(`<input id="one" aria-label="First name"><input id="two" aria-label="Last name">`),
    "/log.html":
      htmlPage(`<button id="b" onclick="console.log('saved draft 4');console.info('two');window.__n=1">Save</button>
<button id="q" onclick="window.__n=2">Quiet</button>`),
    "/pad.html": htmlPage(`<div id="pad" style="position:fixed;left:0;top:0;width:400px;height:300px">pad</div>
<script>window.__clicks = 0; pad.addEventListener("click", (e) => { if (e.isTrusted) __clicks++ })</script>`),
    "/ann.html": htmlPage(`<button id="a" onclick="window.__hit='Alpha'">Alpha</button><a href="#x">Beta link</a>`),
    "/appear.html":
      htmlPage(`<span id="h" onmouseenter="tip.hidden=false">Inbox</span><span id="tip" hidden>5 unread</span>
<form onsubmit="out.textContent='Thanks, '+n.value;return false"><input id="n" aria-label="Name"><button id="b">Send</button>
</form><p id="out"></p><p id="kept">Always here</p>
<button id="c" onclick="kept.className='x';kept.style.color='red'">Restyle</button>
<button id="many" onclick="for(let i=0;i<300;i++){const p=document.createElement('p');p.textContent='row '+i;rows.append(p)}">
Load</button><div id="rows"></div>`),
    "/suggest.html": htmlPage(`<input id="s" aria-label="Fruit"><ul id="list"></ul><script>
const fruit = ["apple", "apricot", "banana"]
s.addEventListener("keyup", () => list.replaceChildren(...fruit.filter((f) => s.value && f.startsWith(s.value))
  .map((f) => Object.assign(document.createElement("li"), { textContent: f }))))</script>`),
    "/filter.html":
      htmlPage(`<input id="q" aria-label="Fruit"><ul id="list"><li>apple</li><li>banana</li><li>cherry</li></ul>
<script>q.addEventListener("input", () => { for (const li of list.children) li.hidden = !li.textContent.includes(q.value) })
</script>`),
    "/gone.html": htmlPage(`<button id="ta" onclick="pa.hidden=false;pb.hidden=true">Alpha</button>
<button id="tb" onclick="pa.hidden=true;pb.hidden=false">Beta</button>
<div id="pa">Alpha panel text</div><div id="pb" hidden>Beta panel text</div>
<p id="toast">Saved 3 items</p><button id="x" onclick="toast.remove()">Dismiss</button>
<p id="n">3 items</p><button id="more" onclick="n.textContent='4 items'">More</button>
<p id="spin" hidden>Loading</p>
<button id="blink" onclick="spin.hidden=false;spin.offsetWidth;spin.hidden=true">Blink</button>
<ul id="menu"><li>Newest</li><li>Oldest</li></ul><button id="shut" onclick="menu.hidden=true">Shut</button>`),
    "/rows.html": htmlPage(`<ul id="todo"><li>Buy milk</li><li>Walk dog</li><li>Call mom</li><li>Pay rent</li></ul>
<button id="del" onclick="todo.firstElementChild.remove()">Delete first</button>`),
    "/keyconfirm.html": htmlPage(`<input id="c" aria-label="Code"><script>
c.addEventListener("keydown", (e) => { if (e.key === "y") window.__r = confirm("Sure?") })</script>`),
    "/clickconfirm.html": htmlPage(`<button id="del" onclick="window.__r = confirm('Delete?')">Delete</button>`),
    "/keyalert.html": htmlPage(`<input id="q" aria-label="Search"><script>window.__alerts = [];
q.addEventListener("keydown", (e) => { if (e.key === "b") { __alerts.push("hi"); alert("hi") } })</script>`),
    "/live.html": htmlPage(
      `<p>score</p><script>window.__loaded = (Number(sessionStorage.n || 0) + 1); sessionStorage.n = __loaded</script>`
    )
  }
})
let session = ""
const evalRaw = (script: string): unknown => rawEval(live.world, session, script)

describe("a fill or a typed text says what the field now holds (#45)", () => {
  it("fill, find … fill, type and keyboard inserttext: the text names the value the page holds", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/fields.html")] })).details.sessionName ?? ""
    const filled = await live.tool.call({ args: ["fill", "#f", "Ada Lovelace"] })
    expect(textOf(filled)).toBe('Filled #f: it now holds "Ada Lovelace"')
    expect(evalRaw("f.value")).toBe("Ada Lovelace")
    const notes = await live.tool.call({ args: ["fill", "#t", "line one\nline two"] })
    expect(textOf(notes)).toBe('Filled #t: it now holds "line one\\nline two"')
    expect(evalRaw("t.value")).toBe("line one\nline two")
    const byLabel = await live.tool.call({ args: ["find", "label", "Work email", "fill", "a@b.co"] })
    expect(textOf(byLabel)).toBe('Filled label "Work email": it now holds "a@b.co"')
    expect(evalRaw("w.value")).toBe("a@b.co")
    const typed = await live.tool.call({ args: ["type", "#ed", "note one"] })
    expect(textOf(typed)).toContain(' It now holds "note one".')
    expect(evalRaw("ed.textContent")).toBe("note one")
    await live.tool.call({ args: ["type", "#q", "old "] })
    const more = await live.tool.call({ args: ["type", "#q", "books"] })
    // upstream's type adds to what the field held: the page's value is said
    expect(textOf(more)).toContain(' It now holds "old books".')
    expect(evalRaw("q.value")).toBe("old books")
    evalRaw("q.value = ''; q.focus(); 1")
    const pasted = await live.tool.call({ args: ["keyboard", "inserttext", "xyz"] })
    expect(textOf(pasted)).toBe('Inserted the text at the focus (no key events, like a paste). #q now holds "xyz".')
    expect(evalRaw("q.value")).toBe("xyz")
  })

  it("a password field's value is never said back", async () => {
    const pw = await live.tool.call({ args: ["fill", "#pw", "hunter22-x"] })
    expect(pw.isError, textOf(pw)).toBe(false)
    expect(textOf(pw)).toBe("Filled #pw")
    expect(evalRaw("pw.value")).toBe("hunter22-x")
    const typed = await live.tool.call({ args: ["type", "#pw", "more"] })
    expect(JSON.stringify(typed)).not.toContain("hunter22")
    expect(textOf(typed)).not.toContain("now holds")
    // a text field named like a secret, by its ref: the value is learned as a secret and never shown
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    // the password input by its ref (upstream's get value on a ref answers a password's value): not said either
    const pwRef = `@${/textbox "Password" \[ref=(e\d+)\]/.exec(snap)?.[1] ?? "e0"}`
    const byRef = await live.tool.call({ args: ["fill", pwRef, "hunter33-y"] })
    expect(textOf(byRef)).toBe(`Filled ${pwRef}`)
    expect(JSON.stringify(byRef)).not.toContain("hunter33")
    expect(evalRaw("pw.value")).toBe("hunter33-y")
    const ref = `@${/textbox "API key" \[ref=(e\d+)\]/.exec(snap)?.[1] ?? "e0"}`
    for (const args of [
      ["fill", ref, "sk-live-4242abcd"],
      ["type", ref, "sk-live-4242abcd"]
    ]) {
      const r = await live.tool.call({ args })
      expect(r.isError, textOf(r)).toBe(false)
      expect(JSON.stringify(r)).not.toContain("sk-live-4242abcd")
    }
    expect(evalRaw("k.value")).toBe("sk-live-4242abcdsk-live-4242abcd")
  })
})

describe("a key, a click, a mouse up and a reload say what they did (#45)", () => {
  it("Tab says where the focus went; the page's focused element is that one", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/tab.html")] })).details.sessionName ?? ""
    live.world.raw(["--session", session, "focus", "#one"])
    const tab = await live.tool.call({ args: ["press", "Tab"] })
    expect(textOf(tab)).toBe('Pressed Tab\nFocus moved to input#two "Last name"')
    expect(evalRaw("document.activeElement.id")).toBe("two")
    const typed = await live.tool.call({ args: ["press", "a"] })
    // a key that types keeps the focus: the field's value is said, no focus move
    expect(textOf(typed)).toBe('Pressed a\nThe focused control now has value "a"')
    expect(evalRaw("two.value")).toBe("a")
  })

  it("a click says the console messages it logged; a quiet click says none", async () => {
    await live.tool.call({ args: ["open", live.url("/log.html")] })
    const logged = await live.tool.call({ args: ["click", "#b"] })
    expect(textOf(logged)).toBe('Clicked #b\n2 console messages after the click: "saved draft 4"; "two"')
    const messages = JSON.stringify(JSON.parse(live.world.raw(["--json", "--session", session, "console"])))
    expect(messages).toContain("saved draft 4")
    expect(evalRaw("window.__n")).toBe(1)
    const quiet = await live.tool.call({ args: ["click", "#q"] })
    expect(textOf(quiet)).toBe("Clicked #q")
  })

  it("mouse down then up over one element says the page got a click; the page counted one", async () => {
    await live.tool.call({ args: ["open", live.url("/pad.html")] })
    await live.tool.call({ args: ["mouse", "move", "150", "150"] })
    const down = await live.tool.call({ args: ["mouse", "down"] })
    expect(textOf(down)).not.toContain("got a click")
    const up = await live.tool.call({ args: ["mouse", "up"] })
    expect(textOf(up)).toBe('Mouse up\nAt (150, 150), over div#pad "pad" (the page got a click)')
    expect(evalRaw("window.__clicks")).toBe(1)
  })

  it("reload says it reloaded; the page loaded a second time", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/live.html")] })).details.sessionName ?? ""
    const reloaded = await live.tool.call({ args: ["reload"] })
    expect(textOf(reloaded)).toBe(`Reloaded ${live.url("/live.html")}`)
    expect(evalRaw("window.__loaded")).toBe(2)
  })
})

describe("set media and an annotated screenshot say what they did (#45)", () => {
  // made when a test of this block runs (a filtered run that skips them all leaves nothing behind)
  let dir = ""
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "piab-said-"))
  })
  afterAll(() => {
    if (dir !== "") rmSync(dir, { recursive: true, force: true })
  })

  it("set media dark says the page now matches, as the page's own matchMedia answers", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/ann.html")] })).details.sessionName ?? ""
    const set = await live.tool.call({ args: ["set", "media", "dark"] })
    expect(textOf(set)).toBe("Set media dark\nThe page now matches (prefers-color-scheme: dark)")
    expect(evalRaw("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(true)
    const light = await live.tool.call({ args: ["set", "media", "light"] })
    expect(textOf(light)).toBe("Set media light\nThe page now matches (prefers-color-scheme: light)")
    expect(evalRaw("matchMedia('(prefers-color-scheme: dark)').matches")).toBe(false)
  })

  it("screenshot --annotate lists its labels; the tool clicks label 1's ref, the button named there", async () => {
    const path = join(dir, "ann.png")
    const shot = await live.tool.call({ args: ["screenshot", "--annotate", path] })
    const text = textOf(shot)
    // upstream numbers the labels on from the refs it gave before (a snapshot earlier in this session)
    const [, n, ref] = /Labels:\n\[(\d+)\] @(e\d+) button "Alpha"\n/.exec(text) ?? []
    expect(text).toMatch(new RegExp(`\\[${Number(n) + 1}\\] @e${Number(n) + 1} link "Beta link"`))
    // the labels' refs are the session's now: the tool's own click on one is not refused as stale
    const clicked = await live.tool.call({ args: ["click", `@${ref}`] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(evalRaw("window.__hit")).toBe("Alpha")
  })
})

describe("text an action made appear is said with it (#45)", () => {
  it("a hover's tooltip and a submit's thanks are said; a restyled text that was already shown is not", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/appear.html")] })).details.sessionName ?? ""
    const hovered = await live.tool.call({ args: ["hover", "#h"] })
    expect(textOf(hovered)).toBe('Hovered #h\nNew text: "5 unread"')
    expect(evalRaw("tip.hidden")).toBe(false)
    await live.tool.call({ args: ["fill", "#n", "Ada"] })
    const sent = await live.tool.call({ args: ["click", "#b"] })
    expect(textOf(sent)).toBe('Clicked #b\nNew text: "Thanks, Ada"')
    expect(evalRaw("out.textContent")).toBe("Thanks, Ada")
    const restyled = await live.tool.call({ args: ["click", "#c"] })
    expect(textOf(restyled)).toBe("Clicked #c")
    expect(evalRaw("kept.className")).toBe("x")
    // a large re-render: its first places are read, the rest said as more
    const many = await live.tool.call({ args: ["click", "#many"] })
    expect(textOf(many)).toBe('Clicked #many\nNew text: "row 0"; "row 1" (and more)')
    expect(evalRaw("rows.children.length")).toBe(300)
  })

  it("typing into an autocomplete says the suggestions its keys brought up; typed text in the field is not new text", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/suggest.html")] })).details.sessionName ?? ""
    const typed = await live.tool.call({ args: ["type", "#s", "ap"] })
    expect(textOf(typed)).toBe(
      'Typed 2 keys into #s (keydown, input, keyup each). It now holds "ap".\nNew text: "apple"; "apricot"'
    )
    expect(evalRaw("[...list.children].map((li) => li.textContent)")).toEqual(["apple", "apricot"])
    // the raw CLI in the same run: its type sends no keyup, so the list stays as it was
    evalRaw("(s.value = '', list.replaceChildren(), 1)")
    live.world.raw(["--session", session, "type", "#s", "ap"])
    expect(evalRaw("[s.value, list.children.length]")).toEqual(["ap", 0])
  })
})

/** The page's dialog, as the raw binary's `dialog status` reads it. */
const dialogStatus = (): unknown => rawData<unknown>(live.world, session, ["dialog", "status"])

/**
 * A result that left a dialog open: its next actions answer it (dismiss, then accept) and offer nothing it blocks;
 * the first, run through the tool, makes progress: the raw binary's `dialog status` after it.
 */
const firstActionCloses = async (result: Awaited<ReturnType<typeof live.tool.call>>): Promise<unknown> => {
  const actions = result.details.nextActions ?? []
  expect(actions.map((a) => a.id)).toEqual(["dismiss-dialog", "accept-dialog"])
  const answered = await live.tool.call({ args: [...(actions[0]?.params?.args ?? [])] })
  expect(answered.isError, textOf(answered)).toBe(false)
  return dialogStatus()
}

describe("a dialog a typed or pressed key opened is said with it (#45)", () => {
  it("an alert opened by a key's keydown is said with its message; the page got every key and the alert", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/keyalert.html")] })).details.sessionName ?? ""
    const typed = await live.tool.call({ args: ["type", "#q", "abc"] })
    expect(textOf(typed)).toBe(
      'Typed 3 keys into #q (keydown, input, keyup each). It now holds "abc".\nA dialog opened: alert "hi" (accepted)'
    )
    expect(evalRaw("[q.value, __alerts]")).toEqual(["abc", ["hi"]])
    // the page is not blocked (upstream accepted the alert): the raw binary reads no dialog open
    expect(live.world.raw(["--json", "--session", session, "dialog", "status"])).toContain('"hasDialog":false')
    const quiet = await live.tool.call({ args: ["type", "#q", "x"] })
    expect(textOf(quiet)).toBe('Typed 1 key into #q (keydown, input, keyup each). It now holds "abcx".')
    // a key press is watched the same way
    const pressed = await live.tool.call({ args: ["press", "b"] })
    expect(textOf(pressed)).toBe(
      'Pressed b\nA dialog opened: alert "hi" (accepted)\nThe focused control now has value "abcxb"'
    )
    expect(evalRaw("[q.value, __alerts]")).toEqual(["abcxb", ["hi", "hi"]])
  })
})

describe("a confirm a typed or pressed key opened: said as far as it went, answering it first (#45)", () => {
  // upstream's key waits for the blocked page until DevTools gives up (about 30 s)
  it("the keys before it are said, the confirm left open for the model; the page got those keys only", {
    timeout: 120_000
  }, async () => {
    session = (await live.tool.call({ args: ["open", live.url("/keyconfirm.html")] })).details.sessionName ?? ""
    const typed = await live.tool.call({ args: ["type", "#c", "xyz"] })
    expect(typed.isError, textOf(typed)).toBe(false)
    expect(textOf(typed)).toBe(
      'Typed 1 of 3 keys into #c (keydown, input, keyup each); the keydown of "y" opened the dialog below, and the key' +
        ' after it was not sent.\nWarning: A JavaScript confirm dialog is blocking the page: "Sure?" — use' +
        " `dialog accept` or `dialog dismiss` to resolve it"
    )
    // remembered as blocking: a get title is refused at once, naming it (upstream would wait about 30 s)
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(textOf(title)).toContain('A JavaScript confirm dialog is blocking the page: "Sure?"')
    expect(textOf(title)).toContain("nothing was sent")
    // the raw binary sees the confirm still open; the first next action, run through the tool, closes it, and the
    // page holds the keys up to "y", not "z"
    expect(dialogStatus()).toMatchObject({ hasDialog: true, type: "confirm", message: "Sure?" })
    expect(await firstActionCloses(typed)).toMatchObject({ hasDialog: false })
    expect(evalRaw("[c.value, window.__r]")).toEqual(["xy", false])
  })

  it("a key press whose keydown opened a confirm says its key was sent and the dialog; answering it comes first", {
    timeout: 120_000
  }, async () => {
    session = (await live.tool.call({ args: ["open", live.url("/keyconfirm.html")] })).details.sessionName ?? ""
    await live.tool.call({ args: ["focus", "#c"] })
    const pressed = await live.tool.call({ args: ["press", "y"] })
    expect(pressed.isError, textOf(pressed)).toBe(false)
    expect(textOf(pressed)).toBe(
      'Pressed y; the key opened the dialog below.\nWarning: A JavaScript confirm dialog is blocking the page: "Sure?"' +
        " — use `dialog accept` or `dialog dismiss` to resolve it"
    )
    expect(dialogStatus()).toMatchObject({ hasDialog: true, type: "confirm", message: "Sure?" })
    expect(await firstActionCloses(pressed)).toMatchObject({ hasDialog: false })
    expect(evalRaw("[c.value, window.__r]")).toEqual(["y", false])
  })
})

describe("a click that opened a confirm offers to answer it first (#45)", () => {
  it("no snapshot is offered; the first next action, run through the tool, closes the confirm", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/clickconfirm.html")] })).details.sessionName ?? ""
    const clicked = await live.tool.call({ args: ["click", "#del"] })
    expect(textOf(clicked)).toContain('A JavaScript confirm dialog is blocking the page: "Delete?"')
    expect(dialogStatus()).toMatchObject({ hasDialog: true, type: "confirm", message: "Delete?" })
    expect(await firstActionCloses(clicked)).toMatchObject({ hasDialog: false })
    expect(evalRaw("window.__r")).toBe(false)
  })
})

describe("text an action hid or removed is said with it (#45)", () => {
  it("typing into a filter says the items it hid; the page hid exactly those", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/filter.html")] })).details.sessionName ?? ""
    const typed = await live.tool.call({ args: ["type", "#q", "ap"] })
    expect(textOf(typed)).toBe(
      'Typed 2 keys into #q (keydown, input, keyup each). It now holds "ap".\n' +
        'Hidden: "banana"; "cherry"; still shown in their list: "apple"'
    )
    const shown = "[...list.children].filter((li) => li.checkVisibility()).map((li) => li.textContent)"
    expect(evalRaw(shown)).toEqual(["apple"])
    // a key that hides nothing more says no such line
    const more = await live.tool.call({ args: ["type", "#q", "p"] })
    expect(textOf(more)).toBe('Typed 1 key into #q (keydown, input, keyup each). It now holds "app".')
    expect(evalRaw(shown)).toEqual(["apple"])
    // the key that hides the last item says the list shows none
    const none = await live.tool.call({ args: ["type", "#q", "x"] })
    expect(textOf(none)).toBe(
      'Typed 1 key into #q (keydown, input, keyup each). It now holds "appx".\n' +
        'Hidden: "apple"; nothing else in their list is shown'
    )
    expect(evalRaw(shown)).toEqual([])
  })

  it("a removed row says what its list still shows", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/rows.html")] })).details.sessionName ?? ""
    const deleted = await live.tool.call({ args: ["click", "#del"] })
    expect(textOf(deleted)).toBe(
      'Clicked #del\nHidden: "Buy milk"; still shown in their list: "Walk dog"; "Call mom" (and 1 more)'
    )
    expect(evalRaw("[...todo.children].map((li) => li.textContent)")).toEqual(["Walk dog", "Call mom", "Pay rent"])
  })

  it("a tab swap says both panels; a removed toast is said; replaced text and a blink are not", async () => {
    session = (await live.tool.call({ args: ["open", live.url("/gone.html")] })).details.sessionName ?? ""
    const tab = await live.tool.call({ args: ["click", "#tb"] })
    expect(textOf(tab)).toBe('Clicked #tb\nNew text: "Beta panel text"\nHidden: "Alpha panel text"')
    expect(evalRaw("[pa.checkVisibility(), pb.checkVisibility()]")).toEqual([false, true])
    const dismissed = await live.tool.call({ args: ["click", "#x"] })
    expect(textOf(dismissed)).toBe('Clicked #x\nHidden: "Saved 3 items"')
    expect(evalRaw("document.getElementById('toast')")).toBeNull()
    // a text replaced in place is new text only; an element shown and hidden again within the click, nothing
    const more = await live.tool.call({ args: ["click", "#more"] })
    expect(textOf(more)).toBe('Clicked #more\nNew text: "4 items"')
    const blink = await live.tool.call({ args: ["click", "#blink"] })
    expect(textOf(blink)).toBe("Clicked #blink")
    expect(evalRaw("[n.textContent, spin.hidden]")).toEqual(["4 items", true])
    // a closed list's items are said apart (its textContent runs them together: "NewestOldest")
    const shut = await live.tool.call({ args: ["click", "#shut"] })
    expect(textOf(shut)).toBe('Clicked #shut\nHidden: "Newest Oldest"')
    expect(evalRaw("[menu.checkVisibility(), menu.textContent]")).toEqual([false, "NewestOldest"])
  })
})
