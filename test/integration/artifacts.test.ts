/** Every artifact kind against the real agent-browser: created where asked, verified on disk, reported truthfully. */
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/download.html`] })
})

const verification = (details: Record<string, unknown>) =>
  details["artifactVerification"] as { verified: boolean; artifacts: Array<Record<string, unknown>> }

describe("artifacts", () => {
  it.each([
    ["screenshot", ["screenshot", "out/shots/page.png"], "out/shots/page.png", "image/png"],
    ["pdf", ["pdf", "out/docs/page.pdf"], "out/docs/page.pdf", "application/pdf"],
    ["download", ["download", "#dl", "out/dl/report.txt"], "out/dl/report.txt", undefined],
    ["state save", ["state", "save", "out/state/s.json"], "out/state/s.json", "application/json"]
  ])("%s: parent created, relative path made absolute, file verified", async (_kind, args, relative, mediaType) => {
    const result = await live.tool.call({ args })
    const absolute = join(live.world.root, relative)
    expect(result.isError, result.details.error).toBe(false)
    expect(result.details.successCategory).toBe("artifact-saved")
    expect(existsSync(absolute)).toBe(true)
    expect(statSync(absolute).size).toBeGreaterThan(0)
    const row = verification(result.details as never).artifacts[0]
    expect(row).toMatchObject({ path: absolute, state: "verified", exists: true })
    if (mediaType !== undefined) expect(row?.["mediaType"]).toBe(mediaType)
  })

  it("a download reports savedFile at the requested path", async () => {
    const result = await live.tool.call({ args: ["download", "#dl", "out/dl/again.txt"] })
    expect(result.details.savedFilePath).toBe(join(live.world.root, "out/dl/again.txt"))
    expect(readFileSync(join(live.world.root, "out/dl/again.txt"), "utf8")).toBe("downloaded content\n")
  })

  it("wait --download saves a clicked download at the requested path", async () => {
    await live.tool.call({ args: ["click", "#dl"] })
    const result = await live.tool.call({ args: ["wait", "--download", "out/dl/clicked.txt", "--timeout", "10000"] })
    expect(result.isError, result.details.error).toBe(false)
    expect(verification(result.details as never).artifacts[0]).toMatchObject({
      state: "verified",
      path: join(live.world.root, "out/dl/clicked.txt")
    })
  })

  it.each([
    [
      "trace",
      [
        ["trace", "start"],
        ["trace", "stop", "out/perf/trace.json"]
      ],
      "out/perf/trace.json"
    ],
    [
      "profiler",
      [
        ["profiler", "start"],
        ["profiler", "stop", "out/perf/profile.json"]
      ],
      "out/perf/profile.json"
    ],
    [
      "har",
      [
        ["network", "har", "start"],
        ["network", "har", "stop", "out/net/capture.har"]
      ],
      "out/net/capture.har"
    ]
  ])("%s stop writes a verified file", async (_kind, calls, relative) => {
    for (const args of calls.slice(0, -1)) expect((await live.tool.call({ args })).isError).toBe(false)
    await live.tool.call({ args: ["reload"] })
    const result = await live.tool.call({ args: calls.at(-1) ?? [] })
    expect(result.isError, result.details.error).toBe(false)
    expect(verification(result.details as never).artifacts[0]).toMatchObject({
      state: "verified",
      path: join(live.world.root, relative)
    })
  })

  it("diff screenshot: a verified diff image when pages differ; an honest missing row when they match", async () => {
    await live.tool.call({ args: ["screenshot", "out/shots/base.png"] })
    const same = await live.tool.call({
      args: [
        "diff",
        "screenshot",
        "--baseline",
        join(live.world.root, "out/shots/base.png"),
        "-o",
        "out/shots/same.png"
      ]
    })
    expect(same.isError).toBe(false)
    expect(verification(same.details as never).artifacts[0]).toMatchObject({
      state: "missing",
      limitation: "the images match, so agent-browser wrote no diff image"
    })
    expect(same.details.successCategory).toBe("completed")
    await live.tool.call({ args: ["eval", "document.body.style.background = 'red'"] })
    const changed = await live.tool.call({
      args: [
        "diff",
        "screenshot",
        "--baseline",
        join(live.world.root, "out/shots/base.png"),
        "-o",
        "out/shots/diff.png"
      ]
    })
    expect(changed.isError, changed.details.error).toBe(false)
    expect(verification(changed.details as never).artifacts[0]).toMatchObject({
      state: "verified",
      mediaType: "image/png"
    })
    expect(textOf(changed)).toMatch(
      new RegExp(
        `^Saved diff image: ${join(live.world.root, "out/shots/diff.png")} \\(\\d+(\\.\\d+)?% of pixels differ, \\d+ of \\d+\\)`
      )
    )
    expect(textOf(same)).toMatch(/^Images match: 0% of pixels differ, 0 of \d+; no diff image written\./)
  })

  it("record start is pending, not missing, and warns up front when ffmpeg is absent", async () => {
    const result = await live.tool.call({ args: ["record", "start", "out/video/run.webm"] })
    if (result.isError) {
      // upstream itself may refuse to record without ffmpeg; it must then be an honest upstream failure
      expect(result.details.failureCategory).toBe("upstream-error")
      return
    }
    expect(verification(result.details as never).artifacts[0]).toMatchObject({
      state: "pending",
      path: join(live.world.root, "out/video/run.webm")
    })
    expect(result.details.failureCategory).toBeUndefined()
    const hasFfmpeg = (process.env["PATH"] ?? "").split(":").some((d) => existsSync(join(d, "ffmpeg")))
    if (!hasFfmpeg) {
      expect(textOf(result)).toContain("Recording dependency warning: ffmpeg not found on PATH")
      expect(result.details.recordingDependencyWarning).toMatchObject({
        reason: "ffmpeg-missing-for-recording",
        dependency: "ffmpeg",
        command: "record start"
      })
    } else expect(result.details.recordingDependencyWarning).toBeUndefined()
    await live.tool.call({ args: ["record", "stop"] })
  })

  it("close says saved files are not deleted, and lists the ones that still exist", async () => {
    const result = await live.tool.call({ args: ["close"] })
    const cleanup = result.details.artifactCleanup
    expect(cleanup?.owner).toBe("host-file-tools")
    expect(cleanup?.explicitArtifactPaths).toContain(join(live.world.root, "out/shots/page.png"))
    expect(textOf(result)).toContain("Saved files stay on disk")
  })
})
