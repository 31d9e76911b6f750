/**
 * What the wrapper must know about each upstream command: whether it needs a browser session, whether it may read
 * stdin, whether it is a plain-text inspection call, and how it affects the page. One home for every command family,
 * each a named question, so the planner, the steps and the presenter never disagree. Names are upstream's, aliases
 * included (goto/navigate → open, key → press, scrollinto → scrollintoview, quit/exit → close):
 * test/unit/commandReference.test.ts fails on a name upstream's help does not know (every `new Set([...])` here is
 * read as command names, every `subcommandsOf("get", [...])` as that command's subcommands).
 */
import type { CommandLine } from "../domain/CommandLine.js"
import { parseCommandLine } from "./commandLine.js"

/** `--help`/`--version` anywhere: plain text, no session. */
export const isInspection = (line: CommandLine): boolean =>
  line.argv.some((t) => t === "--help" || t === "-h" || t === "--version" || t === "-V")

const LOCAL_COMMANDS: ReadonlySet<string> = new Set([
  "profiles",
  "doctor",
  "install",
  "upgrade",
  "dashboard",
  "plugin",
  "skills"
])

/** Commands that work on local files or the daemon registry, never on the managed browser. */
export const isSessionless = (line: CommandLine): boolean => {
  const [command, sub, third] = line.positionals
  if (isInspection(line)) return true
  if (command === undefined) return true
  if (LOCAL_COMMANDS.has(command)) return true
  if (command === "session" && sub === "list") return true
  if (command === "device" && sub === "list") return true
  if (command === "auth" && sub !== undefined && ["save", "list", "show", "delete", "remove"].includes(sub)) return true
  if (command === "state") {
    if (sub === "list" || sub === "show" || sub === "rename") return true
    if (sub === "clean") return third !== undefined
    if (sub === "clear") return third !== undefined || line.argv.includes("--all") || line.argv.includes("-a")
  }
  return false
}

/** Bare `mcp` starts a server for external MCP clients: it would hang the tool. */
export const isRejectedServer = (line: CommandLine): boolean =>
  line.command === "mcp" && !line.argv.includes("--help") && !line.argv.includes("-h")

/** Which calls may carry stdin, and whether stdin is how they take their payload. */
export const stdinPolicy = (line: CommandLine): "allowed" | "forbidden" => {
  const [command, sub] = line.positionals
  if (command === "eval" && line.positionals.includes("--stdin")) return "allowed"
  if (command === "batch") return "allowed"
  if (command === "auth" && sub === "save" && line.positionals.includes("--password-stdin")) return "allowed"
  return "forbidden"
}

/** Commands that end the session's browser. */
export const isClose = (line: CommandLine): boolean =>
  line.command === "close" || line.command === "quit" || line.command === "exit"

/** Commands after which the page may be a different document: worth a title/url line. */
export const mayNavigate = (line: CommandLine): boolean =>
  line.command === "click" ||
  line.command === "dblclick" ||
  (line.command === "find" && line.positionals.includes("click"))

/** Commands that act on an element and can therefore hit a stale ref. */
export const ELEMENT_COMMANDS: ReadonlySet<string> = new Set([
  "click",
  "dblclick",
  "fill",
  "type",
  "check",
  "uncheck",
  "select",
  "hover",
  "focus",
  "scrollintoview",
  "drag",
  "upload",
  "download",
  "press"
])

const WITH_SUBCOMMANDS: ReadonlySet<string> = new Set([
  "get",
  "is",
  "tab",
  "session",
  "network",
  "cookies",
  "storage",
  "state",
  "auth",
  "dialog",
  "find",
  "set",
  "mouse",
  "keyboard",
  "clipboard",
  "record",
  "trace",
  "profiler",
  "diff",
  "frame",
  "stream",
  "dashboard",
  "skills",
  "plugin",
  "device",
  "mcp",
  "webmcp",
  "confirm",
  "deny"
])

/** Whether the second positional names a subcommand (rather than a URL, selector or value). */
export const hasSubcommands = (line: CommandLine): boolean =>
  line.command !== undefined && WITH_SUBCOMMANDS.has(line.command) && line.subcommand !== undefined

/** A command-name family as a predicate over a command (the first positional; undefined when there is none). */
const family =
  (names: ReadonlySet<string>) =>
  (command: string | undefined): command is string =>
    command !== undefined && names.has(command)

/** Subcommands of one command (the second positional), checked against upstream's `<command> --help`. */
const subcommandsOf = (_command: string, names: ReadonlyArray<string>): ReadonlySet<string> => new Set(names)

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

/** Names an element to click (a dialog trigger when the element is named like one). */
export const isClickLike = family(new Set(["click", "dblclick", "tap", "find"]))

/** Focuses the element it names, so what is typed next goes there. */
export const focusesTarget = family(new Set(["click", "focus", "fill", "type", "dblclick"]))

/** Enters text into the element it names (`fill <target> <text>`, `type <target> <text>`). */
export const entersText = family(new Set(["fill", "type"]))

/** An action upstream's `find <locator> <value> <action>` can do (the other element actions need a selector or @ref). */
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
 * runs: the tab it ran on is restored after it when another took the focus (L17, program/tabs/focusRestore.ts).
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

/** Reads without changing the page or the browser: safe to retry as they are after a timeout. */
const READS = family(new Set(["get", "is", "wait", "snapshot", "screenshot", "console", "errors"]))
const NETWORK_READS = subcommandsOf("network", ["requests", "request"])

/**
 * A step a timed-out run may offer to retry as it is: reads, waits and screenshots. Not `eval` (its script may act
 * or hang again), `tab` (opens and closes tabs), or the setters of `network`/`cookies`/`storage`.
 */
export const retryableAfterTimeout = (argv: ReadonlyArray<string>): boolean => {
  const [command, sub] = parseCommandLine(argv).positionals
  return READS(command) || (command === "network" && sub !== undefined && NETWORK_READS.has(sub))
}

/** `get` reads that take a target element (`get text <sel>`): readiness waits for the target. */
export const readsTarget = family(subcommandsOf("get", ["text", "value", "attr", "html", "box", "styles"]))

/** `get` reads that answer with a value (a failed one is about its target or the page, not the call). */
export const isGetter = family(subcommandsOf("get", ["attr", "count", "html", "text", "title", "url", "value"]))
