/** `snapshot --search /re/ --context <n>` and `-d <n>` on a real page (issue 42, items 5 and 7). */
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  const opened = await live.tool.call({ args: ["open", `${live.site.origin}/deep.html`] })
  expect(opened.isError, textOf(opened)).toBe(false)
})

describe("snapshot --search", () => {
  it("a regular expression finds its lines, each under its ancestor path, with context lines around it", async () => {
    const found = await live.tool.call({ args: ["snapshot", "--search", "/order #\\d+ s/i"] })
    expect(found.isError, textOf(found)).toBe(false)
    expect(textOf(found)).toContain("filtered by regex /order #\\d+ s/i: 1 matching line(s)")
    expect(textOf(found)).toContain('- contentinfo\n  - paragraph "Order #123 shipped"')
    expect(textOf(found)).not.toContain("#456")
    const deep = await live.tool.call({ args: ["snapshot", "--search", "Deep", "--context", "1"] })
    expect(textOf(deep)).toMatch(
      /- main\n {2}- navigation\n {4}- list\n {6}- button "Deep" \[ref=e\d+\]\n- heading "Top"/
    )
    const bad = await live.tool.call({ args: ["snapshot", "--search", "/(/"] })
    expect(bad.details.failureCategory).toBe("validation-error")
    expect(textOf(bad)).toContain("is not a valid regular expression")
  })
})

describe("snapshot -d", () => {
  it("-d 1 shows the top level of the tree as shown (never empty) and says what is deeper", async () => {
    const one = await live.tool.call({ args: ["snapshot", "-d", "1"] })
    expect(one.isError, textOf(one)).toBe(false)
    expect(textOf(one)).toMatch(/^- main\n- heading "Top" \[level=1, ref=e\d+\]\n- contentinfo\n/)
    expect(textOf(one)).toContain("(-d 1 shows 1 level of this tree; 5 deeper line(s) hidden. -d 4 or no -d shows all")
  })

  it("-d 2 does not reach the button four levels down; -d 4 does, with no note", async () => {
    const two = await live.tool.call({ args: ["snapshot", "-d", "2"] })
    expect(textOf(two)).toContain("  - navigation")
    expect(textOf(two)).not.toContain('button "Deep"')
    const four = await live.tool.call({ args: ["snapshot", "--depth", "4"] })
    expect(textOf(four)).toMatch(/ {6}- button "Deep" \[ref=e\d+\]/)
    expect(textOf(four)).not.toContain("deeper line(s) hidden")
  })
})
