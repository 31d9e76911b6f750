import { describe, expect, it } from "vitest"
import { batchRowsOf, batchStepsOf, isBatchStep, parseBatchStdin } from "../../src/upstream/wire.js"

describe("a batch's stdin, decoded once", () => {
  it("says why stdin is not a batch", () => {
    expect(parseBatchStdin("[[")).toEqual({ problem: "is not JSON" })
    expect(parseBatchStdin('{"a":1}')).toEqual({ problem: "is not a JSON array" })
    expect(parseBatchStdin('[["open","x"],"get title"]')).toEqual({ rows: [["open", "x"], "get title"] })
  })

  it("gives the rows as written, or only the argv steps; malformed stdin is undefined", () => {
    const stdin = JSON.stringify([["open", "x"], "get title", ["wait", 5], []])
    expect(batchRowsOf(stdin)).toHaveLength(4)
    expect(batchStepsOf(stdin)).toEqual([["open", "x"], []])
    for (const bad of [undefined, "nope", "{}"]) {
      expect(batchRowsOf(bad)).toBeUndefined()
      expect(batchStepsOf(bad)).toBeUndefined()
    }
    expect(isBatchStep(["a"])).toBe(true)
    expect(isBatchStep(["a", 1])).toBe(false)
  })
})
