/** The docs quote the model-facing playbook verbatim; drift fails here (fix: npm run docs:playbook). */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { playbookMarkdown } from "../../src/playbook.js"

describe("playbook docs", () => {
  it("docs/TOOL_CONTRACT.md embeds the current playbook", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/TOOL_CONTRACT.md"), "utf8")
    const region = /<!-- playbook:start[^>]*-->\n([\s\S]*?)<!-- playbook:end -->/.exec(doc)?.[1]
    expect(region).toBe(`${playbookMarkdown()}\n`)
  })
})
