/**
 * `fill` on a rich editor (contenteditable) that already holds text, on the real agent-browser 0.41.2 (issue #45,
 * bench:cases editor.fill-replaces). Upstream's fill focuses the editor and inserts the text at the caret, so it kept
 * its earlier text ("New textOld draft text"). Now the fill's guard selects the editor's contents as the fill reaches
 * it (page/editorSelect.ts): the insert replaces them, with the typing's own beforeinput/input events, in the fill's
 * one upstream process; by CSS, by ref and by locator. An input and an empty editor take the fill as before. An editor
 * where the replace still does not take (inside a web component's shadow root, where upstream's plain input event
 * stays) is said to have kept its text, with the job that replaces it first. Each result is read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const OLD = "<p>Old <b>draft</b> text</p>"
const html = (body: string) => servedHtml(`<!doctype html><title>Editor</title>${body}`)
const live = liveWorld({
  files: {
    "/editor.html": html(
      `<div id="ed" contenteditable aria-label="Message">${OLD}</div><input id="who" value="Ada">` +
        `<div id="empty" contenteditable></div>` +
        `<script>window.seen = []; for (const t of ["beforeinput", "input"]) ed.addEventListener(t, (e) => ` +
        `seen.push(t + ":" + (e.inputType || "plain")))</script>`
    ),
    // a web component's editor: upstream's plain input event stays in its shadow root (not composed)
    "/shadow.html": html(
      `<x-editor id="ed"></x-editor><script>ed.attachShadow({ mode: "open", delegatesFocus: true }).innerHTML = ` +
        `'<div contenteditable>${OLD}</div>'</script>`
    )
  }
})

const opened = async (path: string) => {
  const session = await live.openedSession(path)
  return <A>(expression: string): A => rawEval(live.world, session, expression) as A
}

/** One tool call and the upstream processes it started. */
const counted = async (input: object) => {
  const before = live.tool.spawned().length
  const result = await live.tool.call(input)
  return { result, text: textOf(result), processes: live.tool.spawned().length - before }
}

describe("fill on a rich editor that holds text (#45)", () => {
  it("replaces an editor's text by CSS, ref, locator in one process; inputs, empty editors as before", async () => {
    const page = await opened("/editor.html")
    const editor = () => page<string>("ed.innerText.trim()")
    // before: 'Filled #ed Fill check: After fill, #ed holds 22 character(s), not the 8 typed: the editor kept its
    // earlier text: ...' (the editor held "New textOld draft text")
    const css = await counted({ args: ["fill", "#ed", "New text"] })
    expect(css.result.isError, css.text).toBe(false)
    expect(css.text).toBe('Filled #ed: it now holds "New text"')
    expect(css.processes).toBe(1)
    expect(editor()).toBe("New text")
    expect(page<string>("ed.innerHTML")).toBe("<p>New text</p>")
    // the page saw the typing's events (after upstream's own plain input event)
    expect(page<ReadonlyArray<string>>("seen")).toEqual(["input:plain", "beforeinput:insertText", "input:insertText"])
    expect(css.result.details.nextActions?.some((a) => a.id === "replace-editor-text")).toBe(false)
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /generic "Message" \[ref=(e\d+)\]/.exec(snapshot)?.[1]
    expect(ref, snapshot).toBeDefined()
    const byRef = await counted({ args: ["fill", `@${ref}`, "By ref"] })
    expect(byRef.result.isError, byRef.text).toBe(false)
    expect(byRef.processes).toBe(1)
    expect(editor()).toBe("By ref")
    expect(byRef.text).toContain('"By ref"')
    const byLocator = await counted({
      semanticAction: { action: "fill", locator: "label", value: "Message", text: "By locator" }
    })
    expect(byLocator.result.isError, byLocator.text).toBe(false)
    expect(editor()).toBe("By locator")
    // an input and an empty editor take the fill as before, each in one process; the editor is left as it was
    const input = await counted({ args: ["fill", "#who", "Grace"] })
    expect([input.text, input.processes, page("who.value")]).toEqual(['Filled #who: it now holds "Grace"', 1, "Grace"])
    const empty = await counted({ args: ["fill", "#empty", "Meeting at noon"] })
    expect([empty.text, empty.processes]).toEqual(['Filled #empty: it now holds "Meeting at noon"', 1])
    expect([page("empty.innerText.trim()"), editor()]).toEqual(["Meeting at noon", "By locator"])
  }, 90_000)

  it("an editor in a shadow root keeps its text: said, and the offered job replaces it", async () => {
    const page = await opened("/shadow.html")
    const editor = () => page<string>("ed.shadowRoot.firstChild.innerText.trim()")
    const fill = await live.tool.call({ args: ["fill", "#ed", "New text"] })
    expect(editor()).toBe("New textOld draft text")
    expect(textOf(fill)).toContain(
      "Fill check: After fill, #ed holds 22 character(s), not the 8 typed: the editor kept its earlier text: the " +
        "fill added the typed text to it instead of replacing it. To replace its text, select all of it and type " +
        'over it in one job: {"action":"press","selector":"#ed","text":"Control+a"}, then a type step with your text ' +
        "and no selector (real keys over the selection)."
    )
    const next = fill.details.nextActions?.[0]
    expect(next?.id).toBe("replace-editor-text")
    expect(next?.params).toEqual({
      job: {
        steps: [
          { action: "press", selector: "#ed", text: "Control+a" },
          { action: "type", text: "New text" }
        ]
      }
    })
    const replaced = await live.tool.call(next?.params ?? {})
    expect(replaced.isError, textOf(replaced)).toBe(false)
    expect(editor()).toBe("New text")
    // the args way the inspect action's note names: Control+a in the focused editor, then keyboard inserttext
    page(`ed.shadowRoot.firstChild.innerHTML = ${JSON.stringify(OLD)}`)
    const again = await live.tool.call({ args: ["fill", "#ed", "Second"] })
    expect(again.details.nextActions?.find((a) => a.id === "inspect-after-fill-verification")?.safety).toBe(
      "A rich editor keeps its text under fill: press Control+a in it, then keyboard inserttext the text."
    )
    expect((await live.tool.call({ args: ["press", "Control+a"] })).isError).toBe(false)
    const inserted = await live.tool.call({ args: ["keyboard", "inserttext", "Second"] })
    expect(inserted.isError, textOf(inserted)).toBe(false)
    expect(editor()).toBe("Second")
  }, 90_000)
})
