/**
 * Loss of a browser the session is attached to over CDP, detected without local process ids: a second Chromium
 * started by the test with a debugging port stands in for a pool. Killed between calls and replaced behind the same
 * port (what a pool does), the next page read says the loss instead of a silent `about:blank` success, and the offered
 * reopen works; killed with nothing behind the port, the loss is said and the offered browser of the tool's own works.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { okText, textOf } from "../support/harness.js"
import { chromiumPath, HEADLESS_CHROMIUM_FLAGS } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"
import { survivors } from "../support/faults.js"

const live = liveWorld()
const pools: Array<ChildProcess> = []

const freePort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const port = (server.address() as { port: number }).port
  await new Promise((r) => server.close(r))
  return port
}

/** A Chromium on `port` in its own process group (a profile inside the world, so the world's teardown sees it). */
const startPool = async (port: number): Promise<ChildProcess> => {
  const child = spawn(
    chromiumPath() ?? "chromium",
    [
      ...HEADLESS_CHROMIUM_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${join(live.world.root, `pool-${pools.length}`)}`,
      "about:blank"
    ],
    { detached: true, stdio: "ignore" }
  )
  pools.push(child)
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return child
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`the stand-in pool browser on ${port} did not answer`)
}

/** Ends a stand-in browser and every process of its group. */
const stopPool = async (child: ChildProcess | undefined) => {
  if (child?.pid === undefined) return
  try {
    process.kill(-child.pid, "SIGKILL")
  } catch {
    // already gone
  }
  expect(await survivors([child.pid])).toEqual([])
}

afterAll(async () => {
  for (const child of pools) await stopPool(child)
})

const follow = (result: ToolResult) => live.tool.call(result.details.nextActions?.[0]?.params)

describe("a browser attached over CDP (a pool stand-in)", () => {
  let port = 0
  const good = () => `${live.site.origin}/index.html`

  it("replaced behind its endpoint between calls: the read says the loss, the offered reopen and a plain open work", async () => {
    port = await freePort()
    await startPool(port)
    okText(await live.tool.call({ args: ["--cdp", String(port), "open", good()] }))
    okText(await live.tool.call({ args: ["snapshot", "-i"] }))

    await stopPool(pools.at(-1))
    await startPool(port)
    const lost = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(lost.isError, textOf(lost)).toBe(true)
    expect(textOf(lost)).not.toContain("Snapshot of about:blank")
    expect(textOf(lost)).toContain("was lost since the last call: another browser answers")
    expect(lost.details.nextActions?.[0]?.id).toBe("reopen-lost-page")
    const reopened = await follow(lost)
    okText(reopened)
    expect(textOf(reopened)).toContain("Acme Sign-in")

    await stopPool(pools.at(-1))
    await startPool(port)
    const opened = await live.tool.call({ args: ["open", good()] })
    okText(opened)
    expect(opened.details.recovery?.kind).toBe("attached-browser-replaced")
    expect(textOf(opened)).toContain("Recovered: the browser session")
    okText(await live.tool.call({ args: ["get", "title"] }))
  }, 300_000)

  it("gone with nothing behind its endpoint: the loss is said, and the offered browser of the tool's own works", async () => {
    await stopPool(pools.at(-1))
    const lost = await live.tool.call({ args: ["get", "url"] })
    expect(lost.isError).toBe(true)
    expect(textOf(lost)).toContain("nothing answers at its DevTools endpoint")
    expect(lost.details.nextActions?.[0]).toMatchObject({
      id: "retry-with-fresh-session",
      params: { sessionMode: "fresh", args: ["open", good()] }
    })
    const own = await follow(lost)
    okText(own)
    expect(textOf(own)).toContain("Acme Sign-in")
  }, 300_000)
})
