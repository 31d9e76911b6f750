/**
 * Screenshots as asked (issue 42, item 6), against the real agent-browser and Chromium: a WebP file is WebP by its
 * bytes (agent-browser writes PNG; the browser converts it), `--scale css` gives CSS pixels on a 2x screen, a
 * 2000×2000 full page reaches the model scaled to 1568 px while the file keeps its size, and `--full` with an element
 * is refused instead of dropped.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { imageSize } from "../../src/upstream/imageFormat.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const file = (relative: string) => readFileSync(join(live.world.root, relative))
const inline = (result: ToolResult) => {
  const part = result.content.find((c): c is { type: "image"; data: string; mimeType: string } => c.type === "image")
  if (part === undefined) throw new Error(`no inline image: ${textOf(result)}`)
  return { mimeType: part.mimeType, size: imageSize(Buffer.from(part.data, "base64")) }
}
const rows = (result: ToolResult): ReadonlyArray<unknown> => result.details.artifactVerification?.artifacts ?? []

beforeAll(async () => {
  const opened = await live.tool.call({ args: ["open", `${live.site.origin}/deep.html`] })
  expect(opened.isError, textOf(opened)).toBe(false)
})

describe("screenshot formats", () => {
  it("a .webp file is WebP by its bytes, verified as image/webp, and says the browser converted it", async () => {
    const shot = await live.tool.call({ args: ["screenshot", "out/page.webp"] })
    expect(shot.isError, textOf(shot)).toBe(false)
    const bytes = file("out/page.webp")
    expect(bytes.toString("latin1", 0, 4)).toBe("RIFF")
    expect(bytes.toString("latin1", 8, 12)).toBe("WEBP")
    expect(rows(shot)[0]).toMatchObject({ state: "verified", mediaType: "image/webp" })
    expect(textOf(shot)).toContain(
      "Image: 1280×633 px (agent-browser wrote image/png; the browser converted it to image/webp)."
    )
    expect(inline(shot)).toEqual({ mimeType: "image/webp", size: { width: 1280, height: 633 } })
    const flagged = await live.tool.call({ args: ["screenshot", "--screenshot-format", "webp", "out/flag.webp"] })
    expect(file("out/flag.webp").toString("latin1", 8, 12)).toBe("WEBP")
    expect(flagged.isError, textOf(flagged)).toBe(false)
  })

  it("a .jpg is JPEG; a flag and a name that disagree are refused before anything runs", async () => {
    const jpg = await live.tool.call({ args: ["screenshot", "out/page.jpg"] })
    expect(jpg.isError, textOf(jpg)).toBe(false)
    expect([...file("out/page.jpg").subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    const clash = await live.tool.call({ args: ["screenshot", "out/clash.png", "--screenshot-format", "webp"] })
    expect(clash.details.failureCategory).toBe("validation-error")
    expect(textOf(clash)).toContain("ask for different formats: name the file .webp or drop the flag")
  })

  it("a job's screenshot step that names another format than PNG is refused; a batch step's misnamed file is not verified", async () => {
    const job = await live.tool.call({ job: { steps: [{ action: "screenshot", path: "out/job.webp" }] } })
    expect(job.details.failureCategory).toBe("validation-error")
    expect(textOf(job)).toContain("writes PNG: name the file .png")
    const batch = await live.tool.call({ args: ["batch"], stdin: JSON.stringify([["screenshot", "out/batch.webp"]]) })
    expect(rows(batch)[0]).toMatchObject({ state: "unverified", mediaType: "image/png" })
    expect(textOf(batch)).toContain("the file is image/png under a .webp name")
  })

  it("--scale css gives one pixel per CSS pixel on a 2x screen; without it the device pixels", async () => {
    expect((await live.tool.call({ args: ["set", "viewport", "800", "600", "2"] })).isError).toBe(false)
    const css = await live.tool.call({ args: ["screenshot", "out/css.png", "--scale", "css"] })
    expect(css.isError, textOf(css)).toBe(false)
    expect(imageSize(file("out/css.png"))).toEqual({ width: 800, height: 600 })
    expect(textOf(css)).toContain("--scale css: agent-browser's 1600×1200 device pixels at devicePixelRatio 2")
    await live.tool.call({ args: ["screenshot", "out/device.png"] })
    expect(imageSize(file("out/device.png"))).toEqual({ width: 1600, height: 1200 })
    expect((await live.tool.call({ args: ["set", "viewport", "1280", "633", "1"] })).isError).toBe(false)
  })
})

describe("screenshot sizes", () => {
  it("a 2000×2000 full page: the file keeps its size, the model gets it scaled to 1568 px, and the text says both", async () => {
    expect((await live.tool.call({ args: ["open", `${live.site.origin}/big.html`] })).isError).toBe(false)
    const shot = await live.tool.call({ args: ["screenshot", "--full", "out/big.png"] })
    expect(shot.isError, textOf(shot)).toBe(false)
    const size = imageSize(file("out/big.png"))
    expect(size?.width).toBe(2000)
    expect(size?.height).toBe(2000)
    expect(inline(shot)).toEqual({ mimeType: "image/png", size: { width: 1568, height: 1568 } })
    expect(textOf(shot)).toContain("Image: 2000×2000 px; shown here scaled to 1568×1568, the file keeps the full size.")
  })

  it("--full with an element is refused, naming both ways; the call without --full works", async () => {
    const refused = await live.tool.call({ args: ["screenshot", "#board", "--full", "out/board.png"] })
    expect(refused.details.failureCategory).toBe("validation-error")
    expect(textOf(refused)).toContain(
      "screenshot #board captures that element's box; --full (the whole page) does not apply to an element"
    )
    const retry = refused.details.nextActions?.[0]
    expect(retry?.params).toEqual({ args: ["screenshot", "#board", "out/board.png"] })
    const element = await live.tool.call(retry?.params)
    expect(element.isError, textOf(element)).toBe(false)
    expect(imageSize(file("out/board.png"))?.width).toBe(2000)
  })
})
