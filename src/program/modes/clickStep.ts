/**
 * A job, qa or batch step `click|dblclick <sel>` or `find … click` with the direct click's recorder and read around
 * it, in one upstream process (page/clickRecorder.ts): the console errors it logged, the heading or control it changed,
 * the text it made appear (page/clickEffects.ts) and the JavaScript dialogs it opened (page/actionWatches.ts) are said
 * on its row. A click that left its document is read past the direct click's gate, once the page it led to loaded
 * (its title and URL: `landed`); a click that opened a tab upstream followed names it (the tab lists before and after
 * the click, in the same process), and a click that changed only its own page's address (a hash router's link) says
 * the new address. The click's own reply and failure are exactly as alone. An Electron app's click runs as usual, as a
 * direct one does.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { clickRecordOf, clickTargetOf } from "../../page/clickDispatch.js"
import { CLICK_READ_EXPRESSION, CLICK_STAYED_GATE, clickReadOf, clickRecorderScript } from "../../page/clickRecorder.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { findArgsOf } from "../../upstream/findArgs.js"
import { textClickOf } from "../refs/preResolveTextClick.js"
import { clickReplyOf, isElectronSession } from "../page/clickCommand.js"
import { LANDED_PAGE_READ, landedPageOf, landedPageSteps } from "../page/pageProbes.js"
import { type TabRow, tabsOf } from "../tabs/tabRecovery.js"

/** At most this long for the page a navigating click led to to load (as a direct click). */
const LANDED_LOAD_TIMEOUT_MS = 7_000

/**
 * Whether the step is an element click the recorder can watch: `click|dblclick <sel>`, or a `find` locator's click (a
 * text click's is watched once the page picked its element: stepKinds.ts); not the tool's own input.
 */
export const isClickStep = (positionals: ReadonlyArray<string>): boolean =>
  ((positionals[0] === "click" || positionals[0] === "dblclick") && positionals[1] !== undefined) ||
  (findArgsOf(positionals)?.action === "click" && textClickOf(positionals) === undefined)

/**
 * The tab in front after the click when it was not there before (the page opened it, upstream followed it), with the
 * title and URL the tab list gives it.
 */
const openedTabOf = (before: ReadonlyArray<TabRow> | undefined, after: ReadonlyArray<TabRow> | undefined) => {
  const was = before?.find((t) => t.active === true)?.tabId
  const front = after?.find((t) => t.active === true)
  const now = front?.tabId
  if (typeof was !== "string" || typeof now !== "string" || before?.some((t) => t.tabId === now) !== false) return
  const url = typeof front?.url === "string" ? front.url : undefined
  const title = typeof front?.title === "string" ? front.title : ""
  return { tab: { tabId: now, from: was }, ...(url !== undefined ? { page: { title, url } } : {}) }
}

export const runClickStep = (
  session: string | undefined,
  target: SessionTarget,
  row: ReadonlyArray<string>,
  positionals: ReadonlyArray<string>,
  refs: RefSnapshot | undefined,
  timeoutMs: number
) =>
  Effect.gen(function* () {
    const commands = yield* SessionCommands
    // an Electron app's click runs as usual, as a direct one (its health check owns the page after it)
    if (session === undefined || (yield* isElectronSession(session)))
      return yield* commands.run(target, row, { timeoutMs })
    const aimed = positionals[0] === "click" ? clickTargetOf(positionals, refs) : undefined
    // the read ends the batch when the click stayed; past the gate, the page a navigating click led to, once loaded
    const landedSteps = landedPageSteps(Math.min(LANDED_LOAD_TIMEOUT_MS, timeoutMs / 4))
    // the tabs before and (past a read that did not end the batch) after: a tab the click opened and upstream followed
    const steps = [
      ["eval", clickRecorderScript(aimed)],
      ["tab", "list"],
      row,
      ["eval", CLICK_READ_EXPRESSION],
      ["tab", "list"],
      ["eval", CLICK_STAYED_GATE]
    ]
    const rows = yield* commands.batch(target, [...steps, ...landedSteps], { timeoutMs, failFast: true })
    const own = rows[2]
    // the recorder could not be installed: the step runs as it would have
    if (own === undefined) return yield* commands.run(target, row, { timeoutMs })
    if (!own.success) return yield* own.error
    const read = clickReadOf(rows[3])?.value
    const ref = /^@?(e\d+)$/.exec(positionals[1] ?? "")?.[1]
    // the direct click's reply: its effects and dialogs, as the recorder and the read saw them
    const replied = clickReplyOf(own, rows[0], read, ref !== undefined ? refs?.refs.get(ref) : undefined)
    if (Either.isLeft(replied)) return yield* replied.left
    // as a direct click: the page past the gate is the one it led to when the read ran elsewhere or saw it navigate
    const record = clickRecordOf(read?.["click"])
    const left = record === undefined || (record.navigating && record.closing === undefined)
    const landed = left ? landedPageOf(rows[steps.length + LANDED_PAGE_READ]) : undefined
    // a click that stayed: its document's address as the read found it (a hash router's link changes only that)
    const stayed = !left && typeof read?.["url"] === "string" ? read["url"] : undefined
    const reply = replied.right
    if (reply.kind !== "single") return reply
    const opened = openedTabOf(tabsOf(rows[1]), tabsOf(rows[4]))
    const newTab = opened !== undefined ? { newTab: opened.tab } : {}
    if (landed !== undefined) return { ...reply, landed: { title: landed.title, url: landed.url, ...newTab } }
    // a tab upstream followed once the read had run in the clicked page: the tab list's title and URL
    if (opened?.page !== undefined) return { ...reply, landed: { ...opened.page, ...newTab } }
    const title = typeof read?.["title"] === "string" ? read["title"] : ""
    return stayed === undefined ? reply : { ...reply, landed: { title, url: stayed, sameDocument: true as const } }
  })
