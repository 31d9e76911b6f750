/**
 * `fill` on a rich editor (contenteditable) that already holds text, on the real agent-browser 0.41.2 (issue #45,
 * bench:cases editor.fill-replaces): upstream's fill adds the typed text to what is there ("New textOld draft text").
 * The tool said so only by lengths and advised typing into it, which adds too. Now it says the editor kept its earlier
 * text, and its first next action (one job: Control+a in the editor, then the text typed over it) replaces the text;
 * so does the args way its note names (press Control+a, then keyboard inserttext). Each result is read with the raw
 * binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const OLD = "<p>Old <b>draft</b> text</p>"
const live = liveWorld({
  files: {
    "/editor.html": [
      `<!doctype html><title>Editor</title><div id="ed" contenteditable>${OLD}</div>`,
      "text/html; charset=utf-8"
    ]
  }
})

describe("fill on a rich editor that holds text (#45)", () => {
  it("says the editor kept its text; the offered job, and the args way, replace it", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/editor.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const session = opened.details.sessionName ?? ""
    const editor = () =>
      JSON.parse(live.world.raw(["--json", "--session", session, "eval", "ed.innerText.trim()"])).data.result
    const fill = await live.tool.call({ args: ["fill", "#ed", "New text"] })
    expect(editor()).toBe("New textOld draft text")
    // before: "... the page kept or rewrote something else. Check the field (snapshot -i); for a custom widget, type
    // into it instead (real keys)." (typing adds as well)
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
    live.world.raw(["--session", session, "eval", `ed.innerHTML = ${JSON.stringify(OLD)}`])
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
