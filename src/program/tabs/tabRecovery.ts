/**
 * Tab drift after `open`: agent-browser 0.41 can report the page it opened while leaving the active tab elsewhere
 * (about:blank on a fresh session, a restored tab with --profile/--state), so the next snapshot reads the wrong page.
 * After a successful open, the daemon's own record of the active tab is compared with the URL open returned; on a
 * mismatch the tab showing that URL is re-selected (`tab list`, then `tab <id>`). When no tab shows it and the front
 * tab shows a web page, the opened page moved on by itself after its load (a meta refresh, a script's
 * location.replace): the open says where it landed (`movedTo`, from the same tab list; from the daemon's record
 * when the front tab still lists the opened page, which is then no drift). Otherwise the call fails as
 * `tab-drift` with exact recovery steps. One file read when nothing drifted.
 *
 * Focus lost between calls (a popup, a restored tab, another client switched tabs): before a command that stays on
 * its page (a read, a fill, a hover) or acts on it (a click, a key press, a script), the daemon's active tab is
 * compared with the page the session was last on; when another tab still shows that page, it is re-selected first so
 * the command reads or acts on the right page. When no tab shows it, the page moved by itself (a redirect, an SPA
 * route): the command runs as asked and the active page becomes the known one (so the next call does not list tabs
 * again), except on about:blank, which is `tab-drift`.
 */

import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Navigation } from "../../domain/Executed.js"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { ClosedTab, OpenedTab, TabCorrection } from "../../domain/PageFacts.js"
import type { Plan } from "../../domain/Plan.js"
import { TabDrift } from "../../schema/ToolError.js"
import { readPayload, TabList, TabSelected, UrlReply } from "../../schema/UpstreamPayloads.js"
import type { DaemonObservation } from "../../services/DaemonProbe.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { samePage } from "../../session/refPreflight.js"
import { observeDaemon } from "../refs/refTracking.js"
import type { ClosingTab } from "../../page/closeHold.js"

/** `tab list` and `tab <id>` answer at once on a live browser. */
const TAB_COMMAND_TIMEOUT_MS = 8_000

/** The session's tabs (`tab list`, one process); none when the list failed. */
const listTabs = (plan: Plan) =>
  Effect.gen(function* () {
    const target = { ...targetOf(plan), kind: "browser" as const }
    const listed = yield* Effect.either(
      (yield* SessionCommands).run(target, ["tab", "list"], { timeoutMs: TAB_COMMAND_TIMEOUT_MS })
    )
    return Either.isRight(listed) && listed.right.kind === "single"
      ? (readPayload(TabList, listed.right.data, (d) => d.tabs) ?? [])
      : []
  })

/** What the check after an open found: the opened page's tab re-selected, or the page it moved on to by itself. */
export interface AfterOpen {
  readonly correction?: TabCorrection
  readonly movedTo?: Navigation
}

type Listed = ReadonlyArray<{ readonly url?: unknown; readonly title?: unknown; readonly active?: unknown }>

/** The front tab, when it shows the web page the daemon has in front (the page an open moved on to by itself). */
const movedOn = (tabs: Listed, active: string): Navigation | undefined => {
  const front = tabs.find((t) => t.active === true)
  if (!/^https?:/.test(active) || typeof front?.url !== "string" || !samePage(front.url, active)) return undefined
  // a page still loading has its URL as its tab's title (Chromium's placeholder): its title is not known yet
  const loading = typeof front.title !== "string" || front.title === front.url.replace(/^https?:\/\//, "")
  return loading ? { url: front.url } : { title: front.title as string, url: front.url }
}

/** After an open's single reply in a session (readPhase.ts decides that it applies). */
export const recoverTab = (plan: Plan, outcome: Extract<UpstreamOutcome, { readonly kind: "single" }>) =>
  Effect.gen(function* () {
    const opened = readPayload(UrlReply, outcome.data, (d) => d.url)
    if (opened === undefined || !/^https?:/.test(opened)) return undefined
    const active = (yield* observeDaemon(plan)).url
    if (active === undefined || samePage(opened, active)) return undefined
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) =>
      Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const tabs = yield* listTabs(plan)
    const match = tabs.find((t) => typeof t.url === "string" && samePage(opened, t.url))
    // the tab in front still lists the opened page while its document moves on (a refresh, read before the list
    // caught up): the same tab, not a drift; selecting it again would pin the session's tab and change nothing
    if (match?.active === true) return /^https?:/.test(active) ? ({ movedTo: { url: active } } satisfies AfterOpen) : {}
    if (match === undefined || typeof match.tabId !== "string") {
      const movedTo = movedOn(tabs, active)
      if (movedTo !== undefined) return { movedTo } satisfies AfterOpen
      return yield* new TabDrift({ expectedUrl: opened, observedUrl: active })
    }
    const selected = yield* run(["tab", match.tabId])
    if (Either.isLeft(selected))
      return yield* new TabDrift({ expectedUrl: opened, observedUrl: active, intendedTabId: match.tabId })
    return { correction: { reselected: match.tabId, from: active, reason: "after-open" } } satisfies AfterOpen
  })

export interface Refocus {
  /** Another tab showed the session's page and was re-selected. */
  readonly correction?: TabCorrection
  /** No tab shows the session's page: the active page moved by itself, and is the known page from now on. */
  readonly pageMovedTo?: string
}

/**
 * Before a command that stays on its tab or may lose the focus, in a session's browser that ran before (readPhase.ts
 * decides that it applies). `active`: the daemon's files as read before the run (readPhase.ts reads them once).
 */
export const refocusKnownTab = <R>(plan: Plan, session: string, active: Effect.Effect<DaemonObservation, never, R>) =>
  Effect.gen(function* () {
    const view = yield* (yield* SessionRegistry).view(session)
    const known = view.page
    // a pinned tab already runs the command in the session's tab (tabPinning)
    if (view.pinnedTab !== undefined || known === undefined || known === null || !/^https?:/.test(known.url))
      return undefined
    const activeUrl = (yield* active).url
    if (activeUrl === undefined || samePage(known.url, activeUrl)) return undefined
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) =>
      Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const tabs = yield* listTabs(plan)
    const match = tabs.find((t) => typeof t.url === "string" && samePage(known.url, t.url) && t.active !== true)
    if (match === undefined || typeof match.tabId !== "string") {
      if (activeUrl === "about:blank") return yield* new TabDrift({ expectedUrl: known.url, observedUrl: activeUrl })
      return { pageMovedTo: activeUrl } satisfies Refocus
    }
    const selected = yield* run(["tab", match.tabId])
    if (Either.isLeft(selected))
      return yield* new TabDrift({ expectedUrl: known.url, observedUrl: activeUrl, intendedTabId: match.tabId })
    return { correction: { reselected: match.tabId, from: activeUrl, reason: "focus-lost" } } satisfies Refocus
  })

/**
 * Focus taken during a command (L17). agent-browser 0.41.2 follows every new tab: a popup a background tab opens
 * (or one the command opened) becomes the active tab at the next command it handles, so the next call would act on a
 * page the result never named. Its record of the active tab (the `.target` file) is only written then too, so the
 * tabs are listed instead, in the command's own process where it runs in one: every click whose read did not run in
 * the clicked document or found that it opened a tab (a read that ran there found the focus where it was), and in a
 * session whose tab is pinned (it drifted before: the contract's "observed tab-drift risk") every command that may
 * lose the focus (`mayLoseFocus`), with a `tab list` of its own when it ran alone (an `eval --stdin`). When another
 * tab is active, the tab the command ran on is selected again and the result says so. Not restored: in a session
 * without a pin, a tab the clicked page opened itself (`window.open`, a `target=_blank` link or form: followed, and the
 * result names that page) or that the click's own read ran in, and a tab the command closed. The tab it ran on no
 * longer listed (its page called window.close) is said with the tab in front, which commands act on now; a command
 * that listed no tabs lists them for that only when the daemon's front tab changed during it, and a click whose read
 * found its page closing the tab (`closedByPage`) until it is gone. A routine session's key
 * presses and scripts are not listed (one more process each). Best effort: a failed list or select leaves the focus
 * where it is.
 */
export type TabRow = (typeof TabList.Type)["tabs"][number]

/** The tabs of a batch's `tab list` row (undefined when it failed or is missing). */
export const tabsOf = (row: StepRow | undefined): ReadonlyArray<TabRow> | undefined =>
  row?.success === true ? readPayload(TabList, row.result, (d) => d.tabs) : undefined

/** Where the command starts: the pinned tab, or the daemon's active target (undefined: nothing to restore). */
export type FocusBefore = { readonly pinned: string } | { readonly targetId: string }

/**
 * Before a command that may lose the focus, in a session's browser that ran before (readPhase.ts decides). `active`:
 * the daemon's files as read before the run.
 */
export const focusBefore = <R>(session: string, active: Effect.Effect<DaemonObservation, never, R>) =>
  Effect.gen(function* () {
    const pinned = (yield* (yield* SessionRegistry).view(session)).pinnedTab
    if (pinned !== undefined) return { pinned } satisfies FocusBefore
    const targetId = (yield* active).targetId
    return targetId !== undefined ? ({ targetId } satisfies FocusBefore) : undefined
  })

export interface FocusRestore {
  /** Absent when the tab the click's page opened itself is followed. */
  readonly correction?: TabCorrection
  /** The page the command's result is about: the re-selected tab's, or the followed tab's. */
  readonly page: Navigation
  /** The tab the clicked page opened itself, followed, and the tab the click ran on. */
  readonly opened?: OpenedTab
  /** The tab the command ran on is gone (its page closed itself): the tab in front now, whose page is `page`. */
  readonly closed?: ClosedTab
}

/**
 * The tab the command ran on is no longer listed (a sign-in popup's window.close): the front tab is the one acted on
 * now, with the page the command's own read found there, else the tab list's.
 */
const closedTabOf = (tabs: ReadonlyArray<TabRow>, navigation: Navigation | undefined): FocusRestore | undefined => {
  const active = tabs.find((t) => t.active === true)
  if (typeof active?.tabId !== "string" || typeof active.url !== "string") return undefined
  const listed = { title: typeof active.title === "string" ? active.title : "", url: active.url }
  const page = navigation !== undefined && samePage(navigation.url, listed.url) ? navigation : listed
  return { page, closed: { now: active.tabId } }
}

/** Listed tabs without the tab `targetId`: it closed. */
/** The tab a command ran on (its target id, or the session's pinned tab id) is no longer among the listed tabs. */
const goneFrom = (tabs: ReadonlyArray<TabRow>, ranOn: FocusBefore) =>
  tabs.length > 0 && !tabs.some((t) => ("pinned" in ranOn ? t.tabId === ranOn.pinned : t.targetId === ranOn.targetId))

/**
 * A command that listed no tabs: when the daemon's front tab is another one after it (its `.target`, file reads), the
 * tabs are listed (one process) to tell whether the tab it ran on closed; otherwise nothing is run.
 */
const closedSince = (plan: Plan, before: { readonly targetId: string }, navigation: Navigation | undefined) =>
  Effect.gen(function* () {
    const now = (yield* observeDaemon(plan)).targetId
    if (now === undefined || now === before.targetId) return undefined
    const tabs = yield* listTabs(plan)
    return goneFrom(tabs, before) ? closedTabOf(tabs, navigation) : undefined
  })

/** A click's page closing its tab: whether it may (`ClosingTab`), and the read of the page in front once it is gone. */
export interface PageClosing extends ClosingTab {
  readonly readFront: Effect.Effect<Navigation | undefined, never, SessionCommands>
}

/** The browser takes a moment to close a tab: listed again this often, at most this long (then nothing is said). */
const CLOSING_POLL_MS = 50
const CLOSING_WAIT_MS = 2_000

/**
 * A click whose page closed its own tab (`window.close`, held by the click's recorder until its read answered, so no
 * upstream command was in flight on the tab as it went: upstream would wait 30 s for the answer): the tabs are
 * listed until the tab it ran on is gone, while the page may close it (`closable`); once otherwise.
 */
const closedByPage = (plan: Plan, before: FocusBefore, closing: PageClosing) =>
  Effect.gen(function* () {
    const started = yield* Clock.currentTimeMillis
    for (;;) {
      const tabs = yield* listTabs(plan)
      // the page in front is read (the tab list's titles may be stale)
      if (goneFrom(tabs, before)) {
        // a pinned tab that closed ends its pin: commands act on the tab in front now
        if ("pinned" in before && plan.sessionName !== undefined)
          yield* (yield* SessionRegistry).dropPin(plan.sessionName)
        return closedTabOf(tabs, yield* closing.readFront)
      }
      if (!closing.closable || (yield* Clock.currentTimeMillis) - started >= CLOSING_WAIT_MS) return undefined
      yield* Effect.sleep(Duration.millis(CLOSING_POLL_MS))
    }
  })

/**
 * `seen`: the tabs listed in the command's own process, if it listed them. `navigation`: the page the command's own
 * read reported (a click's). `closing`: the clicked page closed its own tab.
 */
export const restoreFocus = (
  plan: Plan,
  before: FocusBefore,
  seen: ReadonlyArray<TabRow> | undefined,
  navigation: Navigation | undefined,
  openedTab = false,
  closing?: PageClosing
) =>
  Effect.gen(function* () {
    if (closing !== undefined) return yield* closedByPage(plan, before, closing)
    if (seen === undefined && !("pinned" in before)) return yield* closedSince(plan, before, navigation)
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) =>
      Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const tabs = seen ?? (yield* listTabs(plan))
    const active = tabs.find((t) => t.active === true)
    const intended = tabs.find((t) => ("pinned" in before ? t.tabId === before.pinned : t.targetId === before.targetId))
    if (!("pinned" in before) && intended === undefined) return closedTabOf(tabs, navigation)
    if (active === undefined || intended === undefined || intended === active || typeof intended.tabId !== "string")
      return undefined
    // without a pin (only a click lists its tabs then), another tab active after it is one the clicked page opened
    // (upstream follows a new tab): followed, not restored, and said; its page is the one the click's own read ran
    // in, or else the tab list's
    const readThere = navigation !== undefined && typeof active.url === "string" && samePage(navigation.url, active.url)
    if (!("pinned" in before) && (readThere || openedTab)) {
      const page = readThere
        ? navigation
        : typeof active.url === "string"
          ? { title: typeof active.title === "string" ? active.title : "", url: active.url }
          : undefined
      const opened = typeof active.tabId === "string" ? { opened: { tabId: active.tabId, from: intended.tabId } } : {}
      return page !== undefined ? ({ page, ...opened } satisfies FocusRestore) : undefined
    }
    const selected = yield* run(["tab", intended.tabId])
    const page =
      Either.isRight(selected) && selected.right.kind === "single"
        ? readPayload(TabSelected, selected.right.data, (d) => d)
        : undefined
    if (page === undefined) return undefined
    return {
      correction: {
        reselected: intended.tabId,
        from: typeof active.url === "string" ? active.url : "",
        reason: "focus-stolen",
        ...(typeof active.tabId === "string" ? { stolenBy: active.tabId } : {})
      },
      page: { title: page.title ?? "", url: page.url }
    } satisfies FocusRestore
  })
