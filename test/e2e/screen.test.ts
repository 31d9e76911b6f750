/**
 * What the person sees in real pi's terminal UI (0.87.1, and 1.6.0 whose components' `render()` returns a shared
 * readonly array, both on node 24; scripted faux model, real Chromium), driven in tmux at 80 columns: a failing call's
 * category in words and its next step are on screen (wrapped, not cut), no internal category ids on the result lines,
 * and `/agent-browser-doctor`'s report stays on screen as a message.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PI_NODE, PI_OLDEST_AND_NEWEST, piArgs, piEnv, REPO } from "../../scripts/lib/runPi.mjs"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { TEST_MARKER } from "../support/liveEnv.js"

const WIDTH = 80
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let site: StaticServer

beforeAll(async () => {
  if (spawnSync("tmux", ["-V"]).status !== 0)
    throw new Error("tmux not found: install tmux (npm test installs it on Debian as root)")
  if (!existsSync(join(REPO, "dist/extension.js"))) throw new Error("run `npm run build` first (npm test does)")
  site = await startStaticServer(join(REPO, "fixtures/site"))
})

afterAll(async () => {
  await site?.close()
})

it("runs the oldest and the newest pi", () => expect(PI_OLDEST_AND_NEWEST.map(([v]) => v)).toEqual(["0.87.1", "1.6.0"]))

describe.each(PI_OLDEST_AND_NEWEST)(`pi %s's terminal at ${WIDTH} columns`, (version, cli) => {
  const server = `${TEST_MARKER}tui-${version}`
  const tmux = (...args: ReadonlyArray<string>) => execFileSync("tmux", ["-L", server, ...args], { encoding: "utf8" })
  let root: string
  let screen = ""

  /** The pane's text, scrollback included. */
  const capture = () => tmux("capture-pane", "-p", "-t", "pi", "-S", "-400")

  const waitFor = async (pattern: RegExp, timeoutMs: number): Promise<string> => {
    const until = Date.now() + timeoutMs
    let text = capture()
    while (!pattern.test(text) && Date.now() < until) {
      await sleep(1000)
      text = capture()
    }
    return text
  }

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}tui-`))
    const script = join(root, "script.json")
    writeFileSync(
      script,
      JSON.stringify([
        { tool: "agent_browser", args: { args: ["open", `${site.origin}/index.html`] } },
        { tool: "agent_browser", args: { args: ["click", "@e99"] } },
        { text: "first turn done" },
        { text: "second turn done" }
      ])
    )
    const env = piEnv(root, { FAUX_SCRIPT: script, TERM: "xterm-256color" })
    const argv = [PI_NODE, ...piArgs(cli, ["Sign in"])]
    const launcher = join(root, "launch.sh")
    const quoted = (s: string) => `'${s.replaceAll("'", "'\\''")}'`
    writeFileSync(
      launcher,
      `#!/bin/sh\n${Object.entries(env)
        .map(([k, v]) => `export ${k}=${quoted(String(v))}`)
        .join("\n")}\ncd ${quoted(join(root, "home"))}\nexec ${argv.map(quoted).join(" ")}\n`,
      { mode: 0o755 }
    )
    tmux("new-session", "-d", "-s", "pi", "-x", String(WIDTH), "-y", "50", launcher)
    screen = await waitFor(/first turn done/, 240_000)
  }, 300_000)

  afterAll(async () => {
    try {
      tmux("send-keys", "-t", "pi", "C-d")
      for (let i = 0; i < 60 && spawnSync("tmux", ["-L", server, "has-session", "-t", "pi"]).status === 0; i++)
        await sleep(500)
    } finally {
      spawnSync("tmux", ["-L", server, "kill-server"])
      if (root !== undefined) rmSync(root, { recursive: true, force: true })
    }
  }, 60_000)

  it("a failing call shows what went wrong in words and its next step, wrapped, not cut", () => {
    expect(screen, screen).toContain("first turn done")
    expect(screen).toContain("✓ Opened Acme Sign-in")
    // our renderer wraps at the width: read the screen as running text, the whole next step is there
    const text = screen.replace(/\s+/g, " ")
    expect(text).toMatch(/✗ Outdated element reference: [^✓✗]*e99/)
    expect(text).toMatch(/Next: [^✓✗]+→ agent_browser snapshot -i/)
    for (const line of screen.split("\n")) expect(line.trimEnd().length).toBeLessThanOrEqual(WIDTH)
    expect(screen).toContain("ctrl+o to expand")
    expect(screen).not.toMatch(/✗ stale-ref|\(artifact-saved\)/)
  })

  it("/agent-browser-doctor leaves its report in the session, on screen after the next turn, and no file behind", async () => {
    tmux("send-keys", "-t", "pi", "-l", "/agent-browser-doctor")
    tmux("send-keys", "-t", "pi", "Enter")
    const report = await waitFor(/configured sources/, 180_000)
    expect(report, report).toContain("agent-browser doctor")
    expect(report).toMatch(/✓ browser [^\n]* starts/)
    tmux("send-keys", "-t", "pi", "-l", "go on")
    tmux("send-keys", "-t", "pi", "Enter")
    const after = await waitFor(/second turn done/, 120_000)
    expect(after).toContain("second turn done")
    expect(after).toContain("agent-browser doctor")
    expect(readdirSync(join(root, "sock")).filter((f) => f.startsWith("doctor-"))).toEqual([])
  }, 320_000)
})
