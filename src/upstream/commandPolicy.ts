/**
 * What the wrapper must know about each upstream command: whether it needs a browser session, whether it may read
 * stdin, whether it is a plain-text inspection call, whether a timeout may retry it (how it affects the page:
 * `commandEffects.ts`). One home for every command family, each a named question, so the planner, the steps and the
 * presenter never disagree. Names are upstream's, aliases included (goto/navigate → open, key → press, scrollinto →
 * scrollintoview, quit/exit → close): test/unit/commandReference.test.ts fails on a name upstream's help does not
 * know (every `new Set([...])` here is read as command names, every `subcommandsOf("get", [...])` as that command's
 * subcommands).
 */
import type { CommandLine } from "../domain/CommandLine.js"
import { parseCommandLine } from "./commandLine.js"
import { family, subcommandsOf } from "./commandFamily.js"

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
