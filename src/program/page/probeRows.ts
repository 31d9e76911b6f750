/**
 * The page reads that run around one planned command in its upstream batch, by command: the rows before it (a watch
 * installed, a guard that refuses what must not be sent) and after it (what the page now shows, what the control now
 * holds). probedCommand.ts runs them and reads their answers. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import { fillReadScript, fillTargetOf } from "../../page/fillReadback.js"
import { fillProbeRows } from "../../page/fillProbe.js"
import { scrollProbeScript, scrollSelectorOf } from "../../page/scrollPosition.js"
import { textSelectorOf, textVisibilityScript } from "../../page/textVisibility.js"
import { mayProbe } from "../../session/mayProbe.js"
import { COMBOBOX_FOCUS_EXPRESSION } from "../../page/comboboxFocus.js"
import { isPressCommand, PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../page/clickEffects.js"
import { isMousePointCommand, mouseProbeRows } from "../../page/mousePoint.js"
import { checkProbeRows, checkTargetOf } from "../../page/checkGuard.js"
import { selectBeforeScript, selectTargetOf } from "../../page/selectGuard.js"
import { type KeyedTyping, keyedTypingOf, typeTargetOf } from "../../page/typeReadback.js"
import { mediaQueriesOf, mediaReadExpression } from "../../page/mediaRead.js"
import { timedActionRows } from "../../page/actionTimers.js"
import { isReloadCommand, KEPT_SCROLL_READ } from "../../page/reloadScroll.js"
import { KEYED_WATCH_INSTALL, KEYED_WATCH_READ } from "../../page/typedEffects.js"
import { uploadProbeRows, uploadTargetOf } from "../../page/uploadRead.js"
import { DRAG_WATCH_INSTALL, DRAG_WATCH_READ, isDragCommand } from "../../page/dragWatch.js"

/** A combobox's list may open a moment after typing (debounced autocomplete): the focus read waits this long. */
const COMBOBOX_FILL_SETTLE_MS = 300

/** The page reads around the planned command, or undefined when the command needs none or may not have them. */
type Rows = ReadonlyArray<ReadonlyArray<string>>

export const probesFor = (
  plan: Plan,
  electronApp: boolean,
  comboboxFill: boolean,
  refs: RefSnapshot | undefined
): { before: Rows; after: Rows; keyed?: KeyedTyping } | undefined => {
  if (!mayProbe(plan) || plan.stdin !== undefined || plan.compiled.mode === "job" || plan.compiled.mode === "qa")
    return undefined
  // mouse down|up|move: where the pointer acted, the element there, text it made appear (page/mousePoint.ts)
  if (isMousePointCommand(plan.line.positionals)) {
    return mouseProbeRows(plan.line.positionals)
  }
  // press|key: console errors, a changed heading or focused control (page/clickEffects.ts)
  if (isPressCommand(plan.line.positionals)) {
    return { before: [["eval", PRESS_WATCH_INSTALL]], after: [["eval", PRESS_WATCH_READ]] }
  }
  // check|uncheck: a CSS target that is no box is refused by the step before it; a disabled box too (checkGuard.ts)
  const check = checkTargetOf(plan.line.positionals)
  if (check !== undefined) return { before: checkProbeRows(check.selector), after: [] }
  // upload <css>: a target that is no file input is refused; the files the input took are read (page/uploadRead.ts)
  const upload = uploadTargetOf(plan.line.positionals)
  if (upload !== undefined) return uploadProbeRows(upload)
  // select <css|ref>: an asked option that is disabled is refused by the step before it (page/selectGuard.ts)
  const select = selectTargetOf(plan.line.positionals, refs)
  if (select !== undefined) return { before: [["eval", selectBeforeScript(select)]], after: [] }
  if (plan.line.command === "scroll") {
    const selector = scrollSelectorOf(plan.line.positionals)
    return { before: [["eval", scrollProbeScript(selector)]], after: [["eval", scrollProbeScript(selector, true)]] }
  }
  // drag: whether an HTML5 drag was dropped, and text it made appear (a card's new column: page/dragWatch.ts)
  if (isDragCommand(plan.line.positionals)) {
    return { before: DRAG_WATCH_INSTALL.map((js) => ["eval", js]), after: [["eval", DRAG_WATCH_READ]] }
  }
  // hover|focus|scrollintoview: text it made appear or hid, after the short timers it started (page/actionTimers.ts)
  const timed = timedActionRows(plan.line.positionals)
  if (timed !== undefined) return timed
  // reload: where the page is scrolled after it (the browser keeps the position: page/reloadScroll.ts)
  if (isReloadCommand(plan.line.positionals)) return { before: [], after: [["eval", KEPT_SCROLL_READ]] }
  // set media dark|light|reduced-motion: whether the page now matches each query (page/mediaRead.ts)
  const media = mediaQueriesOf(plan.line.positionals)
  if (media !== undefined) return { before: [], after: [["eval", mediaReadExpression(media)]] }
  // type|keyboard type|inserttext: what the field holds after it (page/typeReadback.ts)
  const typed = typeTargetOf(plan.line.positionals)
  if (typed !== undefined) {
    // typed key by key: text its keys made appear, dialogs they opened (page/typedEffects.ts)
    const keyed = keyedTypingOf(plan.line.positionals)
    if (keyed === undefined) return { before: [], after: [["eval", fillReadScript(typed)]] }
    const after = [
      ["eval", fillReadScript(typed)],
      ["eval", KEYED_WATCH_READ]
    ]
    return { before: [["eval", KEYED_WATCH_INSTALL]], after, keyed }
  }
  // a wrapper-launched Electron app checks its fills itself, after the command (electron/fillVerification.ts)
  const fill = electronApp ? undefined : fillTargetOf(plan.line.positionals)
  // a fill aimed at a combobox: whether its list opened, read after a short settle (R6)
  const combo = comboboxFill
    ? [
        ["wait", String(COMBOBOX_FILL_SETTLE_MS)],
        ["eval", COMBOBOX_FOCUS_EXPRESSION]
      ]
    : []
  if (fill !== undefined) {
    // the guard (a slider is set instead; the focused field noted), the fill, its read-back (page/fillProbe.ts)
    const rows = fillProbeRows(fill, refs?.refs.get(fill.selector?.replace(/^@/, "") ?? "")?.role)
    return { before: rows.before, after: [...rows.after, ...combo] }
  }
  const selector = textSelectorOf(plan.line.positionals)
  return selector !== undefined ? { before: [], after: [["eval", textVisibilityScript([selector])]] } : undefined
}
