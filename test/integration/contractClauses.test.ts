/** Clauses of issue #28 against the real agent-browser + Chromium (fast counterparts: test/unit/contractClauses.test.ts). */
import { existsSync, statSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
})

describe("F2/V2 + F3: a caller's raw batch writes its files where it asked, and a claimed file that vanished fails closed", () => {
  it("relative screenshot and pdf steps land under the pi cwd in folders the tool created", async () => {
    const result = await live.tool.call({ args: ["batch"], stdin: JSON.stringify([["screenshot", "batch-out/new/a.png"], ["pdf", "batch-out/docs/b.pdf"]]) })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.successCategory).toBe("artifact-saved")
    for (const relative of ["batch-out/new/a.png", "batch-out/docs/b.pdf"]) expect(statSync(join(live.world.root, relative)).size).toBeGreaterThan(0)
    expect(result.details.artifactVerification?.artifacts.map((a) => [a.path, a.state])).toEqual([
      [join(live.world.root, "batch-out/new/a.png"), "verified"],
      [join(live.world.root, "batch-out/docs/b.pdf"), "verified"]
    ])
  })

  it("a screenshot upstream called done whose file is gone before the batch ends is artifact-missing, not completed", async () => {
    const path = join(live.world.root, "batch-out/vanish/c.png")
    // the file is removed as soon as it appears, while the batch's wait step still runs
    const sweeper = setInterval(() => {
      if (existsSync(path)) unlinkSync(path)
    }, 10)
    const result = await live.tool.call({ args: ["batch"], stdin: JSON.stringify([["screenshot", path], ["wait", "1500"]]) }).finally(() => clearInterval(sweeper))
    expect(result.details.batchSteps?.map((s) => s.resultCategory)).toEqual(["success", "success"])
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("artifact-missing")
    expect(textOf(result)).toContain(`agent-browser reported a saved screenshot at ${path}, but no file is there`)
  })
})
