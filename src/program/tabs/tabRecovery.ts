/**
 * Tab drift after `open`: agent-browser 0.41 can report the page it opened while leaving the active tab elsewhere
 * (about:blank on a fresh session, a restored tab with --profile/--state), so the next snapshot reads the wrong page.
 * After a successful open, the daemon's own record of the active tab is compared with the URL open returned; on a
 * mismatch the tab showing that URL is re-selected (`tab list`, then `tab <id>`). When none matches, the call fails
 * as `tab-drift` with exact recovery steps. One file read when nothing drifted.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../schema/Plan.js"
import { TabDrift } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/target.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"
import { readPayload, TabList, UrlReply } from "../../schema/UpstreamPayloads.js"
import { samePage } from "../../session/refPreflight.js"
import { observeDaemon } from "../refs/refTracking.js"
import type { TabCorrection } from "../../schema/PageFacts.js"

const OPENS = new Set(["open", "goto", "navigate"])
/** `tab list` and `tab <id>` answer at once on a live browser. */
const TAB_COMMAND_TIMEOUT_MS = 8_000

export const recoverTab = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function*() {
    if (!OPENS.has(plan.line.command ?? "") || outcome.kind !== "single" || plan.sessionName === undefined) return undefined
    const opened = readPayload(UrlReply, outcome.data, (d) => d.url)
    if (opened === undefined || !/^https?:/.test(opened)) return undefined
    const active = (yield* observeDaemon(plan)).url
    if (active === undefined || samePage(opened, active)) return undefined
    const commands = yield* SessionCommands
    const target = { ...targetOf(plan), kind: "browser" as const }
    const run = (args: ReadonlyArray<string>) => Effect.either(commands.run(target, args, { timeoutMs: TAB_COMMAND_TIMEOUT_MS }))
    const listed = yield* run(["tab", "list"])
    const tabs = Either.isRight(listed) && listed.right.kind === "single" ? (readPayload(TabList, listed.right.data, (d) => d.tabs) ?? []) : []
    const match = tabs.find((t) => typeof t.url === "string" && samePage(opened, t.url))
    if (match === undefined || typeof match.tabId !== "string") {
      return yield* new TabDrift({ expectedUrl: opened, observedUrl: active })
    }
    const selected = yield* run(["tab", match.tabId])
    if (Either.isLeft(selected)) return yield* new TabDrift({ expectedUrl: opened, observedUrl: active })
    return { reselected: match.tabId, from: active } satisfies TabCorrection
  })
