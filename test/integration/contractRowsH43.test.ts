/**
 * Contract rows C3, X13 and F9 (issue #43) against the real agent-browser and Chromium: a dense page's compact
 * `snapshot -i` keeps its search box (a ref `fill` can use) and names the buttons it cuts; a job's assertText /
 * assertUrl miss says the assertion failed and offers to read the page; a file a job step saves is listed by `close`.
 * Unit counterparts: compactInteractiveHighValue.test.ts, assertionMiss.test.ts, stepArtifactsManifest.test.ts.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { servedHtml } from "../support/servedPages.js"

const buttons = Array.from({ length: 600 }, (_, i) => `<button>Action number ${i}</button>`).join("")
const DENSE =
  `<!doctype html><title>Dense</title><h1>Dense</h1>${buttons}` + `<label>Search <input type="search" id="q"></label>`

const live = liveWorld({ files: { "/dense.html": servedHtml(DENSE) } })

describe("C3: a dense page's compact snapshot -i keeps its search box", () => {
  it("600 buttons then a search box: the searchbox's ref is listed and fill works on it; cut buttons are named and counted", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/dense.html`] })
    expect(opened.isError, textOf(opened)).toBe(false)
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    const text = textOf(snap)
    expect(snap.isError, text).toBe(false)
    expect(snap.details.data).toMatchObject({ compacted: true })
    const ref = /\nsearchbox "Search" @(e\d+)\n/.exec(text)?.[1]
    expect(ref, text).toBeDefined()
    // the cut buttons: the first named with their refs, the rest counted by role with the filter that lists them
    expect(text).toContain(
      '\nOmitted high-value controls (not in the list above; editable fields first):\nbutton "Action number'
    )
    expect(text).toMatch(
      /\nNot shown: \d+ button\. List them by role: snapshot -i --filter role=button; by name: snapshot -i --search <text>\./
    )
    expect(text).not.toContain("navigation links")
    const compaction = snap.details.snapshotCompaction as
      | { readonly highValueControlRefIds?: ReadonlyArray<string> }
      | undefined
    const ids = compaction?.highValueControlRefIds ?? []
    expect(ids.length).toBeGreaterThan(0)
    for (const id of ids) expect(text).toContain(`@${id}`)

    const filled = await live.tool.call({ args: ["fill", `@${ref}`, "gloves"] })
    expect(filled.isError, textOf(filled)).toBe(false)
    expect(valueOf(await live.tool.call({ args: ["get", "value", "#q"] }))).toBe("gloves")
    // the filter the view offers lists the cut buttons
    const filtered = await live.tool.call({ args: ["snapshot", "-i", "--filter", "role=button"] })
    expect(textOf(filtered)).toContain("filtered by role button: 600 matching line(s), 600 with refs")
  }, 120_000)
})

describe("X13: a job's assertion that was not met reads as one", () => {
  it("assertText: 'Assertion failed' with the text, and inspect-after-text-assertion-failure (a snapshot) that reads the page", async () => {
    const open = { action: "open", url: `${live.site.origin}/index.html` }
    const result = await live.tool.call({ job: { steps: [open, { action: "assertText", text: "Order shipped" }] } })
    const text = textOf(result)
    expect(result.isError, text).toBe(true)
    expect(result.details.failureCategory).toBe("timeout")
    // what the page shows instead is read after the miss (seenAfterMiss.ts): the sign-in page's first words
    expect(text).toContain(
      'Result: step 2 failed (timeout). Assertion failed: the text "Order shipped" was not visible ' +
        'on the page within 10000 ms; the page shows "'
    )
    expect(text).toMatch(
      /the page shows "[^"]*Sign[^"]*"\. Read what the page shows before retrying with a longer wait\./
    )
    expect(text).not.toContain("Wait timed out")
    const next = result.details.nextActions?.[0]
    expect(next?.id).toBe("inspect-after-text-assertion-failure")
    const inspected = await live.tool.call({ args: [...(next?.params?.args ?? [])] })
    expect(inspected.isError, textOf(inspected)).toBe(false)
    expect(textOf(inspected)).toContain("Sign")
  }, 120_000)

  it("assertUrl: the expected glob and the URL the page is at, with a snapshot -i of that page", async () => {
    const open = { action: "open", url: `${live.site.origin}/about.html` }
    const result = await live.tool.call({ job: { steps: [open, { action: "assertUrl", url: "**/done" }] } })
    const text = textOf(result)
    expect(result.isError, text).toBe(true)
    expect(text).toContain(
      `Assertion failed: the URL did not match "**/done" within 10000 ms; the page is at ${live.site.origin}` +
        "/about.html. Read the page the browser is on before retrying with a longer wait."
    )
    expect(result.details.nextActions?.map((a) => a.id)).toEqual(["inspect-after-url-assertion-failure"])
    expect(result.details.nextActions?.[0]?.params?.args?.slice(-2)).toEqual(["snapshot", "-i"])
  }, 120_000)
})

describe("F9: a file a job step saved is in the session's manifest", () => {
  it("a job's screenshot step: in the job's artifactManifest, and close lists it in explicitArtifactPaths", async () => {
    const path = join(live.world.root, "out", "h43", "job-shot.png")
    const open = { action: "open", url: `${live.site.origin}/about.html` }
    const job = await live.tool.call({ job: { steps: [open, { action: "screenshot", path }] } })
    expect(job.isError, textOf(job)).toBe(false)
    expect(existsSync(path)).toBe(true)
    const row = expect.objectContaining({ path, kind: "screenshot", storageScope: "explicit-path" })
    expect(job.details.artifactManifest?.entries).toContainEqual(row)
    const closed = await live.tool.call({ args: ["close"] })
    expect(closed.isError, textOf(closed)).toBe(false)
    expect(closed.details.artifactCleanup?.explicitArtifactPaths).toContain(path)
  }, 120_000)
})
