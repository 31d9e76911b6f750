/** Screenshot formats, `--scale`, `--full` with an element and image sizes as the tool reads them (issue 42, item 6). */
import { describe, expect, it } from "vitest"
import { extensionFormat, imageSize } from "../../src/upstream/imageFormat.js"
import { extractScreenshotOptions, screenshotFlagProblem } from "../../src/upstream/screenshotOptions.js"
import { transcodeReply, transcodeScript } from "../../src/page/imageTranscode.js"

describe("screenshot options", () => {
  it("WebP is asked of upstream as PNG (the tool converts it); a JPEG named by its extension is asked for", () => {
    expect(extractScreenshotOptions(["screenshot", "/o/a.webp"])).toEqual({
      args: ["screenshot", "/o/a.webp"],
      options: { format: "webp", css: false }
    })
    expect(extractScreenshotOptions(["screenshot", "--screenshot-format", "webp"])).toEqual({
      args: ["screenshot", "--screenshot-format", "png"],
      options: { format: "webp", css: false }
    })
    expect(extractScreenshotOptions(["screenshot", "--screenshot-format=webp", "/o/a.webp"]).args).toEqual([
      "screenshot",
      "--screenshot-format=png",
      "/o/a.webp"
    ])
    expect(extractScreenshotOptions(["screenshot", "/o/a.jpg"])).toEqual({
      args: ["screenshot", "/o/a.jpg", "--screenshot-format", "jpeg"],
      options: { format: "jpeg", css: false }
    })
    expect(extractScreenshotOptions(["screenshot", "/o/a.png"])).toEqual({
      args: ["screenshot", "/o/a.png"],
      options: undefined
    })
  })

  it("--scale css is taken off the argv; a bad value, a bad format or a flag that contradicts the name are refused", () => {
    expect(extractScreenshotOptions(["screenshot", "--scale", "css", "/o/a.png"])).toEqual({
      args: ["screenshot", "/o/a.png"],
      options: { format: "png", css: true }
    })
    expect(extractScreenshotOptions(["screenshot", "--scale=device"])).toEqual({
      args: ["screenshot"],
      options: undefined
    })
    expect(extractScreenshotOptions(["screenshot", "--scale", "2"]).error).toContain("--scale takes css")
    expect(extractScreenshotOptions(["screenshot", "--screenshot-format", "gif"]).error).toContain(
      "takes png, jpeg or webp"
    )
    expect(extractScreenshotOptions(["screenshot", "/o/a.png", "--screenshot-format", "jpeg"]).error).toContain(
      "name the file .jpg or drop the flag"
    )
  })

  it("--full with an element is a flag problem (the call without it is the element's shot); without one it is fine", () => {
    expect(screenshotFlagProblem(["screenshot", "@e3", "--full", "/o/a.png"])).toMatchObject({ tokens: ["--full"] })
    expect(screenshotFlagProblem(["screenshot", "-f", "#board"])?.message).toContain(
      "screenshot #board captures that element's box"
    )
    expect(screenshotFlagProblem(["screenshot", "--full", "/o/a.png"])).toBeUndefined()
    expect(screenshotFlagProblem(["screenshot", "--full", "--threshold", "0.1"])).toBeUndefined()
  })
})

describe("image sizes from their first bytes", () => {
  it("PNG, JPEG and WebP (VP8X)", () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64"
    )
    expect(imageSize(png)).toEqual({ width: 1, height: 1 })
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x58, 0x03, 0x20, 0, 0, 0
    ])
    expect(imageSize(jpeg)).toEqual({ width: 800, height: 600 })
    const webp = Buffer.alloc(30)
    webp.write("RIFF", 0, "latin1")
    webp.write("WEBPVP8X", 8, "latin1")
    webp.writeUIntLE(1567, 24, 3)
    webp.writeUIntLE(1175, 27, 3)
    expect(imageSize(webp)).toEqual({ width: 1568, height: 1176 })
    expect(imageSize(Buffer.from("GIF89a"))).toBeUndefined()
    expect([extensionFormat("a.JPG"), extensionFormat("a.webp"), extensionFormat("a.gif")]).toEqual([
      "jpeg",
      "webp",
      undefined
    ])
  })

  it("the page's conversion script carries its request, and only a whole reply is read", () => {
    expect(transcodeScript({ base64: "AAA=", type: "image/webp", maxSide: 1568 })).toContain('"maxSide":1568')
    expect(
      transcodeReply({
        base64: "",
        type: "image/png",
        width: 1,
        height: 1,
        sourceWidth: 1,
        sourceHeight: 1,
        devicePixelRatio: 1
      })
    ).toBeDefined()
    expect(transcodeReply({ base64: "", type: "image/png" })).toBeUndefined()
  })
})
