/**
 * The one-process click against the real agent-browser 0.41.2 (issue #11): a click that stays on its page reads the
 * page in the same process; a link or form submission is followed to the page it loads; a click upstream calls done
 * that lands on a cover instead of its target fails with `clickDispatch` (CSS selector and ref alike) and the
 * target's handler really did not run; a click that opens a confirm dialog still says so; an open dialog in
 * `snapshot -i` is named with its dismiss candidates.
 */
import { spawn } from "node:child_process"
import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { clickTargetOf } from "../../src/page/clickDispatch.js"
import {
  CLICK_READ_EXPRESSION,
  CLICK_STAYED_GATE,
  clickReadOf,
  clickRecorderScript
} from "../../src/page/clickRecorder.js"
import { LANDED_PAGE_READ, landedPageOf, landedPageSteps } from "../../src/program/page/pageProbes.js"
import { classifyUpstream } from "../../src/upstream/classifyReply.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { NATIVE_BINARY } from "../support/liveEnv.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"
import { nextIds } from "../support/nextActions.js"

const live = liveWorld()
const outText = () => rawData<{ text: string }>(live.world, sessionOf(), ["get", "text", "#out"]).text
let session: string | undefined
const sessionOf = () => {
  if (session === undefined) throw new Error("no session yet")
  return session
}

describe("one-process click", () => {
  it("a click that stays on the page: success, no Page line, the handler ran", async () => {
    const opened = await live.tool.call({ args: ["open", live.url("/click-targets.html")] })
    expect(opened.isError, textOf(opened)).toBe(false)
    session = opened.details.sessionName
    const clicked = await live.tool.call({ args: ["click", "#plain"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).not.toContain("Page:")
    expect(clicked.details.clickDispatch).toBeUndefined()
    // nothing re-renders after the handler: the read did not wait for a quiet page
    expect(clicked.details.pageSettle).toBeUndefined()
    expect(outText()).toBe("plain 1")
  })

  it("a button that moves away as the pointer arrives: upstream says done, the tool says the click missed", async () => {
    const clicked = await live.tool.call({ args: ["click", "#mover"] })
    expect(clicked.isError).toBe(true)
    expect(clicked.details.failureCategory).toBe("upstream-error")
    expect(clicked.details.clickDispatch).toMatchObject({
      status: "no-native-event-observed",
      reason: "native-click-produced-no-target-dom-event",
      target: { kind: "selector", selector: "#mover" }
    })
    expect(clicked.details.clickDispatch?.nativeEventCount).toBeGreaterThan(0)
    expect(textOf(clicked)).toContain("no trusted pointer or mouse event reached #mover")
    expect(nextIds(clicked)).toEqual(["inspect-click-dispatch-miss", "retry-click-after-dispatch-miss"])
    expect(clicked.details.nextActions?.[1]?.params?.args?.slice(-2)).toEqual(["click", "#mover"])
    expect(outText()).toBe("plain 1")
  })

  it("a layer that appears over the target on pointer enter, clicked by ref: the miss names the ref and where it landed", async () => {
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    const ref = /button "Tip" \[ref=(e\d+)\]/.exec(textOf(snap))?.[1]
    expect(ref, textOf(snap)).toBeDefined()
    const clicked = await live.tool.call({ args: ["click", `@${ref}`] })
    expect(clicked.isError).toBe(true)
    expect(clicked.details.clickDispatch?.target).toEqual({
      kind: "accessible",
      refId: ref,
      role: "button",
      name: "Tip"
    })
    expect(clicked.details.clickDispatch?.landedOn).toBe("div#tip-cover")
    expect(textOf(clicked)).toContain("landed on div#tip-cover")
    expect(outText()).toBe("plain 1")
  })

  it("find text|role clicks are judged too: one that reached its words succeeds, one that landed elsewhere fails without its 'Clicked' line", async () => {
    const nested = await live.tool.call({ args: ["find", "text", "Olives", "click"] })
    expect(nested.isError, textOf(nested)).toBe(false)
    expect(nested.details.clickDispatch).toBeUndefined()
    expect(outText()).toBe("nested clicked")
    const byRole = await live.tool.call({ args: ["find", "role", "button", "click", "--name", "Add Olives now"] })
    expect(byRole.isError, textOf(byRole)).toBe(false)
    const mover = await live.tool.call({ args: ["find", "text", "Mover", "click"] })
    expect(mover.isError, textOf(mover)).toBe(true)
    // resolved in the page before it ran (the element holding the words: page/textPick.ts), and judged as that element
    const picked = mover.details.effectiveArgs?.at(-1) ?? ""
    expect(mover.details.effectiveArgs?.at(-2)).toBe("click")
    expect(mover.details.clickDispatch?.target).toEqual({ kind: "selector", selector: picked })
    expect(textOf(mover)).toContain(`no trusted pointer or mouse event reached ${picked}`)
    expect(textOf(mover)).not.toMatch(/^Clicked/m)
    const byName = await live.tool.call({ args: ["find", "role", "button", "click", "--name", "Mover"] })
    expect(byName.isError, textOf(byName)).toBe(true)
    // resolved before it ran to the reachable button's ref of a fresh snapshot -i (P6), and judged as that ref
    expect(byName.details.effectiveArgs?.slice(-2)).toEqual([
      "click",
      `@${byName.details.clickDispatch?.target.kind === "accessible" ? byName.details.clickDispatch.target.refId : ""}`
    ])
    expect(byName.details.clickDispatch?.target).toMatchObject({ kind: "accessible", role: "button", name: "Mover" })
    expect(outText()).toBe("nested clicked")
  })

  it("a target covered before the click stays upstream's own refusal (no second diagnosis)", async () => {
    const clicked = await live.tool.call({ args: ["find", "role", "button", "click", "--name", "Covered"] })
    expect(clicked.isError).toBe(true)
    expect(textOf(clicked)).toMatch(/covered by <div#cover>/)
    expect(clicked.details.clickDispatch).toBeUndefined()
  })

  it("a click that opens a confirm dialog still reports the dialog", async () => {
    const clicked = await live.tool.call({ args: ["click", "#ask"] })
    expect(textOf(clicked)).toMatch(/confirm dialog/i)
    expect(nextIds(clicked)).toContain("dismiss-dialog")
    live.world.raw(["--session", sessionOf(), "dialog", "dismiss"])
    expect(outText()).toBe("false")
  })

  it("a link click and a form submission are followed to the page they load, each in one upstream process", async () => {
    const before = live.tool.spawned().length
    const linked = await live.tool.call({ args: ["click", "#next"] })
    expect(linked.isError, textOf(linked)).toBe(false)
    // the click, its read and the landed page's read: one `batch`, no second process to read the page (and after the
    // dialog above, whose page the session could not read, the click still runs with its checks)
    const ran = live.tool.spawned().slice(before)
    expect(
      ran.map((argv) => argv.slice(-3).join(" ")),
      JSON.stringify(ran)
    ).toEqual(["batch --omit-command --bail"])
    expect(linked.details.navigationSummary?.url).toBe(live.url("/about.html"))
    expect(textOf(linked)).toContain("About Acme")
    await live.tool.call({ args: ["open", live.url("/click-targets.html")] })
    const submitted = live.tool.spawned().length
    const sent = await live.tool.call({ args: ["click", "#send"] })
    expect(sent.isError, textOf(sent)).toBe(false)
    const afterSubmit = live.tool.spawned().slice(submitted)
    expect(afterSubmit.length, JSON.stringify(afterSubmit.map((argv) => argv.slice(-3)))).toBe(1)
    expect(sent.details.navigationSummary?.url).toMatch(/welcome\.html/)
    expect(sent.details.navigationSummary?.title).toBe("Welcome")
  })

  it("a submit button that fades in its spinner: the form's next page is read in the click's own process", async () => {
    // the spinner's 300 ms transition outlasts the next page's load: a read that waited for it before judging the
    // click was replaced with its document, and the page was read again in a second process
    await live.tool.call({ args: ["open", live.url("/spinner-submit.html")] })
    const before = live.tool.spawned().length
    const sent = await live.tool.call({ args: ["click", "#go"] })
    expect(sent.isError, textOf(sent)).toBe(false)
    const ran = live.tool.spawned().slice(before)
    expect(ran.length, JSON.stringify(ran)).toBe(1)
    expect(textOf(sent)).toContain(`Page: Welcome — ${live.url("/welcome.html?name=Ada")}`)
    expect(rawData<{ url: string }>(live.world, sessionOf(), ["get", "url"]).url).toBe(
      live.url("/welcome.html?name=Ada")
    )
  })

  it("the click's batch on the real binary: a click that stays ends at its read, whose value comes back from its error; a link goes on past the gate", async () => {
    // run in the background: the page's server lives in this process, which a synchronous spawn would block
    const run = async (target: string) => {
      const steps = [
        ["eval", clickRecorderScript(clickTargetOf(["click", target], undefined))],
        ["click", target],
        ["eval", CLICK_READ_EXPRESSION],
        ["tab", "list"],
        ["eval", CLICK_STAYED_GATE],
        ...landedPageSteps(5_000)
      ]
      const child = spawn(NATIVE_BINARY, ["--json", "--session", sessionOf(), "batch", "--omit-command", "--bail"], {
        env: live.world.rawEnv,
        stdio: ["pipe", "pipe", "pipe"]
      })
      let stdout = ""
      child.stdout.on("data", (chunk) => (stdout += chunk))
      child.stdin.end(JSON.stringify(steps))
      const exitCode = await new Promise<number | null>((resolve) => child.on("close", resolve))
      const outcome = classifyUpstream(
        { kind: "browser", line: parseCommandLine(["batch"]) },
        { exitCode, signal: null, stdout, stderr: "", durationMs: 0 },
        steps
      )
      if (Either.isLeft(outcome) || outcome.right.kind !== "batch") throw new Error(`no rows: ${stdout}`)
      return outcome.right.rows
    }
    session = (await live.tool.call({ args: ["open", live.url("/click-targets.html")] })).details.sessionName
    const stayed = await run("#plain")
    expect(stayed.map((row) => row.success)).toEqual([true, true, false])
    const read = clickReadOf(stayed[2])
    expect(read?.stayed).toBe(true)
    expect(read?.value).toMatchObject({
      title: "Click targets",
      url: live.url("/click-targets.html"),
      click: { resolved: true, hits: 5, navigating: false }
    })
    expect(outText()).toBe("plain 1")
    const linked = await run("#next")
    expect(linked.map((row) => row.success)).toEqual([true, true, true, true, true, true, true, true])
    expect(clickReadOf(linked[2])?.stayed).toBe(false)
    expect(landedPageOf(linked[5 + LANDED_PAGE_READ])?.url).toBe(live.url("/about.html"))
    // a link into a named window opens another tab, which the recorder does not watch for: upstream follows it before
    // the read, so the read runs there (no record), answers, and the tabs are listed (focusKept needs the clicked page)
    for (let i = 0; i < 5; i++) {
      await live.tool.call({ args: ["open", live.url("/focus-steal.html")] })
      const named = await run("#named")
      const read = clickReadOf(named[2])
      expect(read?.stayed, JSON.stringify(read)).toBe(false)
      expect(read?.value["click"]).toBeUndefined()
      expect(read?.value["url"]).toBe(live.url("/about.html"))
      expect(named[3]?.success).toBe(true)
      live.world.raw(["--json", "--session", sessionOf(), "tab", "close"])
    }
  })

  it("a click that starts a re-render: the next snapshot reads the page once it went quiet (the sorted list)", async () => {
    await live.tool.call({ args: ["open", live.url("/click-targets.html")] })
    const clicked = await live.tool.call({ args: ["click", "#sort"] })
    expect(clicked.isError, textOf(clicked)).toBe(false)
    expect(textOf(clicked)).not.toContain("still changing")
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const order = ["Alpha", "Bravo", "Charlie"].map((name) => snapshot.indexOf(`button "${name}"`))
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] ?? 0))),
      snapshot
    ).toBe(true)
    expect(snapshot).not.toContain("still changing")
    const sorted = rawData<{ text: string }>(live.world, clicked.details.sessionName ?? "", [
      "get",
      "text",
      "#sort-out"
    ])
    expect(sorted.text).toBe("sorted")
  })
})

describe("overlay blockers after snapshot -i", () => {
  it("an open dialog with dismiss controls is named with its candidates; the first candidate closes it", async () => {
    await live.tool.call({ args: ["open", live.url("/overlay.html")] })
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(snap.isError, textOf(snap)).toBe(false)
    const overlay = snap.details.overlayBlockers
    expect(overlay?.dialogs).toEqual(['dialog "Newsletter"'])
    expect(overlay?.candidates.map((c) => [c.role, c.name])).toEqual([
      ["button", "Close"],
      ["button", "No thanks"]
    ])
    expect(textOf(snap)).toMatch(
      /Possible overlay blockers: .*dialog "Newsletter".* open; dismiss candidates @e\d+ button .*"Close"/
    )
    expect(nextIds(snap)).toEqual(
      expect.arrayContaining([
        "inspect-overlay-state",
        "try-overlay-blocker-candidate-1",
        "try-overlay-blocker-candidate-2"
      ])
    )
    const first = snap.details.nextActions?.find((a) => a.id === "try-overlay-blocker-candidate-1")
    const closed = await live.tool.call({
      args: (first?.params?.args ?? []).filter((a, i, all) => a !== "--session" && all[i - 1] !== "--session")
    })
    expect(closed.isError, textOf(closed)).toBe(false)
    const after = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(after.details.overlayBlockers).toBeUndefined()
    expect(textOf(after)).not.toContain("Possible overlay blockers")
  })

  it("a page without a dialog gets no overlay diagnostic", async () => {
    await live.tool.call({ args: ["open", live.url("/click-targets.html")] })
    const snap = await live.tool.call({ args: ["snapshot", "-i"] })
    expect(snap.details.overlayBlockers).toBeUndefined()
    expect(nextIds(snap)).not.toContain("inspect-overlay-state")
  })
})
