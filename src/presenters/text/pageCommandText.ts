/**
 * What a successful page, read, file or session command says: open and history moves, snapshot, get, is, eval,
 * saved files (an annotated screenshot's labels), waits, tabs, close, a screenshot diff, the session list. Pure.
 */
import { annotationLegend } from "./annotationLegend.js"
import { page } from "./contentBoundary.js"
import { downloadedText } from "./downloadedText.js"
import { diffScreenshotText } from "./diffImageText.js"
import {
  type CommandText,
  type Data,
  type Formatted,
  formatted,
  oneLine,
  scalar,
  str,
  stripLifecycle,
  titlePart
} from "./contentBoundary.js"

/** A crashed tab (read over DevTools) is marked: upstream lists it as live at its old URL. */
const formatTabs = (tabs: ReadonlyArray<Data>, crashed: ReadonlyArray<string>): string =>
  tabs
    .map(
      (t) =>
        `${t["active"] === true ? "→" : " "} [${str(t["tabId"])}]${t["label"] ? ` (${str(t["label"])})` : ""} ` +
        `${str(t["title"])} — ${str(t["url"])}` +
        (crashed.includes(str(t["targetId"]))
          ? ` (crashed: its page is gone; tab new ${str(t["url"])} opens it again)`
          : "")
    )
    .join("\n")

const opened: CommandText = ({ data }) => {
  const download = typeof data["downloaded"] === "string" ? downloadedText(data) : undefined
  if (download !== undefined) return download
  if (data["url"] === undefined) return { text: "Browser ready.", summary: "Browser ready" }
  return formatted(["Opened: ", titlePart(data["title"]), `\nURL: ${str(data["url"])}`], `Opened ${str(data["url"])}`)
}

const snapshotText: CommandText = ({ data }) => {
  const refs = data["refs"] !== null && typeof data["refs"] === "object" ? Object.keys(data["refs"] as Data).length : 0
  const origin = str(data["origin"])
  const tree = typeof data["snapshot"] === "string" ? data["snapshot"] : JSON.stringify(data["snapshot"], null, 2)
  return formatted(
    [`Snapshot of ${origin || "the page"} (${refs} refs):\n`, page(tree)],
    `Snapshot: ${refs} refs on ${origin}`
  )
}

const gotValue: CommandText = ({ sub, data }) => {
  if (sub === "box" || sub === "styles")
    return formatted([page(JSON.stringify(stripLifecycle(data), null, 2))], `get ${sub}`)
  const value =
    sub === "count"
      ? data["count"]
      : sub === "cdp-url"
        ? data["cdpUrl"]
        : (data[sub === "attr" ? "value" : (sub ?? "")] ?? data["value"])
  // an empty value is said so (an empty title, a field with no text), never as a blank answer
  const said = value === null ? "(null)" : value === "" ? "(empty)" : undefined
  const text = said ?? scalar(value)
  return formatted(
    [said !== undefined || sub === "count" || sub === "cdp-url" ? text : page(text)],
    `get ${sub ?? ""}: ${oneLine(text)}`
  )
}

// a reload says it reloaded (the page it shows is the same address)
const movedInHistory: CommandText = ({ command, data }) => ({
  text: `${command === "reload" ? "Reloaded" : "Now at"} ${str(data["url"])}`,
  summary: `${command}: ${str(data["url"])}`
})

// an annotated screenshot lists its labels' refs after the path (annotationLegend.ts)
const saved: CommandText = ({ command, data }) =>
  formatted(
    [`Saved ${command === "download" ? "download" : command}: ${str(data["path"])}`, ...annotationLegend(data)],
    `${command} saved ${str(data["path"])}`
  )

const waited: CommandText = ({ positionals, data, target }) => {
  if (data["path"] !== undefined)
    return { text: `Download saved: ${str(data["path"])}`, summary: `wait --download ${str(data["path"])}` }
  // `wait <ms>` answers {waited: "timeout"}: the time it was asked to wait passed, which is all it promised
  if (data["waited"] === "timeout" && /^\d+$/.test(target)) {
    return { text: `Waited ${target} ms.`, summary: `waited ${target} ms` }
  }
  const said = waitedFor(positionals, data) ?? waitedForPage(data) ?? conditionMet(positionals, data)
  if (said !== undefined) return said
  const what =
    str(data["waited"]) ||
    (data["url"] !== undefined ? "url" : data["state"] !== undefined ? "load state" : "condition")
  return { text: `Wait done (${what}).`, summary: `wait: ${what}` }
}

/**
 * `wait --url` answers the URL the page is at; `wait --load S` the state. networkidle is upstream's: no request in
 * flight for 500 ms, which a page that polls reaches between two polls, so the text says no more than that.
 */
const waitedForPage = (data: Data): Formatted | undefined => {
  if (typeof data["url"] === "string" && data["url"] !== "")
    return { text: `URL matched; the page is at ${data["url"]}`, summary: `wait: url ${data["url"]}` }
  const state = data["state"]
  if (state === "networkidle")
    return {
      text: "Network idle: no request was in flight for 500 ms (the page may start new ones later).",
      summary: "wait: networkidle"
    }
  if (typeof state === "string" && state !== "")
    return { text: `The page reached its ${state} state.`, summary: `wait: ${state}` }
  return undefined
}

/** `wait --fn <expr>` answers {result: true} once the expression holds: it names the expression (the model's own). */
const conditionMet = (positionals: ReadonlyArray<string>, data: Data): Formatted | undefined => {
  const at = positionals.indexOf("--fn")
  const expr = at >= 0 ? oneLine(positionals[at + 1] ?? "", 100) : ""
  if (data["result"] !== true || expr === "") return undefined
  return { text: `The condition is now true: ${expr}`, summary: "wait: condition true" }
}

/** What `wait <sel> [--state S]` waited for, as it now holds (upstream's default state is visible). */
const ELEMENT_NOW: Readonly<Record<string, string>> = {
  visible: "is visible",
  hidden: "is hidden or gone",
  attached: "is in the page",
  detached: "is gone from the page"
}

/** A text or element wait said as what now holds on the page; undefined for the other waits. */
const waitedFor = (positionals: ReadonlyArray<string>, data: Data): Formatted | undefined => {
  if (data["waited"] === "text" && typeof data["text"] === "string") {
    return formatted(["The text ", page(JSON.stringify(data["text"])), " is on the page."], "wait: text")
  }
  if (data["waited"] !== "selector") return undefined
  const at = positionals.findIndex((p) => p === "--state" || p.startsWith("--state="))
  const inline = at >= 0 && positionals[at] !== "--state"
  const state = at < 0 ? "visible" : inline ? (positionals[at]?.split("=")[1] ?? "") : (positionals[at + 1] ?? "")
  const stateAt = new Set(at < 0 ? [] : inline ? [at] : [at, at + 1])
  const element = str(data["selector"]) || positionals.find((p, i) => i > 0 && !stateAt.has(i) && !p.startsWith("--"))
  const now = ELEMENT_NOW[state]
  if (now === undefined || element === undefined || element === "") return undefined
  return { text: `${element} ${now}.`, summary: `wait: ${element} ${state}` }
}

const tabText: CommandText = ({ data, crashedTabs }) => {
  if (Array.isArray(data["tabs"])) {
    const tabs = data["tabs"] as ReadonlyArray<Data>
    const crashed = tabs.filter((t) => crashedTabs.includes(str(t["targetId"]))).length
    const head = `${tabs.length} tab(s)${crashed > 0 ? `, ${crashed} crashed (renderer gone)` : ""}:\n`
    return formatted([head, page(formatTabs(tabs, crashedTabs))], `${tabs.length} tabs`)
  }
  if (data["closed"] === true)
    return { text: `Closed tab ${str(data["tabId"])}`, summary: `tab close ${str(data["tabId"])}` }
  // a new tab's page may not have its title yet (its load is read after it: a Page line)
  const title = str(data["title"])
  return formatted(
    [`Active tab [${str(data["tabId"])}] `, ...(title !== "" ? [page(title), " "] : []), `— ${str(data["url"])}`],
    `tab ${str(data["tabId"])}`
  )
}

const closed: CommandText = ({ sessionName }) => ({
  text: `Browser closed${sessionName !== undefined ? ` (session ${sessionName})` : ""}. Saved files stay on disk.`,
  summary: "Browser closed"
})

const sessions: CommandText = ({ data }) => {
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
  return undefined
}

/** `clipboard read|write|copy|paste` said as what the clipboard or the page now holds (not upstream's raw JSON). */
const clipboardText: CommandText = ({ sub, positionals, data }) => {
  if (sub === "read" && typeof data["text"] === "string") {
    return formatted(["The clipboard holds ", page(JSON.stringify(data["text"]))], "clipboard read")
  }
  if (sub === "write") {
    const text = positionals.slice(2).join(" ")
    return { text: `The clipboard now holds the ${text.length} characters written.`, summary: "clipboard write" }
  }
  // upstream sends the copy or paste shortcut: what it copied or pasted is not read here
  if (sub === "copy") {
    return {
      text: "Sent the copy shortcut (Control+C) to the page; clipboard read says what it holds.",
      summary: "clipboard copy"
    }
  }
  if (sub === "paste") {
    return { text: "Sent the paste shortcut (Control+V) to the focused element.", summary: "clipboard paste" }
  }
  return undefined
}

export const PAGE_COMMAND_TEXTS: ReadonlyArray<readonly [string, CommandText]> = [
  ["clipboard", clipboardText],
  ["open", opened],
  ["goto", opened],
  ["navigate", opened],
  ["snapshot", snapshotText],
  ["get", gotValue],
  [
    "is",
    ({ positionals, sub, data }) => {
      const value = data[sub ?? ""]
      return { text: String(value), summary: `is ${sub ?? ""} ${positionals[2] ?? ""}: ${String(value)}` }
    }
  ],
  [
    "eval",
    ({ data }) => {
      const text = data["unserializable"] !== undefined ? str(data["unserializable"]) : scalar(data["result"])
      return formatted([page(text)], `eval: ${oneLine(text)}`)
    }
  ],
  ["back", movedInHistory],
  ["forward", movedInHistory],
  ["reload", movedInHistory],
  // set media: what was emulated (whether the page now matches it follows: actionEffectWords.ts)
  [
    "set",
    ({ sub, positionals, data }) => {
      if (sub !== "media" || data["set"] !== true) return undefined
      const text = ["Set media", ...positionals.slice(2)].join(" ")
      return { text, summary: text }
    }
  ],
  ["screenshot", saved],
  ["pdf", saved],
  ["download", saved],
  ["wait", waited],
  ["tab", tabText],
  ["close", closed],
  ["quit", closed],
  ["exit", closed],
  ["diff", ({ sub, data }) => (sub === "screenshot" ? diffScreenshotText(data, undefined, false) : undefined)],
  ["session", sessions]
]
