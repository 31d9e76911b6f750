/**
 * A frame inside a frame, on the real agent-browser 0.41.2 and Chromium: upstream's snapshot lists the inner frame
 * bare; the tool says so and how to look inside, and following it (`frame @eN`, `snapshot -i`, a click by ref)
 * reaches the inner frame's button. The click is checked with a raw read of the inner document outside the tool.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const html = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html"] as const

const live = liveWorld({
  files: {
    "/portal.html": html(`<h1>Portal</h1><iframe id="f" src="/mid.html" width="500" height="300"></iframe>`),
    "/mid.html": html(`<p>Middle</p><iframe id="g" src="/deep.html" width="400" height="150"></iframe>`),
    "/deep.html": html(`<button onclick="document.title='approved'">Approve request</button>`)
  }
})
const deepTitle = (session: string): unknown =>
  (
    JSON.parse(
      live.world.raw([
        "--json",
        "--session",
        session,
        "eval",
        "document.querySelector('#f').contentDocument.querySelector('#g').contentDocument.title"
      ])
    ) as { data: { result: unknown } }
  ).data.result

describe("a frame inside a frame (#45)", () => {
  it("the snapshot names the bare inner frame and how to look inside; following it clicks the inner button", async () => {
    const session = await live.openSession("/portal.html")
    await live.tool.call({ args: ["wait", "#f"] })
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /- Iframe \[ref=(e\d+)\]\n {2}- Iframe \[ref=(e\d+)\]/.exec(snap)?.[2]
    expect(ref, snap).toBeDefined()
    expect(snap).toContain(
      `Frame @${ref} is listed with nothing inside: a frame inside a frame is not expanded here (an empty frame ` +
        `looks the same). To look inside: frame @${ref}, then snapshot -i (frame main to come back).`
    )
    await live.tool.call({ args: ["frame", `@${ref}`] })
    const inner = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const button = /button "Approve request" \[ref=(e\d+)\]/.exec(inner)?.[1]
    expect(button, inner).toBeDefined()
    expect(inner).not.toContain("listed with nothing inside")
    const clicked = await live.tool.call({ args: ["click", `@${button}`] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(deepTitle(session)).toBe("approved")
    await live.tool.call({ args: ["frame", "main"] })
  })
})
