/**
 * More clauses of issue #28 against the real agent-browser + Chromium: result shapes over real upstream replies
 * (fast counterparts: test/unit/contractRows.test.ts).
 */
import { statSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
})

describe("D9/X16 + F1 + D8: a raw batch's rows on the real binary", () => {
  it("a saved screenshot row with its artifact and follow-up; the failed step's nextActions are the call's; the text ends with the category sentence", async () => {
    const result = await live.tool.call({ args: ["batch"], stdin: JSON.stringify([["screenshot", "rows-out/new/a.png"], ["click", "#no-such-element"], ["get", "title"]]) })
    const path = join(live.world.root, "rows-out/new/a.png")
    expect(statSync(path).size).toBeGreaterThan(0)
    expect(result.isError).toBe(true)
    const [shot, click] = result.details.batchSteps ?? []
    expect(shot).toMatchObject({
      successCategory: "artifact-saved",
      artifacts: [{ kind: "screenshot", artifactType: "screenshot", path, absolutePath: path, requestedPath: path, extension: ".png", status: "saved", exists: true, mediaType: "image/png" }],
      artifactVerification: { verified: true, verifiedCount: 1 }
    })
    expect(shot?.nextActions?.map((a) => [a.id, a.artifactPath])).toEqual([["use-saved-artifact", path]])
    expect(click).toMatchObject({ resultCategory: "failure", failureCategory: result.details.failureCategory })
    expect(click?.nextActions).toEqual(result.details.nextActions)
    expect(result.details.batchFailure?.failedStep.nextActions).toEqual(result.details.nextActions)
    expect(textOf(result).endsWith(`Result category: failure; failureCategory: ${result.details.failureCategory}; Pi tool isError: true.`)).toBe(true)
  })
})


describe("V13: trace/profiler owner conflicts on the real binary", () => {
  it("with a trace running, profiler start and stop are refused before upstream; the trace's own stop saves it", async () => {
    expect((await live.tool.call({ args: ["trace", "start"] })).isError).toBe(false)
    const profilerStart = await live.tool.call({ args: ["profiler", "start"] })
    expect(profilerStart.details.validationError).toContain("the wrapper believes a trace capture owns Chrome tracing")
    const profilerStop = await live.tool.call({ args: ["profiler", "stop", "v13/p.json"] })
    expect(profilerStop.details.validationError).toContain("is a trace, not a profiler")
    const stop = await live.tool.call({ args: ["trace", "stop", "v13/t.json"] })
    expect(stop.isError, textOf(stop)).toBe(false)
    expect(statSync(join(live.world.root, "v13/t.json")).size).toBeGreaterThan(0)
  })
})
