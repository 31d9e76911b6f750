/**
 * Secret-leak corpus, part two (issue 17): a page that echoes what is typed into its password field into its text,
 * title, URL (`?typed=`), console (per keystroke) and localStorage. Each case reads every output channel: result
 * text, details, progress updates, and every file the tool wrote under its artifact dirs (spill and ref-snapshot
 * files) or to an `outputPath`. A piece of five characters of a secret anywhere is a leak. Also: semanticAction and
 * job steps after a navigation that changed only the query.
 */
import { readFileSync } from "node:fs"
import { beforeAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf, valueOf } from "../support/harness.js"
import { type Channel, leakRecorder } from "../support/leakChannels.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const page = (query = "") => `${live.site.origin}/echo.html${query}`

const leakCase = () => leakRecorder(live)

beforeAll(async () => {
  await live.tool.call({ args: ["open", page()] }) // the browser's first launch, outside the cases
}, 60_000)

const table: Array<string> = []
const expectNoLeak = (name: string, leaked: ReadonlyArray<Channel>) => {
  table.push(`${name}: ${leaked.length === 0 ? "none" : leaked.join(", ")}`)
  console.log(`[leak table] ${table[table.length - 1]}`)
  expect(leaked, name).toEqual([])
}

/** The password field's ref in the latest `snapshot -i` text. */
const passwordRef = (result: ToolResult): string => {
  const ref = /textbox "Password".*?\[ref=(e\d+)\]/.exec(textOf(result))?.[1]
  if (ref === undefined)
    throw new Error(
      `no Password ref in: ${textOf(result).slice(0, 400)} ${JSON.stringify(result.details).slice(0, 1500)}`
    )
  return `@${ref}`
}

describe("secret-leak corpus: pages that echo what is typed", () => {
  it("1. job progress after the password was filled once", async () => {
    const PW = "LEAKE1-Qx9vZ2w7Kp3J"
    const c = leakCase()
    await c.call({ args: ["open", page()] })
    const ref = passwordRef(await c.call({ args: ["snapshot", "-i"] }))
    await c.call({ args: ["fill", ref, PW] })
    const job = await c.call({
      job: {
        steps: [
          { action: "fill", selector: "#pw", text: PW },
          { action: "wait", milliseconds: 50 }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(c.progress[0]).toBe("step 1/2 ✓ fill #pw [REDACTED]")
    expectNoLeak("1 job progress", c.leaks(PW))
  })

  it("2. keystroke echoes of a typed password (console, title, URL, text, storage)", async () => {
    const PW = "LEAKE2-Hm8Rt4Yb6Nc1"
    const c = leakCase()
    await c.call({ args: ["open", page()] })
    const ref = passwordRef(await c.call({ args: ["snapshot", "-i"] }))
    await c.call({ args: ["fill", ref, "LEAKE2F-Ud5Wg7Ls2Va9"] })
    await c.call({ args: ["type", ref, PW] })
    const consoleText = textOf(await c.call({ args: ["console"], outputPath: "echo-console.txt" }))
    expect(consoleText).toMatch(/key \[REDACTED\]LEA$/m) // after the filled value, a typed prefix of 3 characters stays: documented
    await c.call({ args: ["get", "title"] })
    await c.call({ args: ["get", "url"] })
    await c.call({ args: ["get", "text", "#echo"] })
    await c.call({ args: ["eval", "--stdin"], stdin: "localStorage.getItem('typed')" })
    await c.call({ args: ["storage", "local"], outputPath: "echo-storage.json" })
    expectNoLeak("2 keystroke echoes", c.leaks(PW))
  })

  it("3. the ref-snapshot file of a page whose URL carries the typed password", async () => {
    const PW = "LEAKE3-Zk4Pq8Xe3Tf6"
    const c = leakCase()
    await c.call({ args: ["open", page()] })
    const ref = passwordRef(await c.call({ args: ["snapshot", "-i"] }))
    await c.call({ args: ["fill", ref, PW] })
    const snap = await c.call({ args: ["snapshot", "-i"] })
    expect(snap.details.refSnapshot?.path).toBeDefined()
    expect(readFileSync(snap.details.refSnapshot!.path, "utf8")).toContain("typed=")
    expectNoLeak("3 refs file", c.leaks(PW))
  })

  it("4. a summary whose cut falls inside the password", async () => {
    const PW = "LEAKE4-Bj7Cy2Dh9Mw5"
    const c = leakCase()
    await c.call({ args: ["open", page()] })
    const ref = passwordRef(await c.call({ args: ["snapshot", "-i"] }))
    await c.call({ args: ["fill", ref, PW] })
    const text = await c.call({ args: ["get", "text", "body"], outputPath: "echo-body.txt" })
    expect(text.details.summary).toMatch(/^get text: Echo of what was typed.*\[REDACTED\]/)
    expectNoLeak("4 summary cut", c.leaks(PW))
  })
})

describe("refs after a navigation that changed only the query", () => {
  it("5. semanticAction fill falls back to upstream find instead of the previous page's ref", async () => {
    await live.tool.call({ args: ["open", page("?k=one")] })
    await live.tool.call({ args: ["snapshot", "-i"] })
    await live.tool.call({ args: ["open", page("?k=two")] })
    const result = await live.tool.call({
      semanticAction: { action: "fill", locator: "label", value: "Password", text: "xyz" }
    })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.compiledSemanticAction).not.toHaveProperty("resolvedRef")
    expect(valueOf(await live.tool.call({ args: ["get", "value", "#pw"] }))).toBe("[REDACTED]")
  })

  it("a semanticAction fill still runs on the ref when the snapshot is proven current", async () => {
    await live.tool.call({ args: ["open", page()] })
    const ref = passwordRef(await live.tool.call({ args: ["snapshot", "-i"] }))
    const result = await live.tool.call({
      semanticAction: { action: "fill", locator: "label", value: "Password", text: "xyz" }
    })
    expect(result.isError, textOf(result)).toBe(false)
    expect(result.details.compiledSemanticAction).toMatchObject({ resolvedRef: ref })
  })

  it("a job step using a ref of the previous page is refused before it runs", async () => {
    await live.tool.call({ args: ["open", page("?k=one")] })
    const ref = passwordRef(await live.tool.call({ args: ["snapshot", "-i"] }))
    await live.tool.call({ args: ["open", page("?k=two")] })
    const result = await live.tool.call({ job: { steps: [{ action: "fill", selector: ref, text: "abc" }] } })
    expect(result.details.failureCategory).toBe("stale-ref")
    expect(textOf(result)).toContain("navigated since (open)")
  })
})
