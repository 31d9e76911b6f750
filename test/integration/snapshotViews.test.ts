/** Snapshot views against the real agent-browser: compact main-content-first view, spill file, wrapper flags. */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()

describe("snapshot views", () => {
  it("an oversized page shows the article first, the search box, and the path of the full raw tree", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/article.html`] })
    const result = await live.tool.call({ args: ["snapshot"] })
    const text = textOf(result)
    expect(text).toContain("Main content (article)")
    expect(text.indexOf("# Council approves the new bridge")).toBeLessThan(text.indexOf("Paragraph 0:"))
    expect(text).toContain("Paragraph 59:")
    expect(text).not.toContain("Section 40")
    expect(text).toMatch(/searchbox "Search news" @e\d+/)
    const path = result.details.fullOutputPath ?? ""
    expect(text).toContain(`Full snapshot (`)
    expect(text).toContain(path)
    expect(readFileSync(path, "utf8")).toContain('link "Section 40"')
    expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024)
    expect(JSON.stringify(result.details).length).toBeLessThan(4096)
  })

  it("a long standards document: the view lists the headings it does not show and reads on as text in two calls", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/long-docs/fhs-3.0/source.html`] })
    const view = await live.tool.call({ args: ["snapshot"] })
    const text = textOf(view)
    expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024)
    expect(text).toContain("Outline of the rest:")
    expect(text).toMatch(/^§\d+ #+ Chapter 7\. Appendix$/m)
    let place = /Read on as text, in order: snapshot --read (\S+)/.exec(text)?.[1]
    expect(place).toBeDefined()
    const reads: Array<string> = []
    for (let n = 0; n < 2 && place !== undefined; n++) {
      const read = await live.tool.call({ args: ["snapshot", "--read", place] })
      expect(read.isError, textOf(read)).toBe(false)
      // text, whole, inline: no tree, no spill, under pi's 50 KB per result
      expect(read.details.effectiveArgs).not.toContain("--read")
      expect(read.details.fullOutputPath).toBeUndefined()
      expect(Buffer.byteLength(textOf(read))).toBeLessThan(50 * 1024)
      expect(textOf(read)).not.toMatch(/\[ref=e\d+\]/)
      reads.push(textOf(read))
      place = /snapshot --read (\S+)$/m.exec(textOf(read))?.[1]
    }
    // the standard's last chapter, read in order within the view and two reads
    expect(reads.join("\n")).toContain("Appendix")
    expect(reads.at(-1)).toContain("(end of the main content)")
  })

  it("--search and --filter narrow the view, are stripped before upstream, and keep every ref recorded", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/article.html`] })
    const found = await live.tool.call({ args: ["snapshot", "-i", "--search", "Section 7"] })
    expect(found.details.effectiveArgs).not.toContain("--search")
    expect(textOf(found)).toMatch(/link "Section 7" \[ref=e\d+\]/)
    expect(textOf(found)).toMatch(/link "Section 70"/)
    expect(found.details.snapshotFilter).toMatchObject({
      cleanArgs: ["snapshot", "-i"],
      search: "Section 7",
      matchedRefs: 11
    })
    const buttons = await live.tool.call({ args: ["snapshot", "-i", "--filter", "role=button"] })
    expect(textOf(buttons)).toMatch(/button "Search" \[ref=e\d+\]/)
    expect(textOf(buttons)).not.toContain("link")
    // the latest snapshot was filtered to buttons, yet its full ref map is recorded: a link ref shown only by the
    // earlier search is still accepted by the stale-ref guard
    const section = /link "Section 7" \[ref=(e\d+)\]/.exec(textOf(found))?.[1]
    expect(section).toBeDefined()
    const hovered = await live.tool.call({ args: ["hover", `@${section}`] })
    expect(hovered.isError, hovered.details.error).toBe(false)
  })

  it("--diff reports refs that appeared and disappeared since the previous snapshot", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
    const first = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const remove = /button "Remove danger" \[ref=(e\d+)\]/.exec(first)?.[1]
    await live.tool.call({ args: ["click", `@${remove}`] })
    const diff = await live.tool.call({ args: ["snapshot", "-i", "--diff"] })
    expect(textOf(diff)).toMatch(/Changes since the previous snapshot: 0 added, 1 removed/)
    expect(textOf(diff)).toContain('button "Delete account"')
    // the contract's delta by ref id, beside ours by role and name
    const d = diff.details.snapshotDiff as {
      addedRefs: Array<string>
      removedRefs: Array<string>
      changedRefs: Array<string>
      unchangedRefs: Array<string>
      summary: string
      removed: Array<string>
    }
    expect(d.summary).toMatch(
      /^By ref id: \d+ added, \d+ removed, \d+ changed, \d+ unchanged; by role and name: 0 added, 1 removed\.$/
    )
    expect(d.addedRefs.length + d.changedRefs.length + d.unchangedRefs.length).toBe(diff.details.refSnapshot?.refCount)
    expect(d.removedRefs.length + d.changedRefs.length).toBeGreaterThan(0)
    expect(d.removed).toEqual([expect.stringContaining('button "Delete account"')])
  })

  it("--viewport says where the page is scrolled", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/article.html`] })
    await live.tool.call({ args: ["scroll", "down", "600"] })
    const result = await live.tool.call({ args: ["snapshot", "-i", "--viewport"] })
    const viewport = result.details.snapshotViewport as { scrollY: number; pageHeight: number }
    expect(viewport.scrollY).toBeGreaterThan(0)
    expect(viewport.pageHeight).toBeGreaterThan(viewport.scrollY)
    expect(textOf(result)).toMatch(/Viewport: \d+×\d+ at scroll 0,\d+/)
  })

  it("outputPath saves the full tree for a snapshot", async () => {
    const result = await live.tool.call({ args: ["snapshot"], outputPath: "tree.txt" })
    expect(result.details.outputFile).toMatchObject({ status: "saved", source: "snapshot" })
    expect(existsSync(join(live.world.root, "tree.txt"))).toBe(true)
  })
})
