/**
 * Contract next-action ids and details the real agent-browser 0.41.2 leads to (issue #14): getters given as
 * commands (`title`, `url`: upstream's `unknown_command`), a `wait --text` that times out, and the manifest's
 * retention summary after a real screenshot.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { CHROMIUM_ARGS } from "../support/liveEnv.js"
import { liveWorld } from "../support/liveWorld.js"
import { nextIds } from "../support/nextActions.js"

const live = liveWorld()
const out = mkdtempSync(join(tmpdir(), "contract-ids-"))
// retried: a browser's last children may still be writing into its profile here as the file ends
afterAll(() => rmSync(out, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }))

describe("contract ids on the real binary", () => {
  it("title / url as commands fail with use-get-title / use-get-url; the suggested get title answers", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/about.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const title = await live.tool.call({ args: ["title"] })
    expect(title.isError).toBe(true)
    expect(textOf(title)).toContain("Getters are grouped under get: get title.")
    expect(nextIds(title)).toEqual(["use-get-title"])
    const suggested = title.details.nextActions?.[0]?.params?.args ?? []
    const got = await live.tool.call({ args: [...suggested] })
    expect(got.isError, textOf(got)).toBe(false)
    const url = await live.tool.call({ args: ["url"] })
    expect(nextIds(url)).toEqual(["use-get-url"])
  })

  it("wait --text that never appears → inspect-after-text-assertion-failure (a plain snapshot)", async () => {
    const waited = await live.tool.call({ args: ["wait", "--text", "no such words anywhere", "--timeout", "1500"] })
    expect(waited.isError).toBe(true)
    expect(waited.details.failureCategory).toBe("timeout")
    expect(nextIds(waited)).toEqual(["inspect-after-text-assertion-failure"])
    expect(waited.details.nextActions?.[0]?.params?.args?.slice(2)).toEqual(["snapshot"])
  })

  it("a screenshot's manifest row comes with artifactRetentionSummary", async () => {
    const path = join(out, "shot.png")
    const shot = await live.tool.call({ args: ["screenshot", path] })
    expect(shot.isError, textOf(shot)).toBe(false)
    expect(existsSync(path)).toBe(true)
    expect(shot.details.artifactManifest?.entries.map((e) => e.path)).toContain(path)
    expect(shot.details.artifactRetentionSummary).toMatch(
      /^\d+ live, 0 evicted, \d+ ephemeral, 0 missing artifact\(s\) in the session manifest$/
    )
  })
})

describe("wait-for-download's recovery on the real binary", () => {
  it("after a plain click started a download, the suggested wait --download <path> saves it there", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/download.html`] })
    const clicked = await live.tool.call({ args: ["click", "#dl"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    const path = join(out, "report.txt")
    const waited = await live.tool.call({ args: ["wait", "--download", path, "--timeout", "5000"] })
    expect(waited.isError, textOf(waited)).toBe(false)
    expect(existsSync(path)).toBe(true)
    expect(waited.details.artifactVerification?.verified).toBe(true)
  })
})

describe("comboboxFocus on the real binary", () => {
  it("a click on a combobox ref that only focuses it → comboboxFocus and the open-it actions; ArrowDown opens it; a plain button is not judged", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/combobox-focus.html`] })
    const snap = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const combo = /combobox "Fruit" \[[^\]]*ref=(e\d+)/.exec(snap)?.[1]
    expect(combo, snap).toBeDefined()
    const clicked = await live.tool.call({ args: ["click", `@${combo}`] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(clicked.details.comboboxFocus).toMatchObject({
      reason: "focused-combobox-without-visible-options",
      activeElement: { role: "combobox", tag: "input", expanded: "false", hasPopup: "listbox", name: "Fruit" },
      visibleListboxCount: 0,
      visibleOptionCount: 0
    })
    expect(textOf(clicked)).toContain("Combobox diagnostic: focused combobox did not expose visible options")
    const comboIds = nextIds(clicked).filter((id) => id.includes("combobox"))
    expect(comboIds).toEqual([
      "inspect-focused-combobox",
      "try-open-combobox-with-arrow",
      "try-open-combobox-with-enter"
    ])
    const arrow = clicked.details.nextActions?.find((a) => a.id === "try-open-combobox-with-arrow")?.params?.args ?? []
    expect((await live.tool.call({ args: [...arrow] })).isError).toBe(false)
    expect(textOf(await live.tool.call({ args: ["snapshot", "-i"] }))).toMatch(/option "Apple"/)
    const plain = /button "Plain button" \[[^\]]*ref=(e\d+)/.exec(
      textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    )?.[1]
    const other = await live.tool.call({ args: ["click", `@${plain}`] })
    expect(other.details.comboboxFocus).toBeUndefined()
  })
})

describe("a dialog that hangs the page on the real binary", () => {
  it("a dialog-like eval that times out → inspect/dismiss, then recover-fresh-session-after-dialog-timeout reopening the page", async () => {
    const url = `${live.site.origin}/dialog.html`
    await live.tool.call({ args: ["open", url] })
    const hung = await live.tool.call({
      args: ["--no-auto-dialog", "eval", "confirm('Delete the draft?')"],
      timeoutMs: 3000
    })
    expect(hung.isError, textOf(hung)).toBe(true)
    expect(hung.details.failureCategory).toBe("timeout")
    expect(nextIds(hung).slice(0, 3)).toEqual([
      "inspect-dialog-after-timeout",
      "dismiss-dialog-after-timeout",
      "recover-fresh-session-after-dialog-timeout"
    ])
    expect(hung.details.nextActions?.[2]?.params).toEqual({ args: ["open", url], sessionMode: "fresh" })
    // the recovery is real: a fresh browser on the same page (this hang also cost the old browser its daemon)
    const recover = hung.details.nextActions?.[2]?.params
    const reopened = await live.tool.call({ args: [...(recover?.args ?? [])], sessionMode: "fresh" })
    expect(reopened.isError, textOf(reopened)).toBe(false)
    expect(reopened.details.managedSessionOutcome?.status).toMatch(/^(created|replaced)$/)
    expect(textOf(await live.tool.call({ args: ["get", "url"] }))).toBe(url)
  })
})

describe("connect on the real binary", () => {
  it("a raw connect to a running Chromium → list-connected-session-tabs only; the listed tab is then selectable", async () => {
    const profile = join(out, "connect-profile")
    const chromium = spawn(
      "/usr/bin/chromium",
      [
        "--headless=new",
        "--remote-debugging-port=0",
        `--user-data-dir=${profile}`,
        ...CHROMIUM_ARGS.split(","),
        `${live.site.origin}/about.html`
      ],
      // its own process group, so the browser and every process it started end together
      { stdio: "ignore", detached: true }
    )
    const exited = new Promise((resolve) => chromium.once("exit", resolve))
    try {
      const portFile = join(profile, "DevToolsActivePort")
      for (let i = 0; i < 100 && !existsSync(portFile); i++) await new Promise((r) => setTimeout(r, 100))
      const port = readFileSync(portFile, "utf8").split("\n")[0] ?? ""
      const connected = await live.tool.call({ args: ["connect", port], sessionMode: "fresh" })
      expect(connected.isError, textOf(connected)).toBe(false)
      expect(nextIds(connected)).toEqual(["list-connected-session-tabs"])
      const listed = await live.tool.call({ args: [...(connected.details.nextActions?.[0]?.params?.args ?? [])] })
      expect(listed.isError, textOf(listed)).toBe(false)
      expect(textOf(listed)).toContain("about.html")
      await live.tool.call({ args: ["close"] })
    } finally {
      if (chromium.pid !== undefined) process.kill(-chromium.pid, "SIGKILL")
      await exited
    }
  })
})
