// Fault recovery benchmark (not a test): each fault of issue #25 injected into a fresh world against the real
// agent-browser and Chromium, printing one table row per fault: the fault's own result, the first offered next action
// followed (its category and time), and a plain call afterwards (its category and time), plus what the tool
// recovered and how long the recovery took. FAULTS_DIST points at another build's effect.js to compare (e.g. main's).
//   npm run bench:faults                   FAULTS_DIST=/path/to/dist/effect.js node scripts/bench-faults.mjs
import { spawn } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { piEnv, REPO } from "./lib/runPi.mjs"
import { startStaticServer } from "./lib/staticServer.mjs"

const dist = resolve(process.env.FAULTS_DIST ?? join(REPO, "dist/effect.js"))
const { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } = await import(
  pathToFileURL(dist).href
)
const site = await startStaticServer(join(REPO, "fixtures/site"))
const good = `${site.origin}/index.html`
const text = (r) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
const outcome = (r) => (r.isError ? r.details.failureCategory : "success")
const read = (p) => {
  try {
    return readFileSync(p, "utf8")
  } catch {
    return ""
  }
}
const freePort = async () => {
  const server = createServer()
  await new Promise((r) => server.listen(0, "127.0.0.1", r))
  const port = server.address().port
  await new Promise((r) => server.close(r))
  return port
}
/** The session's browser group (the daemon's child with --user-data-dir, and its group). */
const browserGroup = (socketDir, session) => {
  const daemon = Number(read(join(socketDir, `${session}.pid`)).trim())
  const stats = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      const t = read(`/proc/${pid}/stat`)
      const f = t.slice(t.lastIndexOf(")") + 2).split(" ")
      return { pid: Number(pid), state: f[0], ppid: Number(f[1]), pgid: Number(f[2]) }
    })
  const child = stats.find((s) => s.ppid === daemon && read(`/proc/${s.pid}/cmdline`).includes("--user-data-dir"))
  return child === undefined ? [] : stats.filter((s) => s.pgid === child.pgid && s.state !== "Z").map((s) => s.pid)
}
const killAll = (pids) => {
  for (const pid of pids)
    try {
      process.kill(pid, "SIGKILL")
    } catch {}
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const world = async (run) => {
  const root = mkdtempSync(join(tmpdir(), "piab-faults-"))
  const config = configFromEnv(piEnv(root))
  const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
  const call = async (input) => {
    const t0 = Date.now()
    const r = await runtime.runPromise(runToResult(input, { piSessionId: "faults", cwd: root }))
    return { r, ms: Date.now() - t0 }
  }
  try {
    return await run(call, config, root)
  } finally {
    await runtime.runPromise(closeOwnedBrowser()).catch(() => undefined)
    await runtime.dispose()
    rmSync(root, { recursive: true, force: true })
  }
}

/** Runs the fault, follows its first next action, then the plain call. */
const row = async (name, call, fault, plain) => {
  const f = await fault()
  const next = f.r.details.nextActions?.[0]
  const followed = next?.params !== undefined ? await call(next.params) : undefined
  const after = await plain()
  return {
    name,
    fault: `${outcome(f.r)} (${f.ms} ms)`,
    said: text(f.r).split("\n")[0].slice(0, 90),
    next: followed === undefined ? "(none)" : `${next.id}: ${outcome(followed.r)} (${followed.ms} ms)`,
    plain: `${outcome(after.r)} (${after.ms} ms)`,
    recovered:
      f.r.details.recovery !== undefined ? `${f.r.details.recovery.kind} (${f.r.details.recovery.durationMs} ms)` : "-"
  }
}

const rows = []
rows.push(
  await world(async (call) => {
    await call({ args: ["open", good] })
    return row(
      "hung navigation (timeoutMs 3000)",
      call,
      () => call({ args: ["open", `${site.origin}/hang`], timeoutMs: 3000 }),
      () => call({ args: ["open", good] })
    )
  })
)
rows.push(
  await world(async (call) => {
    await call({ args: ["open", good] })
    const port = await freePort()
    return row(
      "refused connection",
      call,
      () => call({ args: ["open", `http://127.0.0.1:${port}/`] }),
      () => call({ args: ["get", "title"] })
    )
  })
)
rows.push(
  await world(async (call, config) => {
    const first = await call({ args: ["open", good] })
    const session = first.r.details.sessionName
    const results = []
    for (const args of [
      ["open", good],
      ["tab", "new"],
      ["open", good]
    ]) {
      killAll(browserGroup(config.socketDir, session))
      await sleep(500)
      results.push(await call({ args }))
    }
    const title = await call({ args: ["get", "title"] })
    return {
      name: "browser SIGKILLed x3 (open, tab new, open)",
      fault: results.map((x) => `${outcome(x.r)} (${x.ms} ms)`).join(", "),
      next: "-",
      plain: `get title: ${outcome(title.r)}; browser after: ${browserGroup(config.socketDir, session).length > 0 ? "yes" : "no"}`,
      recovered: results.map((x) => x.r.details.recovery?.kind ?? "-").join(", ")
    }
  })
)
rows.push(
  await world(async (call) => {
    await call({ args: ["open", good] })
    const flag = await call({ args: ["open", good, "--no-such-flag"] })
    const depth = await call({ args: ["snapshot", "--depth", "abc"] })
    const selector = await call({ args: ["get", "text", "$(rm -rf /)"] })
    return {
      name: "--no-such-flag / --depth abc / get text $(rm -rf /)",
      fault: [flag, depth, selector].map((x) => `${outcome(x.r)} (${x.ms} ms)`).join(", "),
      next: "-",
      plain: "-",
      recovered: "-"
    }
  })
)
rows.push(
  await world(async (call, _config, root) => {
    const port = await freePort()
    const pool = async (n) => {
      const child = spawn(
        process.env.AGENT_BROWSER_EXECUTABLE_PATH ?? "/usr/bin/chromium",
        [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--no-first-run",
          `--remote-debugging-port=${port}`,
          `--user-data-dir=${join(root, `pool-${n}`)}`,
          "about:blank"
        ],
        { detached: true, stdio: "ignore" }
      )
      for (let i = 0; i < 300; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break
        } catch {}
        await sleep(200)
      }
      return child
    }
    let child = await pool(0)
    await call({ args: ["--cdp", String(port), "open", good] })
    try {
      process.kill(-child.pid, "SIGKILL")
    } catch {}
    await sleep(500)
    child = await pool(1)
    try {
      const result = await row(
        "attached (CDP) browser replaced",
        call,
        () => call({ args: ["snapshot", "-i"] }),
        () => call({ args: ["open", good] })
      )
      return { ...result, fault: `${result.fault}: "${result.said}"` }
    } finally {
      try {
        process.kill(-child.pid, "SIGKILL")
      } catch {}
    }
  })
)

console.log(`build: ${dist}\n`)
console.log("| fault | the fault's result | first next action followed | plain call after | recovered (time) |")
console.log("| --- | --- | --- | --- | --- |")
for (const r of rows) console.log(`| ${r.name} | ${r.fault} | ${r.next} | ${r.plain} | ${r.recovered} |`)
await site.close()
