/**
 * What an upstream command does to the page, its refs and its tabs: navigation, history, ref invalidation, where it
 * may land, DOM changes, focus and scroll, what it types, what readiness waits for, what its reply says. Each a named
 * question over the command (its first positional), so the planner, the steps and the presenter never disagree.
 * Names are upstream's, aliases included: test/unit/commandReference.test.ts reads every `new Set([...])` here.
 */
import type { CommandLine } from "../domain/CommandLine.js"
import { family } from "./commandFamily.js"
import { ELEMENT_COMMANDS } from "./commandPolicy.js"
import { activatesFocused } from "./keystrokes.js"

/** Acts on an element, so it can hit a stale ref. */
export const actsOnElement = family(ELEMENT_COMMANDS)

/** Opens a URL: `open` and its aliases. */
export const isOpening = family(new Set(["open", "goto", "navigate"]))

/** Loads a document in the tab: opening, history moves, reload. */
export const isNavigating = family(new Set(["open", "goto", "navigate", "back", "forward", "reload"]))

/** History moves and reload: the page after them is read (title and URL) like after a navigating click (C7). */
export const movesInHistory = family(new Set(["back", "forward", "reload"]))

/** `state load`: upstream opens each origin of the file in the tab to write its storage, so the tab moves. */
export const loadsState = (line: CommandLine): boolean => line.command === "state" && line.positionals[1] === "load"

/** `tab new <url>`: the new tab loads a page, whose load upstream does not wait for (its title still empty). */
export const opensTabAt = (line: CommandLine): boolean =>
  line.command === "tab" && line.positionals[1] === "new" && (line.positionals[2] ?? "") !== ""

/** Loads a URL for certain (history moves may restore a cached page): every ref of the previous page is gone. */
export const loadsUrl = family(new Set(["open", "goto", "navigate", "reload"]))

/** Its reply names the page now shown (`tab` switches to another); after one without a URL the page is unknown. */
export const changesPage = family(new Set(["open", "goto", "navigate", "back", "forward", "reload", "tab"]))

/** After it, refs of the previous page state must not be trusted within the same batch. */
export const invalidatesRefs = family(
  new Set([
    "open",
    "goto",
    "navigate",
    "reload",
    "back",
    "forward",
    "click",
    "dblclick",
    "press",
    "key",
    "tab",
    "frame",
    "close",
    "quit",
    "exit",
    "set",
    "eval"
  ])
)

/** After it the page may be somewhere else: the allow-list is checked against where it ended. */
export const mayLeavePage = family(
  new Set(["open", "goto", "navigate", "click", "dblclick", "back", "forward", "reload", "press", "key", "tab"])
)

/** After it the top-level page may be somewhere else, page scripts included (form handlers, keys, eval). */
export const mayLandElsewhere = family(
  new Set([
    "open",
    "goto",
    "navigate",
    "click",
    "dblclick",
    "back",
    "forward",
    "reload",
    "press",
    "key",
    "tab",
    "find",
    "keyboard",
    "eval",
    "fill",
    "type",
    "check",
    "select"
  ])
)

/** Changes the page's content or state (so a page-change summary applies). */
export const mutatesPage = family(
  new Set([
    "click",
    "dblclick",
    "fill",
    "type",
    "check",
    "uncheck",
    "select",
    "press",
    "key",
    "hover",
    "focus",
    "scroll",
    "scrollintoview",
    "drag",
    "upload",
    "keyboard",
    "find",
    "mouse"
  ])
)

/** Acts on the app's page or tabs: an Electron app's health is checked after it. */
export const actsOnApp = family(
  new Set([
    ...ELEMENT_COMMANDS,
    "open",
    "goto",
    "navigate",
    "back",
    "forward",
    "reload",
    "eval",
    "keyboard",
    "mouse",
    "find",
    "batch",
    "tab"
  ])
)

/** Moves focus or scroll only: the DOM stays as it was. */
export const leavesDomUnchanged = family(new Set(["hover", "focus", "scrollintoview"]))

/** Acts through the pointer on its target (a ref the snapshot marked hidden cannot take it). */
export const actsThroughPointer = family(new Set(["click", "dblclick", "check", "uncheck", "hover", "tap"]))

/** A key press: it stays in the document unless it submits a form (then upstream refuses the old refs itself). */
export const isKeyPress = family(new Set(["press", "key"]))

/** A press of Enter or Space: it may follow a focused link or submit a form, so the page it led to is read. */
export const pressesActivatingKey = (line: CommandLine): boolean =>
  isKeyPress(line.command) && activatesFocused(line.positionals[1] ?? "")

/** A select or a check: the page's change handler may leave the page (a language menu, a filter that reloads it). */
export const changesChoice = family(new Set(["select", "check", "uncheck"]))

/** Names an element to click (a dialog trigger when the element is named like one). */
export const isClickLike = family(new Set(["click", "dblclick", "tap", "find"]))

/** Focuses the element it names, so what is typed next goes there. */
export const focusesTarget = family(new Set(["click", "focus", "fill", "type", "dblclick"]))

/** Enters text into the element it names (`fill <target> <text>`, `type <target> <text>`). */
export const entersText = family(new Set(["fill", "type"]))

/**
 * An action upstream's `find <locator> <value> <action>` can do (the other element actions need a selector or @ref).
 */
export const isFindAction = family(new Set(["click", "fill", "check", "hover"]))

/** Acts on or reads one element by a selector, @ref or locator: readiness waits for it. */
export const takesTarget = family(
  new Set([
    "click",
    "dblclick",
    "fill",
    "type",
    "hover",
    "focus",
    "check",
    "uncheck",
    "select",
    "drag",
    "upload",
    "scrollintoview",
    "scrollinto",
    "find"
  ])
)

/** A successful reply needs no text beyond the command's echo. */
export const answersWithEcho = family(
  new Set([
    "click",
    "dblclick",
    "fill",
    "type",
    "press",
    "key",
    "check",
    "uncheck",
    "hover",
    "focus",
    "select",
    "drag",
    "scroll",
    "scrollintoview",
    "scrollinto",
    "keyboard",
    "wait",
    "mouse"
  ])
)

/** Keeps the session on the tab it was on (a tab drift after it is recovered, not followed). */
export const staysOnTab = family(
  new Set([
    "get",
    "is",
    "snapshot",
    "screenshot",
    "console",
    "errors",
    "hover",
    "focus",
    "scroll",
    "scrollintoview",
    "fill",
    "check",
    "uncheck",
    "highlight"
  ])
)

/**
 * Runs page script or input that can open a tab (a popup, `target=_blank`) or give another tab the focus while it
 * runs: the tab it ran on is restored after it when another took the focus (L17, program/tabs/tabRecovery.ts).
 */
export const mayLoseFocus = family(
  new Set([
    "click",
    "dblclick",
    "find",
    "press",
    "key",
    "keyboard",
    "type",
    "eval",
    "mouse",
    "tap",
    "check",
    "uncheck",
    "select",
    "drag",
    "upload"
  ])
)

/** Not pinned to the session's tab: it manages tabs or sessions itself, or answers a held action. */
export const skipsTabPin = family(
  new Set(["tab", "batch", "close", "quit", "exit", "session", "connect", "confirm", "deny"])
)
