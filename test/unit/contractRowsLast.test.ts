/**
 * The last clauses of the contract's gap list (issue #28): D16 (the failure classifier's order), E3 (Electron
 * `targetType`), R4 (overlay blockers after a same-URL click), L17 (focus restored after a command). Real-binary
 * counterparts: test/integration/contractRowsLast.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { FakeElectronHost } from "../../src/layers/test/FakeElectronHost.js"
import { makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { prepare } from "../../src/program/pipeline/prepare.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import type { CdpTarget } from "../../src/schema/ElectronRecord.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { categoryOf as categoryOfError } from "../../src/schema/ToolError.js"
import {
  batchRows,
  call,
  contentText,
  fakeLayer,
  openBatch,
  suiteTempRoot,
  testConfig
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const categoryOf = (message: string, argv: ReadonlyArray<string>, code?: string) => {
  const error = classifyErrorText(message, { stderr: "", exitCode: 1, argv, ...(code !== undefined ? { code } : {}) })
  return {
    category: categoryOfError(error),
    launch: error._tag === "UpstreamFailed" ? error.launch?.reason : undefined
  }
}

describe("D16: one ordered chain, first match wins (timeout, policy, stale ref, selector, download, upstream)", () => {
  it("a message that matches two classes takes the earlier one in the contract's order", () => {
    // first match wins: a timeout before a policy or a ref, a policy block before a ref or a selector
    expect(categoryOf("Wait timed out after 1000ms (Unknown ref: e3)", ["wait", "@e3"]).category).toBe("timeout")
    expect(
      categoryOf("Navigation to http://x.test/ is not in the allowed domains list; Unknown ref: e3", ["click", "@e3"])
        .category
    ).toBe("policy-blocked")
    expect(
      categoryOf("denied by policy: Element not found: #go. Verify the selector, role, or name is correct.", [
        "click",
        "#go"
      ]).category
    ).toBe("policy-blocked")
    expect(categoryOf("Unknown ref: e3", ["download", "@e3", "/tmp/a.bin"]).category).toBe("stale-ref")
    expect(
      categoryOf(
        "Element not found: #dl. Verify the selector, role, or name is correct and the element exists in the DOM.",
        ["download", "#dl", "/tmp/a.bin"]
      ).category
    ).toBe("selector-not-found")
    expect(
      categoryOf("Failed to read: Resource temporarily unavailable (os error 11)", ["click", "#go"], "outcome_unknown")
        .category
    ).toBe("timeout")
  })

  it("two documented exceptions: a launch failure first, and a download that timed out is download-not-verified (CF5)", () => {
    // a launch failure can quote a timeout; it is a browser that could not be reached (doctor, not a retry)
    expect(
      categoryOf("All CDP discovery methods failed for 127.0.0.1:9399: /json/version: Operation timed out", [
        "snapshot",
        "-i"
      ])
    ).toEqual({ category: "upstream-error", launch: "cdp-unreachable" })
    const timedOut = "Operation timed out. The page may still be loading or the element may not exist."
    expect(categoryOf(timedOut, ["wait", "--download", "/tmp/a.bin"]).category).toBe("download-not-verified")
    expect(categoryOf(timedOut, ["wait", "#late"]).category).toBe("timeout")
  })

  it("no tab-drift or cleanup text class: 0.41.2's replaced tab (page_wedged) stays upstream-error", () => {
    expect(
      categoryOf(
        "page_wedged: the active tab (about:blank) stopped responding and was replaced by a blank tab; navigate again to continue",
        ["get", "title"],
        "page_wedged"
      ).category
    ).toBe("upstream-error")
  })
})

describe("E3: electron.launch attaches to the target its targetType picks", () => {
  const target = (port: number, id: string, type: string, ws = true): CdpTarget => ({
    id,
    type,
    title: id,
    url: `app://${id}`,
    ...(ws ? { webSocketDebuggerUrl: `ws://127.0.0.1:${port}/devtools/page/${id}` } : {})
  })
  // launch n listens on 40000 + n
  const launches = [
    { targets: [target(40001, "P1", "page"), target(40001, "W1", "webview")] },
    { targets: [target(40002, "P1", "page"), target(40002, "W1", "webview")] },
    { targets: [target(40003, "P1", "page"), target(40003, "W1", "webview", false)] }
  ]
  const script = (before: ReadonlyArray<ScriptedRun> = []): ReadonlyArray<ScriptedRun> => [
    { when: (r) => r.args.includes("connect"), reply: FakeAgentBrowser.ok({ launched: true }), repeat: true },
    ...before,
    {
      when: (r) => r.args.includes("tab"),
      reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", title: "App", url: "app://P1", active: true }] }),
      repeat: true
    },
    batchRows(() => ({})),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ]
  const layer = (runs = script()) =>
    makeFakeLayer(
      FakeAgentBrowser.layer(runs),
      toolConfigLayer(testConfig(temp.root)),
      FakeElectronHost.layer({ launches })
    )
  const launch = (targetType: string) =>
    runToResult({ electron: { action: "launch", appName: "Test App", handoff: "connect", targetType } }, call)

  it.scoped(
    "webview: connect to its WebSocket URL, then select it; page (the only page): connect to it, no selection; none with a URL: the port",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        const argvSince = (n: number) =>
          Effect.map(fake.requests, (rs) =>
            rs
              .slice(n)
              .map((r) => r.args.slice(r.args.indexOf("--session") + 2).join(" "))
              .filter((a) => a.startsWith("connect") || a.startsWith("tab"))
          )
        const webview = yield* launch("webview")
        expect(yield* argvSince(0)).toEqual(["connect ws://127.0.0.1:40001/devtools/page/W1", "tab W1"])
        expect((webview.details.electron as any).connect).toEqual({
          argument: "ws://127.0.0.1:40001/devtools/page/W1",
          via: "target",
          targetId: "W1",
          selected: true
        })
        const seen = (yield* fake.requests).length
        const page = yield* launch("page")
        expect(yield* argvSince(seen)).toEqual(["connect ws://127.0.0.1:40002/devtools/page/P1"])
        expect((page.details.electron as any).connect).toEqual({
          argument: "ws://127.0.0.1:40002/devtools/page/P1",
          via: "target",
          targetId: "P1"
        })
        const seen2 = (yield* fake.requests).length
        const noUrl = yield* launch("webview")
        expect(yield* argvSince(seen2)).toEqual(["connect 40003"])
        expect((noUrl.details.electron as any).connect).toEqual({ argument: "40003", via: "port" })
        expect(contentText(noUrl.content)).not.toContain("could not be selected")
      }).pipe(Effect.provide(layer()))
  )

  it.scoped(
    "a target upstream cannot select as a tab: the launch stands, and says the session is on upstream's page",
    () =>
      Effect.gen(function* () {
        const result = yield* launch("webview")
        expect(result.isError).toBe(false)
        expect((result.details.electron as any).connect).toMatchObject({
          via: "target",
          targetId: "W1",
          selected: false
        })
        expect(contentText(result.content)).toContain(
          "The webview target W1 could not be selected as the session's tab; the session is on the page agent-browser chose (tab list shows it)."
        )
      }).pipe(
        Effect.provide(
          layer(
            script([
              {
                when: (r) => r.args.at(-2) === "tab" && r.args.at(-1) === "W1",
                reply: FakeAgentBrowser.fail("Tab W1 not found; run `agent-browser tab` to list open tabs"),
                repeat: true
              }
            ])
          )
        )
      )
  )
})

describe("L17: a tab that took the focus during a command is given back to the tab it ran on, and said", () => {
  const HOME = "http://a.test/home"
  const POPUP = "http://a.test/popup"
  const here = { piSessionId: "s-l17", cwd: temp.root }
  const tabRows = (active: "t1" | "t2") => ({
    tabs: [
      { tabId: "t1", targetId: "T1", title: "Home", url: HOME, active: active === "t1" },
      ...(active === "t2" ? [{ tabId: "t2", targetId: "T2", title: "Popup", url: POPUP, active: true }] : [])
    ]
  })
  /** `readUrl`: where the click's page read ran; `active`: the tab the command left active. */
  const script = (active: "t1" | "t2", readUrl = HOME, openedTab = false): ReadonlyArray<ScriptedRun> => [
    openBatch({ url: HOME, title: "Home" }, undefined, true),
    {
      when: (r) => !r.args.includes("batch") && r.args.at(-2) === "tab" && r.args.at(-1) === "t1",
      reply: FakeAgentBrowser.ok({ tabId: "t1", title: "Home", url: HOME }),
      repeat: true
    },
    {
      when: (r) => !r.args.includes("batch") && r.args.at(-1) === "list",
      reply: FakeAgentBrowser.ok(tabRows(active)),
      repeat: true
    },
    batchRows((step) =>
      step[0] === "tab" && step[1] === "list"
        ? tabRows(active)
        : step[0] === "eval"
          ? {
              result: {
                title: readUrl === HOME ? "Home" : "Popup",
                url: readUrl,
                ...(openedTab ? { click: { resolved: true, events: 5, hits: 5, navigating: false, openedTab } } : {})
              }
            }
          : {}
    ),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ]
  const opened = Effect.gen(function* () {
    const result = yield* runToResult({ args: ["open", HOME] }, here)
    return result.details.sessionName ?? ""
  })
  const pin = Effect.gen(function* () {
    const plan = yield* prepare({ args: ["get", "url"] }, here)
    yield* (yield* SessionRegistry).recordCall(plan, { reselectedTab: "t1" })
  })
  const singles = Effect.map(FakeAgentBrowser, (f) => f.requests).pipe(
    Effect.flatten,
    Effect.map((rs) =>
      rs.filter((r) => !r.args.includes("batch")).map((r) => r.args.slice(r.args.indexOf("--session") + 2).join(" "))
    )
  )

  it.scoped(
    "pinned session: a key press after which another tab is active re-selects its tab (tab list in its own batch), with the line",
    () =>
      Effect.gen(function* () {
        yield* opened
        yield* pin
        const pressed = yield* runToResult({ args: ["press", "Enter"] }, here)
        expect(pressed.details.tabCorrection).toEqual({
          reselected: "t1",
          from: POPUP,
          reason: "focus-stolen",
          stolenBy: "t2"
        })
        expect(contentText(pressed.content)).toContain(
          `Tab recovery: tab t2 (${POPUP}) took the focus during this command; re-selected t1, the tab it ran on (refs from before are void: snapshot -i). To use the other tab: tab t2.`
        )
        expect((yield* singles).filter((a) => a.startsWith("tab"))).toEqual(["tab t1"])
      }).pipe(Effect.provide(fakeLayer(temp.root, script("t2"))))
  )

  it.scoped(
    "pinned session, its tab still active: no line, no extra process; a routine session's script lists no tabs",
    () =>
      Effect.gen(function* () {
        yield* opened
        const routine = yield* runToResult({ args: ["eval", "1"] }, here)
        expect(routine.details.tabCorrection).toBeUndefined()
        yield* pin
        const pressed = yield* runToResult({ args: ["press", "Enter"] }, here)
        expect(pressed.details.tabCorrection).toBeUndefined()
        expect(contentText(pressed.content)).not.toContain("Tab recovery")
        expect((yield* singles).filter((a) => a.startsWith("tab"))).toEqual([])
      }).pipe(Effect.provide(fakeLayer(temp.root, script("t1"))))
  )

  const clickFrom = (targetId: string) =>
    Effect.gen(function* () {
      const session = yield* opened
      // the daemon's record of the tab the click starts on
      mkdirSync(join(temp.root, "s"), { recursive: true })
      writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId, url: HOME }))
      return yield* runToResult({ args: ["click", "#go"] }, here)
    })
  const routineClick = clickFrom("T1")

  it.scoped(
    "routine session: a click whose read ran on its own page while another tab took the focus re-selects it",
    () =>
      Effect.gen(function* () {
        const clicked = yield* routineClick
        expect(clicked.details.tabCorrection).toEqual({
          reselected: "t1",
          from: POPUP,
          reason: "focus-stolen",
          stolenBy: "t2"
        })
        // not pinned: a pinned tab is selected before every command, and each select voids agent-browser's refs
        expect((yield* (yield* SessionRegistry).view(clicked.details.sessionName ?? "")).pinnedTab).toBeUndefined()
      }).pipe(Effect.provide(fakeLayer(temp.root, script("t2", HOME))))
  )

  it.scoped(
    "a read whose daemon followed a tab the page opened since the last command: said, in the read's one process",
    () =>
      Effect.gen(function* () {
        // a session of its own: the .target it leaves names the popup
        const own = { piSessionId: "s-l17-read", cwd: temp.root }
        const session = (yield* runToResult({ args: ["open", HOME] }, own)).details.sessionName ?? ""
        const target = join(temp.root, "s", `${session}.target`)
        mkdirSync(join(temp.root, "s"), { recursive: true })
        writeFileSync(target, JSON.stringify({ targetId: "T1", url: HOME }))
        const before = (yield* (yield* FakeAgentBrowser).requests).length
        const read = yield* runToResult({ args: ["get", "title"] }, own)
        expect((yield* (yield* FakeAgentBrowser).requests).length).toBe(before + 1)
        expect(contentText(read.content)).toContain(
          `This ran in another tab, ${POPUP}: the page opened it since the last command, and agent-browser follows a ` +
            `new tab. This session's page, ${HOME}, is still open in its own tab (tab list shows both).`
        )
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch({ url: HOME, title: "Home" }),
            {
              // upstream follows the popup at this command, and writes its record of the active tab
              when: (r) => r.args.includes("title"),
              reply: (r) => {
                const session = r.args[r.args.indexOf("--session") + 1] ?? ""
                writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId: "T2", url: POPUP }))
                return FakeAgentBrowser.ok({ title: "Popup" }) as never
              }
            }
          ])
        )
      )
  )

  it.scoped(
    "routine session: a click whose read ran in the tab it opened (a target=_blank link) is followed: the result names that page",
    () =>
      Effect.gen(function* () {
        const clicked = yield* routineClick
        expect(clicked.details.tabCorrection).toBeUndefined()
        expect(clicked.details.navigationSummary).toMatchObject({ url: POPUP })
        // the new tab is said, with the tab the click ran on (popups.target-blank-then-read in bench:cases)
        expect(clicked.details.openedTab).toEqual({ tabId: "t2", from: "t1" })
        expect(contentText(clicked.content)).toContain("New tab t2 (the page opened it; commands now act on it): ")
        expect(contentText(clicked.content)).toContain("The clicked page stays in tab t1 (tab t1 goes back to it).")
      }).pipe(Effect.provide(fakeLayer(temp.root, script("t2", POPUP))))
  )

  it.scoped(
    "routine session: a tab the clicked page opened itself (window.open) is followed even when its read ran first: the result names it",
    () =>
      Effect.gen(function* () {
        const clicked = yield* routineClick
        expect(clicked.details.tabCorrection).toBeUndefined()
        expect(clicked.details.navigationSummary).toEqual({ title: "Popup", url: POPUP })
        expect(contentText(clicked.content)).toContain(
          `New tab t2 (the page opened it; commands now act on it): Popup — ${POPUP}\n` +
            "The clicked page stays in tab t1 (tab t1 goes back to it)."
        )
        expect(contentText(clicked.content)).not.toContain("Page: Popup")
      }).pipe(Effect.provide(fakeLayer(temp.root, script("t2", HOME, true))))
  )

  /**
   * A click whose read ran in its own document and found it opened no tab: the read throws its value (the batch ends
   * there), so no tab list runs, in the batch or after it, even in a pinned session (the focus was where it was).
   */
  const stayedRead: ScriptedRun = {
    when: (r) => r.args.includes("batch") && (r.stdin ?? "").includes("dialogsOpened"),
    reply: (r) => {
      const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
      const at = steps.findIndex((step) => step[0] === "eval" && (step[1] ?? "").includes("dialogsOpened"))
      const read = {
        title: "Home",
        url: HOME,
        click: { resolved: true, events: 5, hits: 5, navigating: false, openedTab: false }
      }
      const rows = steps.slice(0, at + 1).map((step, i) =>
        i < at
          ? {
              command: step,
              success: true,
              result: step[0] === "click" ? { clicked: "#go" } : { result: { resolved: true } },
              error: null
            }
          : {
              command: step,
              success: false,
              result: null,
              error: `Evaluation error: Error: \u0001${JSON.stringify(read)}\u0001\n    at <anonymous>:81:63`
            }
      )
      return { exitCode: 1, stdout: `${JSON.stringify(rows)}\n` }
    },
    repeat: true
  }
  const clickSteps = Effect.map(FakeAgentBrowser, (f) => f.requests).pipe(
    Effect.flatten,
    Effect.map((rs) => rs.filter((r) => (r.stdin ?? "").includes("dialogsOpened")))
  )

  it.scoped(
    "a click whose read ran in its own document and opened no tab: the batch ends at the read, no tab is listed, the page is the read's",
    () =>
      Effect.gen(function* () {
        yield* opened
        yield* pin
        const clicked = yield* runToResult({ args: ["click", "#go"] }, here)
        expect(clicked.isError, contentText(clicked.content)).toBe(false)
        expect(clicked.details.tabCorrection).toBeUndefined()
        expect(clicked.details.navigationSummary).toEqual({ title: "Home", url: HOME })
        expect((yield* clickSteps).length).toBe(1)
        // the pinned session's tab list would run on its own after the click if the read's answer were not trusted
        expect((yield* singles).filter((a) => a.startsWith("tab"))).toEqual([])
      }).pipe(Effect.provide(fakeLayer(temp.root, [stayedRead, ...script("t2")])))
  )
})

describe("R4: overlayBlockers after a same-URL click that opened a modal, in the contract's shape", () => {
  const PAGE = "http://a.test/offers"
  const here = { piSessionId: "s-r4", cwd: temp.root }
  const tree = [
    '- heading "Offers" [level=1, ref=e1]',
    '- button "Subscribe" [ref=e2]',
    '- dialog "Newsletter"',
    '  - textbox "Email" [ref=e3]',
    '  - button "Close" [ref=e4]',
    '  - button "No thanks" [ref=e5]'
  ].join("\n")
  const refs = {
    e1: { role: "heading", name: "Offers" },
    e2: { role: "button", name: "Subscribe" },
    e3: { role: "textbox", name: "Email" },
    e4: { role: "button", name: "Close" },
    e5: { role: "button", name: "No thanks" }
  }
  /** `opened`: dialogs the click's read counted; `readUrl`: the page it stayed on. */
  const script = (opened: number, readUrl = PAGE): ReadonlyArray<ScriptedRun> => [
    { when: (r) => r.args.includes("open"), reply: FakeAgentBrowser.ok({ url: PAGE, title: "Offers" }), repeat: true },
    {
      when: (r) => !r.args.includes("batch") && r.args.includes("click"),
      reply: FakeAgentBrowser.ok({ clicked: "#subscribe" }),
      repeat: true
    },
    // before the click, snapshot -i sees no dialog (its refs stop at e2)
    batchRows((step) =>
      step[0] === "click"
        ? { clicked: step[1] }
        : step[0] === "snapshot" && step.includes("-i")
          ? { origin: PAGE, refs: { e1: refs.e1, e2: refs.e2 }, snapshot: tree.split("\n").slice(0, 2).join("\n") }
          : step[0] === "snapshot"
            ? { origin: PAGE, refs, snapshot: tree }
            : step[0] === "eval"
              ? {
                  result: {
                    title: "Offers",
                    url: readUrl,
                    click: { resolved: true, events: 5, hits: 5, navigating: false },
                    dialogsOpened: opened
                  }
                }
              : {}
    ),
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ]
  /** Full snapshots run on their own (the overlay check's); snapshot -i runs in its naming batch with a full one too. */
  const snapshots = Effect.map(FakeAgentBrowser, (f) => f.requests).pipe(
    Effect.flatten,
    Effect.map((rs) => rs.filter((r) => r.stdin === JSON.stringify([["snapshot"]])).length)
  )
  const click = Effect.gen(function* () {
    yield* runToResult({ args: ["open", PAGE] }, here)
    yield* runToResult({ args: ["snapshot", "-i"] }, here)
    return yield* runToResult({ args: ["click", "#subscribe"] }, here)
  })

  it.scoped(
    "the click opened a dialog: one snapshot after it; candidates with their click args, the summary, and that snapshot as the session's refs",
    () =>
      Effect.gen(function* () {
        const clicked = yield* click
        const overlay = clicked.details.overlayBlockers
        expect(overlay?.candidates).toEqual([
          {
            ref: "@e4",
            role: "button",
            name: "Close",
            args: ["click", "@e4"],
            reason: 'inside open dialog "Newsletter"'
          },
          {
            ref: "@e5",
            role: "button",
            name: "No thanks",
            args: ["click", "@e5"],
            reason: 'inside open dialog "Newsletter"'
          }
        ])
        expect(overlay?.summary).toContain('likely dismiss controls: @e4 button "Close", @e5 button "No thanks"')
        expect(overlay?.snapshot).toMatchObject({
          url: PAGE,
          refCount: 5,
          refs: { e4: { role: "button", name: "Close" } },
          target: { url: PAGE }
        })
        expect(clicked.details.refSnapshot).toEqual(overlay?.snapshot)
        expect(yield* snapshots).toBe(1)
        // the candidate's ref is in the session's latest snapshot: following it is not refused as stale
        const next = yield* runToResult({ args: ["click", "@e4"] }, here)
        expect(next.details.failureCategory).toBeUndefined()
      }).pipe(Effect.provide(fakeLayer(temp.root, script(1))))
  )

  it.scoped("no dialog opened, or the click left the URL: no snapshot, no flag", () =>
    Effect.gen(function* () {
      const clicked = yield* click
      expect(clicked.details.overlayBlockers).toBeUndefined()
      expect(contentText(clicked.content)).not.toContain("overlay")
      expect(yield* snapshots).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, script(0))))
  )

  it.scoped("a click that opened a dialog on another URL is not a same-URL click: no flag", () =>
    Effect.gen(function* () {
      const clicked = yield* click
      expect(clicked.details.overlayBlockers).toBeUndefined()
      expect(yield* snapshots).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, script(1, "http://a.test/other"))))
  )
})
