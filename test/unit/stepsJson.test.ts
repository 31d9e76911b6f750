import { describe, expect, it } from "vitest"
import { makeStepsJson } from "../../src/upstream/wire.js"

describe("stepsJson", () => {
  const script = `(() => { const s = "quotes \\" and \\n lines…"; return s })()\n`.repeat(40)
  const steps = [["eval", script], ["click", "#a"], ["tab", "list"], ["eval", `${script}"\u2028`], []]

  it("prints the steps exactly as JSON.stringify does, again from its store of escaped arguments", () => {
    const print = makeStepsJson()
    expect(print(steps)).toBe(JSON.stringify(steps))
    expect(print(steps)).toBe(JSON.stringify(steps))
    expect(print([])).toBe("[]")
  })

  it("keeps a few long arguments: later ones are printed right after the oldest is dropped", () => {
    const print = makeStepsJson()
    const many = Array.from({ length: 40 }, (_, i) => [["eval", `${script}${i}`]])
    for (const s of [...many, ...many]) expect(print(s)).toBe(JSON.stringify(s))
  })
})
