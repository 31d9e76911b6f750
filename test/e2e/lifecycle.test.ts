/**
 * pi lifecycle through the SDK, in process, on the oldest and the newest pi the tests run (0.87.1 and 1.6.0; the
 * driver, scripts/lib/sdkLifecycle.mjs, runs under node 24 as pi needs): reload keeps following the same browser,
 * moving to an older point of the session tree restores that branch's managed session, and disposing the session
 * (quit) leaves no agent-browser daemon, Chromium or private temp dir behind.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PI_NODE, PI_OLDEST_AND_NEWEST, piEnv, REPO } from "../../scripts/lib/runPi.mjs"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { TEST_MARKER } from "../support/liveEnv.js"
import { processesMentioning } from "../support/processes.js"

let site: StaticServer
const roots: Array<string> = []

beforeAll(async () => {
  site = await startStaticServer(join(REPO, "fixtures/site"))
})

afterAll(async () => {
  await site?.close()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** The driver's run: its exit code, stderr, and what it saw (its last stdout line). */
const drive = (piDir: string, root: string) =>
  new Promise<{ code: number | null; stderr: string; seen: Record<string, any> | undefined }>((resolve, reject) => {
    const env = piEnv(root, { PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR: join(root, "session-artifacts") })
    const child = spawn(PI_NODE, [join(REPO, "scripts/lib/sdkLifecycle.mjs"), piDir, site.origin, root], {
      cwd: join(root, "home"),
      env,
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d) => (stdout += d))
    child.stderr.on("data", (d) => (stderr += d))
    child.on("error", reject)
    child.on("close", (code) => {
      const last = stdout.trim().split("\n").at(-1) ?? ""
      resolve({ code, stderr, seen: last.startsWith("{") ? JSON.parse(last) : undefined })
    })
  })

describe.each(PI_OLDEST_AND_NEWEST)("pi %s lifecycle (SDK)", (_version, cli) => {
  it("reload follows the same browser, the tree restores a branch's managed session, dispose cleans up", async () => {
    const root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}sdk-`))
    roots.push(root)
    // the package folder of this pi (its CLI is <package>/dist/bundle/cli.js)
    const { code, stderr, seen } = await drive(dirname(dirname(dirname(cli))), root)
    expect(code, stderr).toBe(0)
    expect(seen, stderr).toBeDefined()
    expect(seen?.["spillBefore"]).toBe(true)
    const first = seen?.["first"]
    expect(first.resultCategory).toBe("success")
    expect(seen?.["refSnapshot"]).toMatchObject({ session: first.sessionName, refCount: 5 })
    expect(seen?.["spillAfterReload"]).toBe(true) // a spill path from before the reload still opens after it
    // the branch's refs came back with the reload: a ref that snapshot never had is refused before upstream runs
    expect(seen?.["madeUpRef"]).toContain("not in the latest snapshot")
    expect(seen?.["afterReload"]).toEqual({ sessionName: first.sessionName, text: `${site.origin}/index.html` })
    expect(seen?.["fresh"]).not.toBe(first.sessionName)
    // back on the old branch: its managed session and its ref map (the guard judges refs against its snapshot)
    expect(seen?.["branch"].sessionName).toBe(first.sessionName)
    expect(seen?.["branch"].staleRef).toMatch(/not in the latest snapshot|came from/)
    expect(seen?.["extensionErrors"]).toEqual([])
    expect(seen?.["artifactsLeft"]).toEqual([])
    let left = processesMentioning(root)
    for (let i = 0; i < 20 && left.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 200))
      left = processesMentioning(root)
    }
    expect(left).toEqual([])
  }, 120_000)
})
