/**
 * The step kinds issue #11 adds (hover, dblclick, drag, press, check/uncheck, scrollIntoView) through `job` and
 * `semanticAction` against the real agent-browser, on fixtures/site/steps.html; and a job's snapshot step as the
 * same view with refs as `snapshot -i`, whose refs the next call can use.
 */
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const page = () => `${live.site.origin}/steps.html`
const read = async (selector: string) => valueOf(await live.tool.call({ args: ["get", "text", selector] }))

describe("job step kinds", () => {
  it("hover reveals the row's button, dblclick edits, drag reorders, press sends a key, check/uncheck toggle", async () => {
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "open", url: page() },
          { action: "hover", selector: "#row" },
          { action: "click", selector: "#del" },
          { action: "dblclick", selector: "#edit" },
          { action: "drag", selector: "#a", target: "#c" },
          { action: "press", selector: "#key", text: "Escape" },
          { action: "check", locator: "label", value: "Agree" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    const text = textOf(job)
    // every step succeeded: each action's row says the text it made appear, as the page holds it (read below); the
    // step that only echoes the job's own command (the check) is counted, not written back
    expect(text).toBe(
      [
        "✓ 8/8 steps",
        "1. open → Step kinds",
        "2. hover #row",
        '   New text: "hovered"; "Delete"',
        "3. click #del",
        '   New text: "deleted"',
        "4. dblclick #edit",
        '   New text: "editing"',
        "5. drag #a #c",
        '   New text: "Beta,Gamma,Alpha"',
        "7. press Escape",
        '   New text: "key:Escape"'
      ].join("\n")
    )
    expect(text).not.toContain("{")
    expect(await read("#log")).toBe("deleted")
    expect(await read("#edit")).toBe("editing")
    expect(await read("#order")).toBe("Beta,Gamma,Alpha")
    expect(await read("#keylog")).toBe("key:Escape")
    expect(textOf(await live.tool.call({ args: ["is", "checked", "#agree"] }))).toBe("true")
    const unchecked = await live.tool.call({
      job: {
        steps: [
          { action: "uncheck", selector: "#agree" },
          { action: "scrollIntoView", selector: "#far" }
        ]
      }
    })
    expect(unchecked.isError, textOf(unchecked)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["is", "checked", "#agree"] }))).toBe("false")
  })

  it("a job's open + snapshot shows the -i view with refs; a ref from it works in the next call", async () => {
    const job = await live.tool.call({ job: { steps: [{ action: "open", url: page() }, { action: "snapshot" }] } })
    expect(job.isError, textOf(job)).toBe(false)
    const text = textOf(job)
    expect(text).toContain("1. open")
    expect(text).toMatch(/2\. snapshot -i\n/)
    const ref = /checkbox "Agree"[^\n]*ref=(e\d+)/.exec(text)?.[1]
    expect(ref, text).toBeDefined()
    expect(text).not.toContain('"snapshot":')
    const checked = await live.tool.call({ args: ["check", `@${ref}`] })
    expect(checked.isError, textOf(checked)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["is", "checked", "#agree"] }))).toBe("true")
  })
})

describe("semanticAction step kinds", () => {
  it("hover by text, dblclick and uncheck by selector, press a key alone, scrollIntoView: each said in words", async () => {
    await live.tool.call({ args: ["open", page()] })
    const hovered = await live.tool.call({ semanticAction: { action: "hover", locator: "text", value: "Hover row" } })
    expect(hovered.isError, textOf(hovered)).toBe(false)
    expect(textOf(hovered)).toMatch(/^Hovered text "Hover row"/)
    expect(textOf(hovered)).not.toContain("data-agent-browser-located")
    expect(await read("#log")).toBe("hovered")
    const dbl = await live.tool.call({ semanticAction: { action: "dblclick", selector: "#edit" } })
    expect(textOf(dbl)).toMatch(/^Double-clicked #edit/)
    expect(textOf(dbl)).not.toContain("Page:")
    expect(await read("#edit")).toBe("editing")
    await live.tool.call({ args: ["focus", "#key"] })
    const pressed = await live.tool.call({ semanticAction: { action: "press", text: "Enter" } })
    expect(pressed.isError, textOf(pressed)).toBe(false)
    expect(await read("#keylog")).toBe("key:Enter")
    await live.tool.call({ semanticAction: { action: "check", selector: "#agree" } })
    const unchecked = await live.tool.call({ semanticAction: { action: "uncheck", selector: "#agree" } })
    expect(textOf(unchecked)).toMatch(/^Unchecked #agree/)
    expect(textOf(await live.tool.call({ args: ["is", "checked", "#agree"] }))).toBe("false")
    const scrolled = await live.tool.call({ semanticAction: { action: "scrollIntoView", selector: "#far" } })
    expect(textOf(scrolled)).toMatch(/^Scrolled #far into view/)
    const dragged = await live.tool.call({ args: ["drag", "#a", "#c"] })
    expect(textOf(dragged)).toMatch(/^Dragged #a to #c/)
  })

  it("dblclick by locator is refused before anything runs, with what to send instead", async () => {
    const result = await live.tool.call({
      semanticAction: { action: "dblclick", locator: "text", value: "Double-click to edit" }
    })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("validation-error")
    expect(textOf(result)).toContain("needs a selector or @ref")
  })
})
