/** TUI renderers: what pi shows for calls and results, without touching what the model reads. */
import { describe, expect, it } from "vitest"
import { renderCallText, renderResultText, textComponent, type RenderTheme } from "../../src/pi/render.js"

const theme: RenderTheme = { fg: (color, text) => `<${color}>${text}</${color}>`, bold: (text) => `*${text}*` }
const plain: RenderTheme = { fg: (_c, text) => text, bold: (text) => text }

describe("renderCall", () => {
  it("shows the mode and what it runs, secrets redacted", () => {
    expect(renderCallText({ args: ["fill", "#password", "hunter2"] }, plain)).toBe("agent_browser fill #password [REDACTED]")
    expect(renderCallText({ args: ["open", "http://a"], sessionMode: "fresh" }, plain)).toBe("agent_browser open http://a (fresh session)")
    expect(renderCallText({ semanticAction: { action: "click", locator: "role", value: "button", name: "Sign in" } }, plain)).toBe("agent_browser semanticAction find role button click --name \"Sign in\"")
    expect(renderCallText({ semanticAction: { action: "fill", locator: "label", value: "Password", text: "hunter2" } }, plain)).toBe("agent_browser semanticAction find label Password fill [REDACTED]")
    expect(renderCallText({ semanticAction: { action: "click" } }, plain)).toBe("agent_browser semanticAction click …")
    expect(renderCallText({ job: { steps: [{ action: "open" }, { action: "click" }] } }, plain)).toBe("agent_browser job 2 steps: open → click")
    expect(renderCallText({ qa: { url: "http://a" } }, theme)).toBe("<toolTitle>*agent_browser*</toolTitle> <accent>qa</accent> http://a")
  })
})

describe("renderResult", () => {
  const failure = { content: [{ type: "text", text: "Failed (stale-ref): Ref e3 is stale\nmore" }], details: { resultCategory: "failure", failureCategory: "stale-ref", summary: "Stale ref e3" } }
  const success = { content: [{ type: "text", text: "Saved screenshot: /a.png" }, { type: "image" }], details: { resultCategory: "success", successCategory: "artifact-saved", summary: "screenshot saved /a.png" } }

  it("puts the failure category first, collapsed to one line", () => {
    expect(renderResultText(failure, { expanded: false, isPartial: false }, theme)).toBe("<error>✗ stale-ref: Stale ref e3</error>")
  })

  it("expands to the full text under the outcome line", () => {
    expect(renderResultText(failure, { expanded: true, isPartial: false }, plain)).toBe("✗ stale-ref: Stale ref e3\nFailed (stale-ref): Ref e3 is stale\nmore")
  })

  it("marks saved artifacts and images on success", () => {
    expect(renderResultText(success, { expanded: false, isPartial: false }, plain)).toBe("✓ screenshot saved /a.png (artifact-saved) [1 image]")
  })

  it("shows progress while a job runs", () => {
    expect(renderResultText({ content: [{ type: "text", text: "step 2/5 ✓ click #a" }] }, { expanded: false, isPartial: true }, plain)).toBe("step 2/5 ✓ click #a")
  })

  it("cuts lines to the width without counting color codes", () => {
    const lines = textComponent(`\x1b[31m${"x".repeat(20)}\x1b[0m\nshort`).render(10)
    expect(lines[0]?.replace(/\x1b\[[0-9;]*m/g, "")).toBe(`${"x".repeat(9)}…`)
    expect(lines[1]).toBe("short")
  })
})
