/** Secrets in a call never reach model-visible text or details, against the real agent-browser. */
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, textOf } from "../support/harness.js"
import { type LiveEnv, makeLiveEnv, REPO } from "../support/liveEnv.js"
import type { ToolResult } from "../../src/schema/ToolDetails.js"

let world: LiveEnv
let site: StaticServer
let tool: Harness

beforeAll(async () => {
  world = makeLiveEnv()
  site = await startStaticServer(join(REPO, "fixtures/site"))
  tool = makeHarness(world)
})

afterAll(async () => {
  await tool?.closeOwned()
  await tool?.dispose()
  await site?.close()
  await world?.dispose()
})

const everything = (result: ToolResult): string => JSON.stringify(result)

describe("redaction", () => {
  it("auth-bearing URL parameters are redacted in args, text and data", async () => {
    const result = await tool.call({ args: ["open", `${site.origin}/index.html?access_token=SuperSecret123&page=2`] })
    expect(result.isError).toBe(false)
    expect(everything(result)).not.toContain("SuperSecret123")
    expect(result.details.args[1]).toContain("access_token=[REDACTED]")
    expect(textOf(result)).toContain("page=2")
  })

  it("a password typed into a password field is never echoed", async () => {
    const snap = await tool.call({ args: ["snapshot", "-i"] })
    const ref = /textbox "Password" \[ref=(e\d+)\]/.exec(textOf(snap))?.[1]
    expect(ref).toBeDefined()
    const filled = await tool.call({ args: ["fill", `@${ref}`, "hunter2-correct-horse"] })
    expect(filled.isError, JSON.stringify(filled.details.error)).toBe(false)
    expect(everything(filled)).not.toContain("hunter2-correct-horse")
    expect(filled.details.args).toEqual(["fill", `@${ref}`, "[REDACTED]"])
    const typed = await tool.call({ args: ["type", "#password", "typed-secret-42"] })
    expect(typed.isError).toBe(false)
    expect(everything(typed)).not.toContain("typed-secret-42")
    // a secret typed earlier stays hidden when the page later shows it (here: read back from the field)
    const readBack = await tool.call({ args: ["get", "value", "#password"] })
    expect(readBack.isError).toBe(false)
    expect(everything(readBack)).not.toContain("hunter2-correct-horse")
    expect(everything(readBack)).not.toContain("typed-secret-42")
    expect(textOf(readBack)).toBe("[REDACTED][REDACTED]")
  })

  it("--headers values are redacted", async () => {
    const headers = JSON.stringify({ Authorization: "Bearer tok-abc-987" })
    const result = await tool.call({ args: ["--session", "hdr", "--headers", headers, "open", `${site.origin}/about.html`] })
    expect(everything(result)).not.toContain("tok-abc-987")
    expect(result.details.effectiveArgs).toContain("[REDACTED]")
    await tool.call({ args: ["--session", "hdr", "close"] })
  })
})
