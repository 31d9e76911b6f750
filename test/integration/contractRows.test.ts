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
    const result = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["screenshot", "rows-out/new/a.png"],
        ["click", "#no-such-element"],
        ["get", "title"]
      ])
    })
    const path = join(live.world.root, "rows-out/new/a.png")
    expect(statSync(path).size).toBeGreaterThan(0)
    expect(result.isError).toBe(true)
    const [shot, click] = result.details.batchSteps ?? []
    expect(shot).toMatchObject({
      successCategory: "artifact-saved",
      artifacts: [
        {
          kind: "screenshot",
          artifactType: "screenshot",
          path,
          absolutePath: path,
          requestedPath: path,
          extension: ".png",
          status: "saved",
          exists: true,
          mediaType: "image/png"
        }
      ],
      artifactVerification: { verified: true, verifiedCount: 1 }
    })
    expect(shot?.nextActions?.map((a) => [a.id, a.artifactPath])).toEqual([["use-saved-artifact", path]])
    expect(click).toMatchObject({ resultCategory: "failure", failureCategory: result.details.failureCategory })
    expect(click?.nextActions).toEqual(result.details.nextActions)
    expect(result.details.batchFailure?.failedStep.nextActions).toEqual(result.details.nextActions)
    expect(
      textOf(result).endsWith(
        `Result category: failure; failureCategory: ${result.details.failureCategory}; Pi tool isError: true.`
      )
    ).toBe(true)
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

describe("V12: state files and the network list on the real binary", () => {
  it("state show of a saved state: counts and names, the cookie value and a credential-like storage value never shown", async () => {
    await live.tool.call({
      args: ["eval", "--stdin"],
      stdin:
        "document.cookie = 'sid=cookie-secret-v12; path=/'; localStorage.setItem('theme', 'dark'); localStorage.setItem('authToken', 'tok-secret-v12'); 1"
    })
    const path = join(live.world.root, "v12/state.json")
    expect((await live.tool.call({ args: ["state", "save", path] })).isError).toBe(false)
    const shown = await live.tool.call({ args: ["state", "show", path] })
    expect(shown.isError, textOf(shown)).toBe(false)
    expect(textOf(shown)).toMatch(
      /^State file state\.json \(\d+ bytes\): 1 cookies \(values hidden\), 1 origins\ncookie sid — /
    )
    expect(textOf(shown)).toContain("2 localStorage")
    const all = JSON.stringify([shown.content, shown.details])
    expect(all).not.toContain("cookie-secret-v12")
    expect(all).not.toContain("tok-secret-v12")
    expect(all).toContain("dark")
  })

  it("network requests are labelled as the session aggregate", async () => {
    const text = textOf(await live.tool.call({ args: ["network", "requests"] }))
    expect(text).toMatch(/^\d+ requests \(session aggregate since the last --clear\): \d+ failed/)
  })
})

describe("P11: refSnapshot on the real page", () => {
  it("lists each ref of snapshot -i with its role and name, the same refs the text shows", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const result = await live.tool.call({ args: ["snapshot", "-i"] })
    const refs = result.details.refSnapshot?.refs ?? {}
    expect(Object.keys(refs).length).toBe(result.details.refSnapshot?.refCount)
    for (const [id, { role, name }] of Object.entries(refs)) {
      expect(textOf(result)).toContain(`ref=${id}`)
      expect(role).not.toBe("")
      if (name !== "") expect(textOf(result)).toContain(name)
    }
  })
})

describe("F13/C2: a compacted snapshot of a real long page", () => {
  it("data.compacted, the contract's preview metadata, and the viewport note in the text", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/long-docs/fhs-3.0/source.html`] })
    const result = await live.tool.call({ args: ["snapshot"] })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.data).toMatchObject({ compacted: true })
    const c = result.details.snapshotCompaction as Record<string, unknown>
    expect(c).toMatchObject({
      viewportOrdering: "dom-signal-prioritized",
      previewMode: "structured",
      structuredPreviewUsed: true,
      additionalSectionsOmitted: expect.any(Number)
    })
    expect(c["snapshotLineCount"]).toBeGreaterThan(100)
    expect(Object.values(c["roleCounts"] as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(c["refCount"])
    for (const id of c["previewRefIds"] as ReadonlyArray<string>) expect(textOf(result)).toContain(`@${id}`)
    expect(
      (c["previewSections"] as ReadonlyArray<{ title: string; linesShown: number }>)[0]?.linesShown
    ).toBeGreaterThan(0)
    expect(textOf(result).split("\n")[0]).toContain("Not ordered by what is on screen.")
  })
})

describe("R5: scroll evidence for a container and for the page, on the real browser", () => {
  it("scroll <css> <dir> <px> moves that container (scrollContainer); scroll to end / to top move the page (scrollPage)", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/diagnostics.html`] })
    const pane = await live.tool.call({ args: ["scroll", "#pane", "down", "100"] })
    expect(pane.isError, textOf(pane)).toBe(false)
    expect(pane.details.scrollContainer).toEqual({
      selector: "#pane",
      before: { scrollLeft: 0, scrollTop: 0 },
      after: { scrollLeft: 0, scrollTop: 100 },
      moved: true
    })
    expect(textOf(pane)).toContain("Scrolled #pane: top 0 → 100.")
    const end = await live.tool.call({ args: ["scroll", "to", "end"] })
    expect(end.isError, textOf(end)).toBe(false)
    expect(end.details.scrollPage?.moved).toBe(true)
    expect(end.details.scrollPage?.after.scrollY).toBeGreaterThan(2000)
    const top = await live.tool.call({ args: ["scroll", "to", "top"] })
    expect(top.details.scrollPage).toMatchObject({ after: { scrollY: 0 }, moved: true })
    // a container that cannot move further: the no-movement diagnostic names the container
    await live.tool.call({ args: ["scroll", "#pane", "up", "500"] })
    const stuck = await live.tool.call({ args: ["scroll", "#pane", "up", "100"] })
    expect(stuck.details.scrollContainer).toMatchObject({ moved: false })
    expect(stuck.details.scrollNoop?.message).toBe("Neither the page nor the container the selector names moved.")
  })
})

describe("C5: snapshot --viewport on a page with a scroll pane", () => {
  it("snapshotViewport lists the pane with its offset, and the viewport line names it", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/diagnostics.html`] })
    await live.tool.call({ args: ["scroll", "#pane", "down", "80"] })
    const result = await live.tool.call({ args: ["snapshot", "-i", "--viewport"] })
    const viewport = result.details.snapshotViewport as {
      containerCount: number
      containers: ReadonlyArray<{ tagName: string; scrollTop: number }>
    }
    expect(viewport.containerCount).toBeGreaterThan(0)
    expect(viewport.containers).toContainEqual(expect.objectContaining({ tagName: "div", scrollTop: 80 }))
    expect(textOf(result)).toMatch(/scrollable container\(s\): div at 0,80/)
  })
})
