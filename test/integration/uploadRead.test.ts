/**
 * `upload` read on the page, on the real agent-browser 0.41.2 (found by bench:cases inputs.upload-two-into-single and
 * inputs.upload-onto-button): two files into an input without `multiple` left it holding one while the tool said
 * `Uploaded 2 file(s)`; a styled button aimed at instead of its hidden input got upstream's `Node is not a file input
 * element`. The tool now says which file the input kept, refuses a target that is no file input with the page's file
 * input named (nothing sent), and says a full upload as before. Judged on the page's own state, read outside the tool.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { okText, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/upload.html": servedHtml(
      `<!doctype html><title>Upload</title>
<input id="one" type="file"><input id="many" type="file" multiple>
<input id="photo" type="file" hidden><button id="btn" onclick="photo.click()">Choose photo</button>
<script>window.changes = []; document.addEventListener("change", (e) => changes.push(e.target.id), true)</script>`
    )
  }
})
let session = ""
const evalPage = (js: string) => rawEval(live.world, session, js)
const names = (id: string) => evalPage(`[...document.getElementById("${id}").files].map((f) => f.name).join()`)

describe("upload read on the page", () => {
  it("says the file a single input kept; refuses a button with the page's file input named", async () => {
    const file = (name: string) => {
      const path = join(live.world.root, name)
      writeFileSync(path, name)
      return path
    }
    const [a, b, me] = [file("a.txt"), file("b.csv"), file("me.png")]
    session = await live.openedSession("/upload.html")
    // before: `Uploaded 2 file(s) to #one: <a>, <b>` (the input kept a.txt only)
    expect(okText(await live.tool.call({ args: ["upload", "#one", a, b] }))).toBe(
      `Uploaded 1 of 2 files to #one: it takes one file (no multiple attribute), so it holds only a.txt; not ` +
        `attached: ${b}.`
    )
    expect(names("one")).toBe("a.txt")
    // a multiple input takes both: said as before
    expect(okText(await live.tool.call({ args: ["upload", "#many", a, b] }))).toBe(
      `Uploaded 2 file(s) to #many: ${a}, ${b}`
    )
    expect(names("many")).toBe("a.txt,b.csv")
    // before: `agent-browser failed: CDP error (DOM.setFileInputFiles): Node is not a file input element`
    const button = await live.tool.call({ args: ["upload", "#btn", me] })
    expect(button.isError).toBe(true)
    expect(textOf(button)).toContain(
      "#btn is a <button>, not a file input: nothing was uploaded (the upload was not sent). The page's file " +
        "inputs: #one, #many, #photo (they may be hidden); upload to one of them instead."
    )
    expect(names("photo")).toBe("")
    // the named input, followed: it takes the file, and the page gets its change event
    expect(okText(await live.tool.call({ args: ["upload", "#photo", me] }))).toBe(`Uploaded 1 file(s) to #photo: ${me}`)
    expect(names("photo")).toBe("me.png")
    expect(evalPage("changes.join()")).toBe("one,many,photo")
  }, 90_000)
})
