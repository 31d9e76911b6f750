/** Failure categories against the real agent-browser: each failure is typed, explained, and actionable. */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { makeHarness, textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
})

describe("upstream failures are classified", () => {
  it("a ref from a previous page is stale-ref with a refresh next action", async () => {
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    const ref = /textbox "Email" \[ref=(e\d+)\]/.exec(textOf(snap))?.[1]
    expect(ref).toBeDefined()
    await live.tool.call({ args: ["open", `${live.site.origin}/about.html`] })
    const result = await live.tool.call({ args: ["fill", `@${ref}`, "x"] })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("stale-ref")
    expect(textOf(result)).toMatch(new RegExp(`^Failed \\(stale-ref\\): Ref @${ref} is stale`))
    expect(result.details.nextActions?.[0]).toMatchObject({
      id: "refresh-interactive-refs",
      params: { args: ["--session", result.details.sessionName, "snapshot", "-i"] }
    })
  })

  it("a missing element is selector-not-found", async () => {
    const result = await live.tool.call({ args: ["click", "#nope"] })
    expect(result.details.failureCategory).toBe("selector-not-found")
    expect(result.details.error).toContain("Element not found: #nope")
  })

  it("a Playwright-only selector is selector-unsupported", async () => {
    const result = await live.tool.call({ args: ["click", "text=Home"] })
    expect(result.details.failureCategory).toBe("selector-unsupported")
    expect(textOf(result)).toContain("find role|text|label")
  })

  it("other upstream errors keep upstream's message", async () => {
    const result = await live.tool.call({ args: ["tab", "t99"] })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("upstream-error")
    expect(result.details.error).toContain("Tab t99 not found")
    expect(result.details.exitCode).toBe(1)
  })

  it("an unknown command is an upstream-error with the CLI's own text", async () => {
    const result = await live.tool.call({ args: ["frobnicate"] })
    expect(result.details.failureCategory).toBe("upstream-error")
    expect(result.details.error).toBe("Unknown command: frobnicate")
  })

  it("an upstream wait that gives up is a timeout", async () => {
    const result = await live.tool.call({ args: ["wait", "#never", "--timeout", "500"] })
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.error).toContain("timed out")
  })

  it("the watchdog ends a call that outlives timeoutMs", async () => {
    const started = Date.now()
    const result = await live.tool.call({ args: ["wait", "4000"], timeoutMs: 1000 })
    expect(result.details.failureCategory).toBe("timeout")
    expect(result.details.timedOut).toBe(true)
    expect(result.details.timeoutMs).toBe(1000)
    expect(Date.now() - started).toBeLessThan(3900)
    expect(result.details.nextActions?.[0]?.id).toBe("inspect-current-page-after-timeout")
  })

  it("pi's abort signal ends the call as aborted", async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    const started = Date.now()
    const result = await live.tool.call({ args: ["wait", "4000"] }, { signal: controller.signal })
    expect(result.details.failureCategory).toBe("aborted")
    expect(Date.now() - started).toBeLessThan(3900)
  })

  it("a held action is decided by the human through pi's UI, never by the model", async () => {
    const base = ["--session", "confirming", "--confirm-actions", "navigate"]
    await live.tool.call({ args: [...base, "get", "url"] })
    const asked: Array<string> = []
    const approved = await live.tool.call(
      { args: [...base, "open", `${live.site.origin}/about.html`] },
      {
        approve: async (request) => {
          asked.push(request.title)
          return true
        }
      }
    )
    expect(asked).toEqual(["Allow the browser to navigate?"])
    expect(approved.isError).toBe(false)
    expect(textOf(approved)).toContain("Approved by the user: navigate.")
    expect(approved.details.approval).toMatchObject({ action: "navigate", asked: true, approved: true })
    expect(textOf(await live.tool.call({ args: [...base, "get", "title"] }))).toBe(
      `About Acme\n(from ${live.site.origin})`
    )

    const declined = await live.tool.call(
      { args: [...base, "open", `${live.site.origin}/index.html`] },
      { approve: async () => false }
    )
    expect(declined.details.failureCategory).toBe("confirmation-required")
    expect(declined.details.approval).toMatchObject({ asked: true, approved: false })
    expect(textOf(await live.tool.call({ args: [...base, "get", "title"] }))).toBe(
      `About Acme\n(from ${live.site.origin})`
    )

    const noUi = await live.tool.call({ args: [...base, "open", `${live.site.origin}/index.html`] })
    expect(noUi.details.failureCategory).toBe("confirmation-required")
    expect(noUi.details.approval).toMatchObject({ asked: false, approved: false })
    expect((noUi.details.nextActions ?? []).map((n) => n.id)).not.toContain("confirm-pending-action")
    expect(textOf(noUi)).toContain("no UI to ask")
    expect(textOf(await live.tool.call({ args: [...base, "get", "title"] }))).toBe(
      `About Acme\n(from ${live.site.origin})`
    )
    await live.tool.call({ args: [...base, "close"] })
  })
})

describe("the binary itself", () => {
  it("missing from PATH is missing-binary with install guidance", async () => {
    const noBinary = makeHarness({
      ...live.world,
      config: { ...live.world.config, env: { ...live.world.config.env, PATH: "/usr/bin:/bin" } }
    })
    try {
      const result = await noBinary.call({ args: ["get", "url"] })
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("missing-binary")
      const text = textOf(result)
      expect(text).toContain("agent-browser was not found on PATH")
      expect(text).toContain("not bundled")
      expect(text).toContain("npm install -g agent-browser@0.41")
    } finally {
      await noBinary.dispose()
    }
  })

  it("outside the supported version range fails clearly", async () => {
    const bin = join(live.world.root, "oldbin")
    mkdirSync(bin, { recursive: true })
    writeFileSync(join(bin, "agent-browser"), "#!/bin/sh\necho 'agent-browser 0.40.3'\n")
    chmodSync(join(bin, "agent-browser"), 0o755)
    const old = makeHarness({
      ...live.world,
      config: { ...live.world.config, env: { ...live.world.config.env, PATH: `${bin}:/usr/bin:/bin` } }
    })
    try {
      const result = await old.call({ args: ["get", "url"] })
      expect(result.details.failureCategory).toBe("missing-binary")
      expect(textOf(result)).toContain("agent-browser 0.40.3 is installed, but this tool supports >=0.41.0 <0.42.0")
    } finally {
      await old.dispose()
    }
  })
})
