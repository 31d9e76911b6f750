/**
 * Actions say what the page received (issue #41), against the real agent-browser 0.41.2 and Chromium, on pages built
 * here; each outcome is read from the page itself (its own event log, field values by eval, which element got the
 * click, the dialogs it opened) and compared with what the tool said.
 */
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) => [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const

/** A field whose page logs every trusted keydown, keyup and input event it receives. */
const KEYS = `<input id="q" aria-label="Search"><script>window.__ev = [];
for (const t of ["keydown", "keyup", "input"]) document.addEventListener(t, (e) => { if (e.isTrusted) __ev.push(t) }, true);
</script>`

const live = liveWorld({
  files: {
    "/keys.html": html(KEYS),
    "/dialogs.html": html(`<button id="c" onclick="window.__said=[];window.__r=confirm('Sure?')">confirm</button>
<button id="a" onclick="window.__said=['Name is required','Second'];alert('Name is required');alert('Second')">alerts</button>
<button id="l" onclick="setTimeout(()=>{window.__late='late one';alert('late one')},100)">late</button>
<button id="n" onclick="document.title='n'">nothing</button>`)
  }
})
const url = (path: string) => `${live.site.origin}/${path}`
const evalValue = async (js: string) => JSON.parse(valueOf(await live.tool.call({ args: ["eval", js] }))) as unknown

const count = (events: unknown, type: string) => (events as ReadonlyArray<string>).filter((e) => e === type).length

describe("typing", () => {
  it("a job's paced type step sends each key (keydown, input, keyup), as its text says", async () => {
    await live.tool.call({ args: ["open", url("keys.html")] })
    const job = await live.tool.call({ job: { steps: [{ action: "type", selector: "#q", text: "héllo world!", delayMs: 30 }] } })
    expect(job.isError, textOf(job)).toBe(false)
    expect(textOf(job)).toContain("✓ typed 12 keys (keydown, input, keyup each), 30 ms apart")
    const events = await evalValue("JSON.stringify(__ev)")
    expect(await evalValue("JSON.stringify(q.value)")).toBe("héllo world!")
    expect([count(events, "keydown"), count(events, "input"), count(events, "keyup")]).toEqual([12, 12, 12])
  })

  it("type and keyboard type say the page got input events and no keys; keydown says nothing was typed", async () => {
    await live.tool.call({ args: ["open", url("keys.html")] })
    const typed = await live.tool.call({ args: ["type", "#q", "ab"] })
    expect(textOf(typed)).toContain("Inserted the text into #q (input events only, no keydown/keyup")
    const keyboard = await live.tool.call({ args: ["keyboard", "type", "cd"] })
    expect(textOf(keyboard)).toContain("Inserted the text at the focus (input events only, no keydown/keyup")
    let events = await evalValue("JSON.stringify(__ev)")
    expect([count(events, "keydown"), count(events, "input")]).toEqual([0, 4])
    const down = await live.tool.call({ args: ["keydown", "h"] })
    expect(textOf(down)).toContain("Key h down (a keydown event only: nothing typed; press h types it).")
    await live.tool.call({ args: ["keyup", "h"] })
    events = await evalValue("JSON.stringify(__ev)")
    expect([count(events, "keydown"), count(events, "input")]).toEqual([1, 4])
    expect(await evalValue("JSON.stringify(q.value)")).toBe("abcd")
  })
})

describe("dialogs", () => {
  it("two alerts are said as two, each with its message; a confirm left open is said once and never as handled", async () => {
    await live.tool.call({ args: ["open", url("dialogs.html")] })
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

  it("an alert 100 ms after a click is said with the next click", async () => {
    await live.tool.call({ args: ["open", url("dialogs.html")] })
    await live.tool.call({ args: ["click", "#l"] })
    const deadline = Date.now() + 5_000
    while (Date.now() < deadline && (await evalValue("JSON.stringify(window.__late || null)")) === null) await new Promise((r) => setTimeout(r, 100))
    expect(await evalValue("JSON.stringify(window.__late)")).toBe("late one")
    const next = await live.tool.call({ args: ["click", "#n"] })
    expect(textOf(next)).toContain(`After the previous action: alert "late one" (accepted)`)
  })
})
