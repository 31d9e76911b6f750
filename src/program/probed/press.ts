/**
 * `press|key`: a watch installed before the key and read after it: console errors, a changed heading or focused
 * control, the active item of a widget that kept the focus, the page's scroll, a dialog the key opened, and whether
 * anything started to leave the page (page/clickEffects.ts); a page that closed its own tab on the key (a popup's
 * "Done"), held until the read answered (page/closeHold.ts), is said with the tab in front (tabs/tabRecovery.ts). In a
 * pinned tab the batch runs behind the pin's guard (tabs/tabPinning.ts) and lists the tabs after the read, for the tab
 * recovery (another tab may have taken the focus): still one process.
 */
import * as Effect from "effect/Effect"
import { field } from "../../page/appearedText.js"
import { clickEffectsOf, isPressCommand, PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../page/clickEffects.js"
import { jsDialogsSaid } from "../../page/actionWatches.js"
import { closingTabOf } from "../../page/closeHold.js"
import { pressedRowOf } from "../../page/typeReadback.js"
import { tabsOf } from "../tabs/tabRecovery.js"
import type { StepRow } from "../../domain/Outcome.js"
import { evalResultOf } from "../../page/namingReads.js"
import { plain, type ProbeKind, replyOf } from "./probed.js"

/**
 * What the press's read saw: its value (`after`; thrown when the page was closing its tab, which ended the batch:
 * page/clickEffects.ts) and the effects and dialogs it says (a job's press step says the same: modes/pressStep.ts).
 */
export const pressReadOf = (read: StepRow | undefined) => {
  const after = read !== undefined && !read.success ? read.thrown : evalResultOf(read)
  const effects = clickEffectsOf(after)
  const jsDialogs = jsDialogsSaid(field(after, "jsDialogs"), field(after, "earlierDialogs"))
  return {
    after,
    said: { ...(effects !== undefined ? { effects } : {}), ...(jsDialogs !== undefined ? { jsDialogs } : {}) }
  }
}

export const pressProbe: ProbeKind = {
  commands: ["press", "key"],
  applies: isPressCommand,
  probes: ({ plan, pinned }) =>
    !isPressCommand(plan.line.positionals)
      ? undefined
      : {
          before: [["eval", PRESS_WATCH_INSTALL]],
          after: pinned
            ? [
                ["eval", PRESS_WATCH_READ],
                ["tab", "list"]
              ]
            : [["eval", PRESS_WATCH_READ]],
          read: (ran) => {
            if (ran.row === undefined) return Effect.succeed(undefined)
            // a key that opened a confirm or prompt: its row as sent
            const row = pressedRowOf(ran.row, ran.rows[ran.at - 1])
            if (!row.success) return Effect.succeed(plain(replyOf(row)))
            const { after, said } = pressReadOf(ran.rows[ran.at + 1])
            // the page closed its own tab (held until the read answered): the tabs are listed after it, no page read
            const closing = closingTabOf(field(after, "closing"))
            const tabs = pinned && closing === undefined ? tabsOf(ran.rows[ran.at + 2]) : undefined
            return Effect.succeed({
              ...plain(replyOf(row, said)),
              ...(field(after, "stayed") === true || closing !== undefined ? { stayed: true as const } : {}),
              ...(closing !== undefined ? { closing } : {}),
              ...(tabs !== undefined ? { tabs } : {})
            })
          }
        }
}
