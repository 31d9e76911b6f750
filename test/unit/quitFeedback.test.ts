/** Quit's cleanup on pi's (already stopped) screen: silent when quick, says what it waits for after a second. */
import { describe, expect, it } from "vitest"
import { saidWhenSlow, SLOW_CLEANUP_MS } from "../../src/pi/hooks.js"

const wait = (ms: number) => () => new Promise<void>((r) => setTimeout(r, ms))

describe("quit feedback", () => {
  it("says nothing when cleanup is quick", async () => {
    const said: Array<string> = []
    await saidWhenSlow((l) => said.push(l), "closing the browser", wait(10))
    expect(said).toEqual([])
  })

  it("says what it is waiting for after a second, then how long it took, also when the work fails", async () => {
    const said: Array<string> = []
    await saidWhenSlow((l) => said.push(l), "closing the browser this pi session opened", wait(SLOW_CLEANUP_MS + 300))
    expect(said).toHaveLength(2)
    expect(said[0]).toMatch(
      /^agent_browser: closing the browser this pi session opened \(waiting for the browser to close and its processes to end\)…$/
    )
    expect(said[1]).toMatch(/^agent_browser: done in 1\.\d s$/)
    const failing = saidWhenSlow(
      (l) => said.push(l),
      "closing",
      async () => {
        await wait(SLOW_CLEANUP_MS + 100)()
        throw new Error("boom")
      }
    )
    await expect(failing).rejects.toThrow("boom")
    expect(said.at(-1)).toMatch(/^agent_browser: done in/)
  })

  it("without a screen (json, rpc, print modes) it never writes", async () => {
    await expect(saidWhenSlow(undefined, "closing", wait(SLOW_CLEANUP_MS + 50))).resolves.toBeUndefined()
  })
})
