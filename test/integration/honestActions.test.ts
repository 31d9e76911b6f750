/**
 * Actions say what the page received (issue #41), against the real agent-browser 0.41.2 and Chromium, on pages built
 * here; each outcome is read from the page itself (its own event log, field values by eval, which element got the
 * click, the dialogs it opened) and compared with what the tool said.
 */
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { htmlPage } from "../support/servedPages.js"
import { rawEval } from "../support/rawPage.js"

/** A field whose page logs every trusted keydown, keyup and input event it receives. */
const KEYS = `<input id="q" aria-label="Search"><script>window.__ev = [];
for (const t of ["keydown", "keyup", "input"]) {
  document.addEventListener(t, (e) => { if (e.isTrusted) __ev.push(t) }, true);
}
</script>`

const live = liveWorld({
  files: {
    "/keys.html": htmlPage(KEYS),
    "/upper.html": htmlPage(`<input id="u" aria-label="Code" oninput="this.value = this.value.toUpperCase()">`),
    "/form.html": htmlPage(`<form><input id="email" type="email" aria-label="Email">
<input id="vol" type="range" min="0" max="100" value="59" aria-label="Volume">
<input id="ro" readonly aria-label="Code"><input id="d" type="date" aria-label="Day"></form>`),
    "/login.html": htmlPage(`<input id="user" aria-label="User"><input id="pw" type="password" aria-label="Password">
<p id="pop"></p><script>for (const i of document.querySelectorAll("input")) i.addEventListener("focus", () => {
  for (const x of document.querySelectorAll("input")) x.disabled = true;
  pop.textContent = "Subscribe to our newsletter!" })</script>`),
    "/text.html": htmlPage(`<p id="say">Click on the link "nam".</p>
<p>Some words <a href="#x" id="nam" onclick="window.__hit = (window.__hit || []).concat('link'); return false">nam</a>
here,
and a <span onclick="window.__hit = (window.__hit || []).concat('span')">Namibia</span> too.</p>
<script>say.addEventListener("click", () => { window.__hit = (window.__hit || []).concat("instruction") })</script>`),
    "/redirect.html": htmlPage(`<input id="a" aria-label="First"><input id="b" aria-label="Second">
<script>a.addEventListener("focus", () => b.focus())</script>`),
    "/dialogs.html": htmlPage(`<button id="c" onclick="window.__said=[];window.__r=confirm('Sure?')">confirm</button>
<button id="a" onclick="window.__said=['Name is required','Second'];alert('Name is required');alert('Second')">
alerts</button>
<button id="l" onclick="setTimeout(()=>{window.__late='late one';alert('late one')},100)">late</button>
<button id="m" onclick="setTimeout(()=>{window.__later='later one';alert('later one')},600)">later</button>
<button id="n" onclick="document.title='n'">nothing</button>`)
  }
})
const evalValue = async (js: string) => JSON.parse(valueOf(await live.tool.call({ args: ["eval", js] }))) as unknown

const count = (events: unknown, type: string) => (events as ReadonlyArray<string>).filter((e) => e === type).length

describe("typing", () => {
  it("a job's paced type step sends each key (keydown, input, keyup), as its text says", async () => {
    await live.tool.call({ args: ["open", live.url("/keys.html")] })
    const step = { action: "type", selector: "#q", text: "héllo world!", delayMs: 30 }
    const job = await live.tool.call({ job: { steps: [step] } })
    expect(job.isError, textOf(job)).toBe(false)
    // the field is read after the keys, in their process, and said on their line
    expect(textOf(job)).toContain(
      '. typed 12 keys (keydown, input, keyup each), 30 ms apart. It now holds "héllo world!".'
    )
    const events = await evalValue("JSON.stringify(__ev)")
    expect(await evalValue("JSON.stringify(q.value)")).toBe("héllo world!")
    expect([count(events, "keydown"), count(events, "input"), count(events, "keyup")]).toEqual([12, 12, 12])
  })

  it("a job's type step says what the field holds after its keys: the page's own value when the page changed it", async () => {
    await live.tool.call({ args: ["open", live.url("/upper.html")] })
    const job = await live.tool.call({ job: { steps: [{ action: "type", selector: "#u", text: "ab12" }] } })
    expect(job.isError, textOf(job)).toBe(false)
    const session = job.details.sessionName ?? ""
    // read outside the tool: the page upper-cased the text, and the line says the page's value
    expect(rawEval(live.world, session, "u.value")).toBe("AB12")
    expect(textOf(job)).toMatch(/typed 4 keys \(keydown, input, keyup each\)\. It now holds .*"AB12"/u)
    expect(textOf(job)).not.toContain("querySelector")
    // the step rows name the read; the compiled job (details.compiledJob, for audits) keeps its script
    expect(JSON.stringify(job.details.batchSteps)).toContain("(the field read after typing)")
    expect(JSON.stringify(job.details.batchSteps)).not.toContain("querySelector")
  })

  it("type and keyboard type send each key, as their text says; keydown says nothing was typed", async () => {
    await live.tool.call({ args: ["open", live.url("/keys.html")] })
    const typed = await live.tool.call({ args: ["type", "#q", "ab"] })
    expect(textOf(typed)).toBe('Typed 2 keys into #q (keydown, input, keyup each). It now holds "ab".')
    const keyboard = await live.tool.call({ args: ["keyboard", "type", "cé"] })
    expect(textOf(keyboard)).toBe('Typed 2 keys at the focus (keydown, input, keyup each). #q now holds "abcé".')
    let events = await evalValue("JSON.stringify(__ev)")
    expect([count(events, "keydown"), count(events, "input"), count(events, "keyup")]).toEqual([4, 4, 4])
    // the raw CLI in the same run: upstream's own type sends no key
    live.world.raw(["--session", typed.details.sessionName ?? "", "type", "#q", "x"])
    events = await evalValue("JSON.stringify(__ev)")
    expect([count(events, "keydown"), count(events, "input")]).toEqual([4, 5])
    const down = await live.tool.call({ args: ["keydown", "h"] })
    expect(textOf(down)).toContain("Key h down (a keydown event only: nothing typed; press h types it).")
    await live.tool.call({ args: ["keyup", "h"] })
    events = await evalValue("JSON.stringify(__ev)")
    expect([count(events, "keydown"), count(events, "input")]).toEqual([5, 5])
    expect(await evalValue("JSON.stringify(q.value)")).toBe("abcéx")
  })

  it("type on a target that is not there sends no key to the focused field", async () => {
    await live.tool.call({ args: ["open", live.url("/keys.html")] })
    await evalValue("q.focus(); 1")
    const missing = await live.tool.call({ args: ["type", "#nope", "zz"], timeoutMs: 3000 })
    expect(missing.isError).toBe(true)
    expect(missing.details.failureCategory).toBe("selector-not-found")
    expect(await evalValue("JSON.stringify([q.value, __ev.length])")).toEqual(["", 0])
  })
})

/** The ref of the snapshot line naming `name`. */
const refOf = (snapshot: string, name: string) => {
  const line = snapshot.split("\n").find((l) => l.includes(`"${name}"`)) ?? ""
  return `@${/\[ref=(e\d+)\]/.exec(line)?.[1] ?? ""}`
}
const values = (js: string) => evalValue(`JSON.stringify(${js})`)

describe("fills", () => {
  it("a job with a slider: the slider takes its value, the e-mail keeps its own, a read-only field fails", async () => {
    await live.tool.call({ args: ["open", live.url("/form.html")] })
    const fill = (selector: string, text: string) => ({ action: "fill", selector, text })
    const steps = [fill("#email", "john.doe@example.com"), fill("#vol", "25")]
    const job = await live.tool.call({ job: { steps } })
    expect(job.isError, textOf(job)).toBe(false)
    // the slider's row says it was set (by the wrapper, not typed); the e-mail's row is bare
    expect(textOf(job)).toBe("✓ 2/2 steps\n2. fill #vol 25 → Set the slider #vol to 25 (range 0–100; it held 59).")
    expect(await values("[email.value, vol.value]")).toEqual(["john.doe@example.com", "25"])
    const ro = await live.tool.call({ job: { steps: [{ action: "fill", selector: "#ro", text: "abc" }] } })
    expect(ro.isError).toBe(true)
    expect(textOf(ro)).toContain(
      "1. ✗ fill #ro abc: After fill, #ro holds 0 character(s), not the 3 typed: " + "it is read-only"
    )
    expect(await values("ro.value")).toBe("")
  })

  it("by ref: a slider is set and said; a read-only field is not said filled; a word sets no slider", async () => {
    await live.tool.call({ args: ["open", live.url("/form.html")] })
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    await live.tool.call({ args: ["fill", refOf(snapshot, "Email"), "a@b.c"] })
    const slider = await live.tool.call({ args: ["fill", refOf(snapshot, "Volume"), "30"] })
    expect(textOf(slider)).toBe(`Set the slider ${refOf(snapshot, "Volume")} to 30 (range 0–100; it held 59).`)
    const word = await live.tool.call({ args: ["fill", "#vol", "loud"] })
    expect(word.isError).toBe(true)
    expect(textOf(word)).toContain(
      "#vol is a slider (range 0–100): it takes a number, so nothing was set " + "(it holds 30)."
    )
    const ro = await live.tool.call({ args: ["fill", refOf(snapshot, "Code"), "abc"] })
    expect(textOf(ro)).not.toContain("Filled")
    expect(textOf(ro)).toContain(`The fill did not take on ${refOf(snapshot, "Code")}.`)
    expect(await values("[email.value, vol.value, ro.value]")).toEqual(["a@b.c", "30", ""])
  })

  it("a login form a popup disables on focus: both fills say they did not take, a password by length", async () => {
    await live.tool.call({ args: ["open", live.url("/login.html")] })
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const user = await live.tool.call({ args: ["fill", refOf(snapshot, "User"), "vina"] })
    expect(textOf(user)).toContain("holds 0 character(s), not the 4 typed: it is disabled")
    const pw = await live.tool.call({ args: ["fill", refOf(snapshot, "Password"), "hunter22"] })
    expect(textOf(pw)).toContain("holds 0 character(s), not the 8 typed: it is disabled")
    expect(JSON.stringify(pw)).not.toContain("hunter22")
    expect(await values("[user.value, pw.value.length]")).toEqual(["", 0])
  })

  it("a field that hands its focus to another: the text went there, and the check says so", async () => {
    await live.tool.call({ args: ["open", live.url("/redirect.html")] })
    const filled = await live.tool.call({ args: ["fill", "#a", "hello"] })
    expect(await values("[a.value, b.value]")).toEqual(["", "hello"])
    expect(textOf(filled)).toContain(
      "After fill, #a holds 0 character(s), not the 5 typed: " + "the text went into #b instead"
    )
  })

  it("a native date field: a fill types its keys itself; a job's fill step says it did not take, and its advice fills it", async () => {
    await live.tool.call({ args: ["open", live.url("/form.html")] })
    const fill = await live.tool.call({ args: ["fill", "#d", "2024-01-15"] })
    expect(textOf(fill)).toBe(
      'Filled #d by typing its keys 01152024 (a native date field takes keys, not text): it now holds "2024-01-15"'
    )
    expect(await values("d.value")).toBe("2024-01-15")
    await values("(d.value = '', d.blur(), 1)")
    const step = await live.tool.call({ job: { steps: [{ action: "fill", selector: "#d", text: "2024-01-15" }] } })
    expect(textOf(step)).toContain("it is a native date field, which takes keys in its own order, not text")
    const advised = /one job type step: (\{"action":"type".*?\})/.exec(textOf(step))?.[1]
    expect(advised).toBeDefined()
    const followed = await live.tool.call({ job: { steps: [JSON.parse(advised ?? "{}")] } })
    expect(followed.isError, textOf(followed)).toBe(false)
    expect(await values("d.value")).toBe("2024-01-15")
  })
})

describe("text clicks", () => {
  it("a text click takes the exact, clickable link over a sentence quoting it, naming it and the matches", async () => {
    await live.tool.call({ args: ["open", live.url("/text.html")] })
    const clicked = await live.tool.call({ semanticAction: { action: "click", locator: "text", value: "nam" } })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(await values("window.__hit")).toEqual(["link"])
    expect(textOf(clicked)).toMatch(/^Clicked link "nam" \(text "nam": 3 matched, this one exact, clickable; also /)
    expect(textOf(clicked)).toContain(`paragraph "Click on the link \\"nam\\"."`)
  })

  it("exact: true in semanticAction and a job step clicks only the element whose whole text it is", async () => {
    await live.tool.call({ args: ["open", live.url("/text.html")] })
    const click = { action: "click", locator: "text", value: "nam", exact: true }
    const exact = await live.tool.call({ semanticAction: click })
    expect(textOf(exact)).toMatch(/^Clicked link "nam" \(the only element with text "nam"\)/)
    const job = await live.tool.call({ job: { steps: [click] } })
    expect(job.isError, textOf(job)).toBe(false)
    expect(await values("window.__hit")).toEqual(["link", "link"])
    // without exact, a job's text click is picked in the page too, and its row names the element
    const loose = await live.tool.call({ job: { steps: [{ ...click, exact: false }] } })
    expect(textOf(loose)).toContain(`1. find text nam click → link "nam" (3 matched)`)
    expect(await values("window.__hit")).toEqual(["link", "link", "link"])
  })
})

describe("dialogs", () => {
  it("two alerts are said as two, each with its message; a confirm left open is said once, never handled", async () => {
    await live.tool.call({ args: ["open", live.url("/dialogs.html")] })
    const alerts = await live.tool.call({ args: ["click", "#a"] })
    expect(alerts.isError, textOf(alerts)).toBe(false)
    const said = await evalValue("JSON.stringify(window.__said)")
    expect(said).toEqual(["Name is required", "Second"])
    expect(textOf(alerts)).toContain(`2 dialogs opened: alert "Name is required" (accepted); alert "Second" (accepted)`)
    const confirm = await live.tool.call({ args: ["click", "#c"] })
    expect(textOf(confirm)).toContain(`Warning: A JavaScript confirm dialog is blocking the page: "Sure?"`)
    expect(textOf(confirm)).not.toMatch(/handled|accepted/)
    const status = await live.tool.call({ args: ["dialog", "status"] })
    expect(textOf(status)).toContain(`A confirm dialog is open: "Sure?"`)
    const accepted = await live.tool.call({ args: ["dialog", "accept"] })
    expect(textOf(accepted)).toBe("Accepted the open dialog.")
    expect(await evalValue("JSON.stringify(window.__r)")).toBe(true)
  })

  it("a get title while a confirm is open is refused at once, naming it (upstream waits ~30 s); after dismiss it runs", async () => {
    const session = (await live.tool.call({ args: ["open", live.url("/dialogs.html")] })).details.sessionName ?? ""
    const confirm = await live.tool.call({ args: ["click", "#c"] })
    expect(textOf(confirm)).toContain(`Warning: A JavaScript confirm dialog is blocking the page: "Sure?"`)
    const title = await live.tool.call({ args: ["get", "title"] })
    expect(title.details.failureCategory).toBe("upstream-error")
    expect(textOf(title)).toContain(`A JavaScript confirm dialog is blocking the page: "Sure?"`)
    expect(textOf(title)).toContain("nothing was sent")
    // refused before the watchdog: upstream's own get title waits for the page until DevTools gives up (~30 s)
    expect(title.details.durationMs ?? 0).toBeLessThan(15_000)
    // the dialog is still open (read with the raw binary's own dialog status, outside the tool's memory)
    expect(live.world.raw(["--json", "--session", session, "dialog", "status"])).toContain('"hasDialog":true')
    expect(title.details.nextActions?.[0]?.id).toBe("dismiss-dialog")
    const dismissed = await live.tool.call(title.details.nextActions?.[0]?.params ?? {})
    expect(dismissed.isError, textOf(dismissed)).toBe(false)
    expect(await evalValue("JSON.stringify(window.__r)")).toBe(false)
    const after = await live.tool.call({ args: ["get", "title"] })
    expect(after.isError, textOf(after)).toBe(false)
    expect(textOf(after)).toContain("t")
  })

  it("an alert 100 ms after a click is said with that click (its timer ran first); 600 ms after, with the next", async () => {
    await live.tool.call({ args: ["open", live.url("/dialogs.html")] })
    const soon = await live.tool.call({ args: ["click", "#l"] })
    expect(await evalValue("JSON.stringify(window.__late)")).toBe("late one")
    expect(textOf(soon)).toContain(`A dialog opened: alert "late one" (accepted)`)
    await live.tool.call({ args: ["click", "#m"] })
    const deadline = Date.now() + 5_000
    const later = () => evalValue("JSON.stringify(window.__later || null)")
    while (Date.now() < deadline && (await later()) === null) await new Promise((r) => setTimeout(r, 100))
    expect(await evalValue("JSON.stringify(window.__later)")).toBe("later one")
    const next = await live.tool.call({ args: ["click", "#n"] })
    expect(textOf(next)).toContain(`After the previous action: alert "later one" (accepted)`)
    expect(textOf(next)).not.toContain('late one"')
  })
})
