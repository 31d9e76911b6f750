/**
 * What one successful command says, per command family (`formatCommand`): the per-command wording that a single
 * call's text and a batch/job row both use. Pure.
 */
import { page, type Part, type Parts } from "./contentBoundary.js"
import { formatRoutes, formatSavedBody } from "./routeText.js"
import { downloadedText } from "./downloadedText.js"
import { formatDiagnostics } from "./formatDiagnostics.js"
import { formatInput } from "./formatInput.js"
import { type Formatted, formatted } from "./formatted.js"
import { diffScreenshotText } from "./diffImageText.js"

export type Data = Record<string, unknown>

/** What upstream's `type` and `keyboard type` did: text as input events, no keys (upstream/keystrokes.ts). */
const AS_INPUT = "(input events only, no keydown/keyup: for key handlers, type with a job type step)."

const PAST: Record<string, string> = {
  click: "Clicked",
  dblclick: "Double-clicked",
  fill: "Filled",
  check: "Checked",
  uncheck: "Unchecked",
  hover: "Hovered",
  focus: "Focused"
}

/** Step commands whose success says all there is: a job row shows only its ✓. */

/** Upstream data without the per-call `lifecycle` block (launch bookkeeping the model never needs) and `_boundary`. */
export const stripLifecycle = (data: unknown): unknown => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data
  const { lifecycle: _lifecycle, _boundary, ...rest } = data as Data
  return rest
}

export const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v)

const scalar = (v: unknown): string => {
  if (typeof v === "string") return v
  if (v === undefined) return "undefined"
  return JSON.stringify(v, null, 2)
}

export const oneLine = (s: string, max = 80): string => {
  const flat = s.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A page title as page content; none is the tool's "(untitled)". */
export const titlePart = (title: unknown): Part => (str(title) !== "" ? page(str(title)) : "(untitled)")

/** A crashed tab (read over DevTools) is marked: upstream lists it as live at its old URL. */
const formatTabs = (tabs: ReadonlyArray<Data>, crashed: ReadonlyArray<string>): string =>
  tabs
    .map(
      (t) =>
        `${t["active"] === true ? "→" : " "} [${str(t["tabId"])}]${t["label"] ? ` (${str(t["label"])})` : ""} ${str(t["title"])} — ${str(t["url"])}${
          crashed.includes(str(t["targetId"]))
            ? ` (crashed: its page is gone; tab new ${str(t["url"])} opens it again)`
            : ""
        }`
    )
    .join("\n")

/** `find <locator> <value> <action> [text] [--name n]` said as what it acted on (never upstream's marker selector). */
const formatFind = (positionals: ReadonlyArray<string>, data: Data): Formatted => {
  const [, locator = "", value = "", action = "click"] = positionals
  const nameAt = positionals.indexOf("--name")
  const name = nameAt >= 0 ? positionals[nameAt + 1] : undefined
  const what = `${locator === "role" ? value : `${locator} ${JSON.stringify(value)}`}${name !== undefined ? ` ${JSON.stringify(name)}` : ""}`
  const ref = Object.values(data).find((v): v is string => typeof v === "string" && /^@e\d+$/.test(v))
  if (action === "text") {
    const text = str(data["text"])
    return formatted([page(text)], `find ${what}: ${oneLine(text)}`)
  }
  const past = PAST[action] ?? `${action}:`
  const line = `${past} ${what}${ref !== undefined ? ` (${ref})` : ""}`
  return { text: line, summary: line }
}

export const formatCommand = (
  positionals: ReadonlyArray<string>,
  data: Data,
  sessionName: string | undefined,
  crashedTabs: ReadonlyArray<string> = []
): Formatted => {
  const [command = "", sub] = positionals
  const target = positionals[1] ?? ""
  const input = formatInput(data)
  if (input !== undefined) return input
  switch (command) {
    case "open":
    case "goto":
    case "navigate": {
      const download = downloadedText(data)
      if (download !== undefined) return download
      if (data["url"] === undefined) return { text: "Browser ready.", summary: "Browser ready" }
      return formatted(
        ["Opened: ", titlePart(data["title"]), `\nURL: ${str(data["url"])}`],
        `Opened ${str(data["url"])}`
      )
    }
    case "snapshot": {
      const refs =
        data["refs"] !== null && typeof data["refs"] === "object" ? Object.keys(data["refs"] as Data).length : 0
      const origin = str(data["origin"])
      const tree = typeof data["snapshot"] === "string" ? data["snapshot"] : JSON.stringify(data["snapshot"], null, 2)
      return formatted(
        [`Snapshot of ${origin || "the page"} (${refs} refs):\n`, page(tree)],
        `Snapshot: ${refs} refs on ${origin}`
      )
    }
    case "get": {
      if (sub === "box" || sub === "styles")
        return formatted([page(JSON.stringify(stripLifecycle(data), null, 2))], `get ${sub}`)
      const value =
        sub === "count"
          ? data["count"]
          : sub === "cdp-url"
            ? data["cdpUrl"]
            : (data[sub === "attr" ? "value" : (sub ?? "")] ?? data["value"])
      const text = value === null ? "(null)" : scalar(value)
      return formatted(
        [value === null || sub === "count" || sub === "cdp-url" ? text : page(text)],
        `get ${sub ?? ""}: ${oneLine(text)}`
      )
    }
    case "is": {
      const value = data[sub ?? ""]
      return { text: String(value), summary: `is ${sub ?? ""} ${positionals[2] ?? ""}: ${String(value)}` }
    }
    case "eval": {
      const text = data["unserializable"] !== undefined ? str(data["unserializable"]) : scalar(data["result"])
      return formatted([page(text)], `eval: ${oneLine(text)}`)
    }
    case "click":
    case "dblclick":
      return {
        text: `${PAST[command]} ${str(data["clicked"]) || target}`,
        summary: `${PAST[command]} ${str(data["clicked"]) || target}`
      }
    case "find":
      return formatFind(positionals, data)
    case "drag":
      return {
        text: `Dragged ${target} to ${positionals[2] ?? ""}`,
        summary: `drag ${target} → ${positionals[2] ?? ""}`
      }
    case "upload": {
      const files = positionals.slice(2)
      return { text: `Uploaded ${files.length} file(s) to ${target}: ${files.join(", ")}`, summary: `upload ${target}` }
    }
    case "scrollintoview":
    case "scrollinto":
      return { text: `Scrolled ${target} into view`, summary: `scrollintoview ${target}` }
    case "scroll": {
      const how = positionals.slice(1).join(" ")
      return { text: `Scrolled${how !== "" ? ` ${how}` : ""}`, summary: `scroll ${how}` }
    }
    case "fill":
      return { text: `Filled ${target}`, summary: `Filled ${target}` }
    case "type":
      // upstream's type inserts the text: the page gets input events, no keydown/keyup (upstream/keystrokes.ts)
      return { text: `Inserted the text into ${target} ${AS_INPUT}`, summary: `type ${target}` }
    case "press":
    case "key":
      return { text: `Pressed ${str(data["pressed"]) || target}`, summary: `Pressed ${str(data["pressed"]) || target}` }
    case "check":
    case "uncheck":
    case "hover":
    case "focus":
      return { text: `${PAST[command]} ${target}`, summary: `${command} ${target}` }
    case "mouse":
      return { text: `Mouse ${positionals.slice(1).join(" ")}`, summary: `mouse ${positionals.slice(1).join(" ")}` }
    case "keyboard":
      if (sub === "type") return { text: `Inserted the text at the focus ${AS_INPUT}`, summary: "keyboard type" }
      if (sub === "inserttext") {
        return { text: "Inserted the text at the focus (no key events, like a paste).", summary: "keyboard inserttext" }
      }
      return { text: `Keyboard ${sub ?? ""} done`, summary: `keyboard ${sub ?? ""}` }
    case "keydown":
      return {
        text: `Key ${target} down (a keydown event only: nothing typed; press ${target} types it).`,
        summary: `keydown ${target}`
      }
    case "keyup":
      return { text: `Key ${target} up (a keyup event only).`, summary: `keyup ${target}` }
    case "select":
      return { text: `Selected ${str(data["selected"])} in ${target}`, summary: `select ${target}` }
    case "back":
    case "forward":
    case "reload":
      return { text: `Now at ${str(data["url"])}`, summary: `${command}: ${str(data["url"])}` }
    case "screenshot":
    case "pdf":
    case "download":
      return {
        text: `Saved ${command === "download" ? "download" : command}: ${str(data["path"])}`,
        summary: `${command} saved ${str(data["path"])}`
      }
    case "wait": {
      if (data["path"] !== undefined)
        return { text: `Download saved: ${str(data["path"])}`, summary: `wait --download ${str(data["path"])}` }
      // `wait <ms>` answers {waited: "timeout"}: the time it was asked to wait passed, which is all it promised
      if (data["waited"] === "timeout" && /^\d+$/.test(target)) {
        return { text: `Waited ${target} ms.`, summary: `waited ${target} ms` }
      }
      const what =
        str(data["waited"]) ||
        (data["url"] !== undefined ? "url" : data["state"] !== undefined ? "load state" : "condition")
      return { text: `Wait done (${what}).`, summary: `wait: ${what}` }
    }
    case "tab": {
      if (Array.isArray(data["tabs"])) {
        const tabs = data["tabs"] as ReadonlyArray<Data>
        const crashed = tabs.filter((t) => crashedTabs.includes(str(t["targetId"]))).length
        const head = `${tabs.length} tab(s)${crashed > 0 ? `, ${crashed} crashed (renderer gone)` : ""}:\n`
        return formatted([head, page(formatTabs(tabs, crashedTabs))], `${tabs.length} tabs`)
      }
      if (data["closed"] === true)
        return { text: `Closed tab ${str(data["tabId"])}`, summary: `tab close ${str(data["tabId"])}` }
      return formatted(
        [`Active tab [${str(data["tabId"])}] `, page(str(data["title"])), ` — ${str(data["url"])}`],
        `tab ${str(data["tabId"])}`
      )
    }
    case "close":
    case "quit":
    case "exit":
      return {
        text: `Browser closed${sessionName !== undefined ? ` (session ${sessionName})` : ""}. Saved files stay on disk.`,
        summary: "Browser closed"
      }
    case "diff":
      if (sub === "screenshot") return diffScreenshotText(data, undefined, false)
      break
    case "session": {
      if (Array.isArray(data["sessions"])) {
        const sessions = data["sessions"] as ReadonlyArray<unknown>
        return {
          text:
            sessions.length === 0
              ? "No active sessions."
              : `Active sessions:\n${sessions.map((s) => `  ${str(s)}`).join("\n")}`,
          summary: `${sessions.length} sessions`
        }
      }
      break
    }
  }
  const diagnostic =
    formatDiagnostics(command, sub, data, positionals) ??
    formatRoutes(command, sub, data) ??
    formatSavedBody(command, sub, data)
  if (diagnostic !== undefined) return diagnostic
  const rest = stripLifecycle(data)
  const body: Parts =
    rest !== null && typeof rest === "object" && Object.keys(rest).length > 0
      ? ["\n", page(JSON.stringify(rest, null, 2))]
      : []
  return formatted([`${positionals.slice(0, 2).join(" ")}: done`, ...body], `${command} done`)
}
