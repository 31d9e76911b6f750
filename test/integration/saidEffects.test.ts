/**
 * Issue #45 on the real agent-browser 0.41.2 and Chromium: an action's text says its effect, so the model needs no
 * read after it; each claim is compared with the page's own state, read with the raw binary outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const

const live = liveWorld({
  files: {
    "/fields.html": html(`<label>Full name <input id="f"></label><label>Notes <textarea id="t"></textarea></label>
<input id="q" aria-label="Search"><div id="ed" contenteditable="true" style="min-height:20px"></div>
<label for="w">Work email</label><input id="w"><input id="pw" type="password" aria-label="Password">`)
  }
})
const url = (path: string) => `${live.site.origin}/${path}`
let session = ""
const evalRaw = (script: string): unknown =>
  (JSON.parse(live.world.raw(["--json", "--session", session, "eval", script])) as { data: { result: unknown } }).data
    .result

describe("a fill or a typed text says what the field now holds (#45)", () => {
  it("fill, find … fill, type and keyboard inserttext: the text names the value the page holds", async () => {
    session = (await live.tool.call({ args: ["open", url("fields.html")] })).details.sessionName ?? ""
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
  })
})
