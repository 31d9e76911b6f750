/**
 * Tab drift after `open`: agent-browser 0.41 can report the page it opened while leaving the active tab elsewhere
 * (about:blank on a fresh session, a restored tab with --profile/--state), so the next snapshot reads the wrong page.
 * After a successful open, the daemon's own record of the active tab is compared with the URL open returned; on a
 * mismatch the tab showing that URL is re-selected (`tab list`, then `tab <id>`). When no tab shows it and the front
 * tab shows a web page, the opened page moved on by itself after its load (a meta refresh, a script's
 * location.replace): the open says where it landed (`movedTo`, from the same tab list). Otherwise the call fails as
 * `tab-drift` with exact recovery steps. One file read when nothing drifted.
 *
 * Focus lost between calls (a popup, a restored tab, another client switched tabs): before a command that stays on
 * its page (a read, a fill, a hover) or acts on it (a click, a key press, a script), the daemon's active tab is
 * compared with the page the session was last on; when another tab still shows that page, it is re-selected first so
 * the command reads or acts on the right page. When no tab shows it, the page moved by itself (a redirect, an SPA
 * route): the command runs as asked and the active page becomes the known one (so the next call does not list tabs
 * again), except on about:blank, which is `tab-drift`.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import { TabDrift } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/target.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import { readPayload, TabList, UrlReply } from "../../schema/UpstreamPayloads.js"
import { samePage } from "../../session/refPreflight.js"
import { observeDaemon } from "../refs/refTracking.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import type { TabCorrection } from "../../domain/PageFacts.js"
import type { Navigation } from "../../domain/Executed.js"
import { isOpening, mayLoseFocus, staysOnTab } from "../../upstream/commandEffects.js"

/** `tab list` and `tab <id>` answer at once on a live browser. */
const TAB_COMMAND_TIMEOUT_MS = 8_000

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
  // a page still loading has its URL as its tab's title (Chromium's placeholder): no title yet
  const title =
    typeof front.title === "string" && front.title !== front.url.replace(/^https?:\/\//, "") ? front.title : ""
  return { title, url: front.url }
}

export const recoverTab = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    if (!isOpening(plan.line.command) || outcome.kind !== "single" || plan.sessionName === undefined) return undefined
    const opened = readPayload(UrlReply, outcome.data, (d) => d.url)
    if (opened === undefined || !/^https?:/.test(opened)) return undefined
    const active = (yield* observeDaemon(plan)).url
    if (active === undefined || samePage(opened, active)) return undefined
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) =>
      Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const listed = yield* run(["tab", "list"])
    const tabs =
      Either.isRight(listed) && listed.right.kind === "single"
        ? (readPayload(TabList, listed.right.data, (d) => d.tabs) ?? [])
        : []
    const match = tabs.find((t) => typeof t.url === "string" && samePage(opened, t.url))
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

export const refocusKnownTab = (plan: Plan) =>
  Effect.gen(function* () {
    if (
      !(staysOnTab(plan.line.command) || mayLoseFocus(plan.line.command)) ||
      plan.sessionName === undefined ||
      plan.kind !== "browser" ||
      plan.firstLaunch
    )
      return undefined
    const view = yield* (yield* SessionRegistry).view(plan.sessionName)
    const known = view.page
    // a pinned tab already runs the command in the session's tab (tabPinning)
    if (view.pinnedTab !== undefined || known === undefined || known === null || !/^https?:/.test(known.url))
      return undefined
    const active = (yield* observeDaemon(plan)).url
    if (active === undefined || samePage(known.url, active)) return undefined
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) =>
      Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const listed = yield* run(["tab", "list"])
    const tabs =
      Either.isRight(listed) && listed.right.kind === "single"
        ? (readPayload(TabList, listed.right.data, (d) => d.tabs) ?? [])
        : []
    const match = tabs.find((t) => typeof t.url === "string" && samePage(known.url, t.url) && t.active !== true)
    if (match === undefined || typeof match.tabId !== "string") {
      if (active === "about:blank") return yield* new TabDrift({ expectedUrl: known.url, observedUrl: active })
      return { pageMovedTo: active } satisfies Refocus
    }
    const selected = yield* run(["tab", match.tabId])
    if (Either.isLeft(selected))
      return yield* new TabDrift({ expectedUrl: known.url, observedUrl: active, intendedTabId: match.tabId })
    return { correction: { reselected: match.tabId, from: active, reason: "focus-lost" } } satisfies Refocus
  })
