/**
 * The stale-ref matrix against the real agent-browser: every way a ref can outlive its element is refused before
 * upstream acts, and nothing happens on the page. The allowed form batch still runs.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { makeHarness, textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

const refOf = (snapshot: string, role: string, name: string): string => {
  const m = new RegExp(`${role} "${name}" \\[[^\\]]*ref=(e\\d+)\\]`).exec(snapshot)
  if (m?.[1] === undefined) throw new Error(`no ${role} "${name}" in ${snapshot}`)
  return `@${m[1]}`
}

const out = async () => valueOf(await live.tool.call({ args: ["get", "text", "#out"] }))
// the whole tree each time (refs are read from this text alone; a repeat would otherwise be a delta)
const snap = async () => textOf(await live.tool.call({ args: ["snapshot", "-i", "--full"] }))

describe("stale-ref preflight", () => {
  it("refuses a ref from a page that has since been replaced by open", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const save = refOf(await snap(), "button", "Save")
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const result = await live.tool.call({ args: ["click", save] })
    expect(result.details.failureCategory).toBe("stale-ref")
    expect(result.details.error).toContain("came from")
    expect(result.details.nextActions?.[0]?.id).toBe("refresh-interactive-refs")
    expect(valueOf(await live.tool.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
  })

  it("refuses a ref after a click that navigated", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const snapshot = await snap()
    const save = refOf(snapshot, "button", "Save")
    const clicked = await live.tool.call({ args: ["click", refOf(snapshot, "link", "About")] })
    expect(clicked.details.navigationSummary?.title).toBe("About Acme")
    const result = await live.tool.call({ args: ["click", save] })
    expect(result.details.failureCategory).toBe("stale-ref")
    expect(valueOf(await live.tool.call({ args: ["get", "title"] }))).toBe("About Acme")
  })

  it("refuses a ref absent from the latest snapshot of the same page", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const first = await snap()
    const danger = refOf(first, "button", "Delete account")
    await live.tool.call({ args: ["click", refOf(first, "button", "Remove danger")] })
    const second = await snap()
    expect(second).not.toContain("Delete account")
    const result = await live.tool.call({ args: ["click", danger] })
    expect(result.details.failureCategory).toBe("stale-ref")
    expect(result.details.error).toContain("not in the latest snapshot")
    expect(await out()).toBe("nothing clicked")
  })

  it("refuses a ref from before a daemon restart, whose id a new daemon has handed out again", async () => {
    const fresh = makeHarness(live.world, "pi-restart")
    try {
      await fresh.call({ args: ["open", `${live.site.origin}/form.html`] })
      const before = textOf(await fresh.call({ args: ["snapshot", "-i"] }))
      const save = refOf(before, "button", "Save")
      const session = (await fresh.call({ args: ["get", "url"] })).details.sessionName ?? ""
      const pid = Number(readFileSync(join(live.world.config.socketDir, `${session}.pid`), "utf8"))
      process.kill(pid, "SIGTERM")
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(pid, 0)
          await new Promise((r) => setTimeout(r, 100))
        } catch {
          break
        }
      }
      // The new daemon numbers refs from e1 again, so the old id is live again; the snapshot runs outside the
      // tool, so the wrapper still holds the old daemon's refs, exactly as after an unnoticed restart.
      // the lost daemon is said (never a silent success): the open runs in a relaunched browser and says so
      const lost = await fresh.call({ args: ["open", `${live.site.origin}/form.html`] })
      expect(lost.isError, textOf(lost)).toBe(false)
      expect(textOf(lost)).toMatch(/Recovered: .*was lost since the last call/)
      const renumbered = live.world.raw(["--session", session, "snapshot", "-i"])
      expect(renumbered).toContain(`ref=${save.slice(1)}`)
      const result = await fresh.call({ args: ["click", save] })
      expect(result.details.failureCategory).toBe("stale-ref")
      expect(result.details.error).toContain("restarted")
      expect(valueOf(await fresh.call({ args: ["get", "text", "#out"] }))).toBe("nothing clicked")
    } finally {
      await fresh.closeOwned()
      await fresh.dispose()
    }
  })

  it("allows a same-snapshot form batch ending in a click, and refuses refs after a page-changing step", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const snapshot = await snap()
    const ok = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["check", refOf(snapshot, "checkbox", "Gift wrap")],
        ["fill", refOf(snapshot, "textbox", "Name"), "Ada"],
        ["click", refOf(snapshot, "button", "Save")]
      ])
    })
    expect(ok.isError).toBe(false)
    expect(await out()).toBe("safe clicked")
    const fresh = await snap()
    const blocked = await live.tool.call({
      args: ["batch"],
      stdin: JSON.stringify([
        ["click", refOf(fresh, "link", "About")],
        ["click", refOf(fresh, "button", "Delete account")]
      ])
    })
    expect(blocked.details.failureCategory).toBe("stale-ref")
    expect(blocked.details.error).toContain("batch step 2")
    expect(valueOf(await live.tool.call({ args: ["get", "title"] }))).toBe("Checkout")
    expect(await out()).toBe("safe clicked")
  })
})
