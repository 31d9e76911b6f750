/** Secrets in a call never reach model-visible text or details, against the real agent-browser. */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"

const live = liveWorld()

const everything = (result: ToolResult): string => JSON.stringify(result)

describe("redaction", () => {
  it("auth-bearing URL parameters are redacted in args, text and data", async () => {
    const result = await live.tool.call({
      args: ["open", `${live.site.origin}/index.html?access_token=SuperSecret123&page=2`]
    })
    expect(result.isError).toBe(false)
    expect(everything(result)).not.toContain("SuperSecret123")
    expect(result.details.args[1]).toContain("access_token=[REDACTED]")
    expect(textOf(result)).toContain("page=2")
  })

  it("a password typed into a password field is never echoed", async () => {
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    const ref = /textbox "Password" \[ref=(e\d+)\]/.exec(textOf(snap))?.[1]
    expect(ref).toBeDefined()
    const filled = await live.tool.call({ args: ["fill", `@${ref}`, "hunter2-correct-horse"] })
    expect(filled.isError, JSON.stringify(filled.details.error)).toBe(false)
    expect(everything(filled)).not.toContain("hunter2-correct-horse")
    expect(filled.details.args).toEqual(["fill", `@${ref}`, "[REDACTED]"])
    const typed = await live.tool.call({ args: ["type", "#password", "typed-secret-42"] })
    expect(typed.isError).toBe(false)
    expect(everything(typed)).not.toContain("typed-secret-42")
    // a secret typed earlier stays hidden when the page later shows it (here: read back from the field)
    const readBack = await live.tool.call({ args: ["get", "value", "#password"] })
    expect(readBack.isError).toBe(false)
    expect(everything(readBack)).not.toContain("hunter2-correct-horse")
    expect(everything(readBack)).not.toContain("typed-secret-42")
    expect(textOf(readBack)).toBe(`[REDACTED][REDACTED]\n(from ${live.site.origin})`)
  })

  it("--headers values are redacted", async () => {
    const headers = JSON.stringify({ Authorization: "Bearer tok-abc-987" })
    const result = await live.tool.call({
      args: ["--session", "hdr", "--headers", headers, "open", `${live.site.origin}/about.html`]
    })
    expect(everything(result)).not.toContain("tok-abc-987")
    expect(result.details.effectiveArgs).toContain("[REDACTED]")
    await live.tool.call({ args: ["--session", "hdr", "close"] })
  })
})
