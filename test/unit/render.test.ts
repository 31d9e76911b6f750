/** TUI renderers: what pi shows for calls and results, without touching what the model reads. */
import { describe, expect, it } from "vitest"
import { renderCallText, renderResultText, textComponent, type RenderTheme } from "../../src/pi/render.js"
import { visibleWidth, wrapLine } from "../../src/pi/wrapText.js"

const theme: RenderTheme = { fg: (color, text) => `<${color}>${text}</${color}>`, bold: (text) => `*${text}*` }
const plain: RenderTheme = { fg: (_c, text) => text, bold: (text) => text }

describe("renderCall", () => {
  it("shows the mode and what it runs, secrets redacted", () => {
    expect(renderCallText({ args: ["fill", "#password", "hunter2"] }, plain)).toBe(
      "agent_browser fill #password [REDACTED]"
    )
    expect(renderCallText({ args: ["open", "http://a"], sessionMode: "fresh" }, plain)).toBe(
      "agent_browser open http://a (fresh session)"
    )
    expect(
      renderCallText({ semanticAction: { action: "click", locator: "role", value: "button", name: "Sign in" } }, plain)
    ).toBe('agent_browser semanticAction → find role button click --name "Sign in"')
    expect(
      renderCallText(
        { semanticAction: { action: "fill", locator: "label", value: "Password", text: "hunter2" } },
        plain
      )
    ).toBe("agent_browser semanticAction → find label Password fill [REDACTED]")
    expect(renderCallText({ semanticAction: { action: "click" } }, plain)).toBe("agent_browser semanticAction click …")
    expect(renderCallText({ job: { steps: [{ action: "open" }, { action: "click" }] } }, plain)).toBe(
      "agent_browser job 2 steps: open → click"
    )
    // steps as the model wrote them: an assertUrl stays an assertUrl, typed text stays out
    expect(
      renderCallText(
        {
          job: {
            steps: [
              { action: "fill", selector: "#password", text: "hunter2" },
              { action: "assertUrl", url: "/done" },
              { action: "assertText", text: "Welcome back" }
            ]
          }
        },
        plain
      )
    ).toBe('agent_browser job 3 steps: fill #password → assertUrl /done → assertText "Welcome back"')
    expect(renderCallText({ qa: { url: "http://a" } }, theme)).toBe(
      "<toolTitle>*agent_browser*</toolTitle> <accent>qa</accent> http://a"
    )
  })
})

describe("renderResult", () => {
  const failure = {
    content: [{ type: "text", text: "Failed (stale-ref): Ref e3 is stale\nmore" }],
    details: {
      resultCategory: "failure",
      failureCategory: "stale-ref",
      summary: "Stale ref e3",
      nextActions: [
        {
          tool: "agent_browser",
          id: "refresh-refs",
          reason: "Take a new snapshot",
          params: { args: ["--session", "pi-1", "snapshot", "-i"] }
        }
      ]
    }
  }
  const success = {
    content: [{ type: "text", text: "Saved screenshot: /a.png" }, { type: "image" }],
    details: { resultCategory: "success", successCategory: "artifact-saved", summary: "screenshot saved /a.png" }
  }
  const options = { expanded: false, isPartial: false, expandHint: "ctrl+o to expand" }

  it("says the failure in words with its first next step (session prefix left out) and the expand hint", () => {
    expect(renderResultText(failure, options, theme)).toBe(
      "<error>✗ Outdated element reference: Stale ref e3</error>\n<warning>Next: Take a new snapshot → agent_browser snapshot -i</warning> <muted>(</muted>ctrl+o to expand<muted>)</muted>"
    )
  })

  it("expands to the whole text under the headline", () => {
    expect(renderResultText(failure, { ...options, expanded: true }, plain)).toBe(
      "✗ Outdated element reference: Stale ref e3\nFailed (stale-ref): Ref e3 is stale\nmore"
    )
  })

  it("shows what was saved and the images, without category ids", () => {
    expect(renderResultText(success, options, plain)).toBe("✓ screenshot saved /a.png [1 image] (ctrl+o to expand)")
  })

  it("shows progress while a job runs", () => {
    expect(
      renderResultText(
        { content: [{ type: "text", text: "step 2/5 ✓ click #a" }] },
        { expanded: false, isPartial: true },
        plain
      )
    ).toBe("step 2/5 ✓ click #a")
  })
})

describe("wrapping to the terminal", () => {
  const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "")

  it("wraps at spaces, without counting colour codes, and carries the colour to the next line", () => {
    const lines = textComponent(`\x1b[31mone two three four\x1b[0m\nshort`).render(9)
    expect(lines.map(strip)).toEqual(["one two", "three", "four", "short"])
    expect(lines[1]?.startsWith("\x1b[31m")).toBe(true)
    expect(lines[0]?.endsWith("\x1b[0m")).toBe(true)
  })

  it("breaks a word longer than the line, and keeps a line's indentation", () => {
    expect(wrapLine("  /a/very/long/path/name.png", 10)).toEqual(["  /a/very/", "long/path/", "name.png"])
    expect(wrapLine("  - item", 20)).toEqual(["  - item"])
  })

  it("counts wide characters as two columns", () => {
    expect(visibleWidth("日本語")).toBe(6)
    expect(wrapLine("日本語 テキスト", 7).every((l) => visibleWidth(l) <= 7)).toBe(true)
  })
})

describe("V9: expansion reveals the full rendered result", () => {
  it("a 300-line result expands to every line, unchanged", () => {
    const text = Array.from({ length: 300 }, (_, i) => `line ${i}`).join("\n")
    const shown = renderResultText(
      {
        content: [{ type: "text", text }],
        details: { resultCategory: "success", successCategory: "completed", summary: "long" }
      },
      { expanded: true, isPartial: false, expandHint: "ctrl+o to expand" },
      plain
    )
    expect(shown.split("\n").slice(1).join("\n")).toBe(text)
  })
})
