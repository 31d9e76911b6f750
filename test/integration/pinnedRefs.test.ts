/**
 * A session pinned to its tab (after a drift the tool corrected) still acts by @ref: agent-browser 0.41.2 empties
 * its ref map on every `tab <id>`, even for the tab that is already active, so a pinned command that selected its
 * tab first could never use the refs of the snapshot before it (each ref command failed as unknown, and the offered
 * snapshot -i led to the same failure). A secret typed in a pinned session runs behind the same guard.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { activeTabIn, pinTab } from "../support/tabs.js"
import { rawEval } from "../support/rawPage.js"

const SECRET = "Pinned-s3cret-value"
const live = liveWorld({
  env: { PW_VALUE: SECRET },
  config: (site) => ({ secrets: { PW: { value: "$PW_VALUE", origins: [site.origin] } } })
})

const activeTab = (session: string) => activeTabIn(live, session)
const pin = (tabId: string) => pinTab(live, tabId)
const refOf = (snapshot: string, role: string, name: string): string =>
  `@${new RegExp(`${role} "${name}" \\[[^\\]]*ref=(e\\d+)`).exec(snapshot)?.[1]}`

/** A pinned session on form.html, its snapshot -i, and a popup the page opened after it (agent-browser follows a new tab at the next command it handles). */
const popupAfterSnapshot = async () => {
  const opened = await live.tool.call({ args: ["open", `${live.site.origin}/form.html`] })
  const session = opened.details.sessionName ?? ""
  const home = activeTab(session)?.tabId ?? "?"
  await pin(home)
  const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
  live.world.raw(["--json", "--session", session, "eval", "setTimeout(() => window.open('/about.html'), 50); 1"])
  await new Promise((r) => setTimeout(r, 400))
  return { session, home, snapshot }
}

describe("a pinned session acts by @ref", () => {
  it("snapshot -i, then click and fill by its refs: both act on the pinned tab", async () => {
    const session = await live.openedSession("/form.html")
    await pin(activeTab(session)?.tabId ?? "?")
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const filled = await live.tool.call({ args: ["fill", refOf(snapshot, "textbox", "Name"), "Ada"] })
    expect(filled.isError, textOf(filled)).toBe(false)
    const clicked = await live.tool.call({ args: ["click", refOf(snapshot, "button", "Save")] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#out"] }))).toContain("safe clicked")
    expect(textOf(await live.tool.call({ args: ["get", "value", "#name"] }))).toContain("Ada")
    // a command without refs still runs in the pinned tab, selected first
    live.world.raw(["--json", "--session", session, "tab", "new", `${live.site.origin}/about.html`])
    expect(textOf(await live.tool.call({ args: ["get", "title"] }))).not.toContain("About")
  }, 60_000)

  it("a popup that took the focus between the snapshot and the ref click: refused before anything ran, and the next action makes progress", async () => {
    const { session, home, snapshot } = await popupAfterSnapshot()
    const clicked = await live.tool.call({ args: ["click", refOf(snapshot, "button", "Save")] })
    // refused before it ran: the popup is in front, and the pinned page's button was not clicked
    expect(clicked.isError, textOf(clicked)).toBe(true)
    expect(clicked.details.failureCategory).toBe("stale-ref")
    expect(textOf(clicked)).toContain(
      `Another tab took the focus since the snapshot (${live.site.origin}/about.html); nothing ran.`
    )
    // the first next action (a snapshot, in the pinned tab) gives refs that work: progress, not the same failure
    const fresh = textOf(await live.tool.call({ args: clicked.details.nextActions?.[0]?.params?.args ?? [] }))
    expect(activeTab(session)?.tabId).toBe(home)
    // the refused click did nothing on the pinned page (a ref-less read runs there)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#out"] }))).toContain("nothing clicked")
    const again = await live.tool.call({ args: ["click", refOf(fresh, "button", "Save")] })
    expect(again.isError, textOf(again)).toBe(false)
    expect(textOf(await live.tool.call({ args: ["get", "text", "#out"] }))).toContain("safe clicked")
  }, 60_000)

  it("a secret typed by ref while a popup has the focus: refused with nothing typed; by selector it runs in the pinned tab", async () => {
    const { session, home, snapshot } = await popupAfterSnapshot()
    const byRef = await live.tool.call({ args: ["fill", refOf(snapshot, "textbox", "Name"), "{{secret:PW}}"] })
    expect(byRef.details.failureCategory, textOf(byRef)).toBe("stale-ref")
    expect(textOf(byRef)).toContain("nothing ran")
    const value = () => rawEval(live.world, session, "document.querySelector('#name').value") as string
    // the selector fill selects the pinned tab again and types there
    const bySelector = await live.tool.call({ args: ["fill", "#name", "{{secret:PW}}"] })
    expect(bySelector.isError, textOf(bySelector)).toBe(false)
    expect(activeTab(session)?.tabId).toBe(home)
    expect(value()).toBe(SECRET)
    for (const result of [byRef, bySelector]) expect(JSON.stringify(result)).not.toContain(SECRET)
  }, 60_000)
})
