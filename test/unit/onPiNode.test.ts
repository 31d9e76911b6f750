import { describe, expect, it } from "vitest"
import { runsPi } from "../../scripts/lib/onPiNode.mjs"

describe("benchmarks run on a node that can run pi (>= 22.19)", () => {
  it("reads the node version as pi's own check does", () => {
    expect(runsPi("20.20.2")).toBe(false)
    expect(runsPi("22.18.9")).toBe(false)
    expect(runsPi("22.19.0")).toBe(true)
    expect(runsPi("23.0.0")).toBe(true)
    expect(runsPi("24.21.0")).toBe(true)
  })
})
