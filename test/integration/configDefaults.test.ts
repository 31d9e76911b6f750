/**
 * Config-file browser defaults against the real agent-browser (W6): the session's first launch uses them, says so,
 * and the browser it starts enforces them; later calls re-send them, so nothing relaunches.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, textOf } from "../support/harness.js"
import { type LiveEnv, makeLiveEnv, REPO, TEST_MARKER } from "../support/liveEnv.js"

const configDir = mkdtempSync(join(tmpdir(), TEST_MARKER))
const configFile = join(configDir, "config.json")
let world: LiveEnv
let site: StaticServer
let tool: Harness

beforeAll(async () => {
  writeFileSync(configFile, JSON.stringify({ browser: { allowedDomains: "127.0.0.1" } }))
  world = makeLiveEnv({}, { PI_AGENT_BROWSER_CONFIG: configFile })
  site = await startStaticServer(join(REPO, "fixtures/site"))
  tool = makeHarness(world)
})

afterAll(async () => {
  await tool.closeOwned()
  await tool.dispose()
  await site.close()
  await world.dispose()
  rmSync(configDir, { recursive: true, force: true })
})

describe("configured browser defaults", () => {
  it("go into the first launch, whose browser enforces them", async () => {
    const url = `${site.origin}/index.html`
    const first = await tool.call({ args: ["open", url] })
    expect(first.isError).toBe(false)
    expect(textOf(first)).toContain(
      `Launched with configured browser defaults (${configFile}): --allowed-domains 127.0.0.1.`
    )
    expect(first.details.managedSession?.launchFlags).toEqual(["--allowed-domains", "127.0.0.1"])
    expect(first.details.nextActions?.some((a) => a.id === "retry-with-fresh-session")).toBe(false)

    const blocked = await tool.call({ args: ["open", site.origin.replace("127.0.0.1", "localhost") + "/about.html"] })
    expect(blocked.isError).toBe(true)
    expect(blocked.details.failureCategory).toBe("policy-blocked")
    const still = await tool.call({ args: ["get", "url"] })
    expect(textOf(still)).toBe(url)
    expect(textOf(still)).not.toContain("configured browser defaults")
  })
})
