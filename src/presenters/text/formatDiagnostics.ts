/**
 * Diagnostic and status families rendered compactly with counts first and stable fields: network requests
 * (actionable vs benign failures, labelled as the session aggregate, inline images counted not listed), console, page
 * errors, cookies, storage, dialog, frame, state list/show/load, dashboard start/stop, session info, profiles and
 * stream status. Lists are bounded; the full payload is in the spill file when large. One formatter per command,
 * picked from a table (logDiagnostics.ts, storageDiagnostics.ts, statusDiagnostics.ts). Pure.
 */
import { type Formatted, formatted } from "./contentBoundary.js"
import { boundedPage, type Data, str } from "./diagnosticRows.js"
import { consoleMessages, networkRequests, PAGE_FILTERS, pageErrors } from "./logDiagnostics.js"
import { cookieList, cookieSet, stateFile, stateFiles, storageSet } from "./storageDiagnostics.js"
import {
  authText,
  dashboard,
  dialogText,
  doctorText,
  frameText,
  profilesText,
  sessionInfoText,
  stateLoadText,
  streamText
} from "./statusDiagnostics.js"

type DiagnosticText = (sub: string | undefined, data: Data, positionals: ReadonlyArray<string>) => Formatted | undefined

/** A log cleared with `--clear`. */
const cleared = (command: string, data: Data): Formatted | undefined =>
  data["cleared"] === true ? { text: `${command} cleared`, summary: `${command} cleared` } : undefined

const storageEntries = (sub: string | undefined, data: Data): Formatted | undefined => {
  if (data["data"] === null || typeof data["data"] !== "object") return undefined
  const entries = Object.entries(data["data"] as Data)
  return formatted(
    [
      `${entries.length} ${sub ?? ""} storage entries${entries.length > 0 ? "\n" : ""}`,
      ...boundedPage(entries.map(([k, v]) => `${k}: ${str(v)}`))
    ],
    `${entries.length} storage entries`
  )
}

const stateText = (sub: string | undefined, data: Data): Formatted | undefined => {
  if (sub === "list" && Array.isArray(data["files"])) return stateFiles(data)
  if (sub === "show" && data["state"] !== null && typeof data["state"] === "object") return stateFile(data)
  if (sub === "load") return stateLoadText(data)
  return undefined
}

/** Each command's formatter; a command's conditions in the order they are checked. */
const BY_COMMAND: ReadonlyMap<string, DiagnosticText> = new Map<string, DiagnosticText>([
  [
    "network",
    (sub, data, positionals) =>
      sub === "requests" && Array.isArray(data["requests"])
        ? networkRequests(
            data["requests"] as ReadonlyArray<Data>,
            positionals.some((t) => PAGE_FILTERS.includes(t))
          )
        : undefined
  ],
  [
    "console",
    (_, data) =>
      Array.isArray(data["messages"])
        ? consoleMessages(data["messages"] as ReadonlyArray<Data>)
        : cleared("console", data)
  ],
  ["state", stateText],
  ["dashboard", (sub, data) => dashboard(sub, data)],
  [
    "errors",
    (_, data) =>
      Array.isArray(data["errors"]) ? pageErrors(data["errors"] as ReadonlyArray<Data>) : cleared("errors", data)
  ],
  [
    "cookies",
    (_, data, positionals) =>
      Array.isArray(data["cookies"])
        ? cookieList(data["cookies"] as ReadonlyArray<Data>)
        : (cleared("cookies", data) ?? cookieSet(positionals, data))
  ],
  ["storage", (sub, data, positionals) => storageEntries(sub, data) ?? storageSet(positionals, data)],
  ["dialog", dialogText],
  ["frame", (_, data) => frameText(data)],
  ["session", (sub, data) => (sub === "info" ? sessionInfoText(data) : undefined)],
  [
    "stream",
    (sub, data) => ((sub === "status" || sub === "enable") && "enabled" in data ? streamText(data) : undefined)
  ],
  ["doctor", (_, data) => doctorText(data)],
  ["auth", (sub, data) => authText(sub, data)],
  ["profiles", (_, data) => profilesText(data)]
])

export const formatDiagnostics = (
  command: string,
  sub: string | undefined,
  data: Data,
  positionals: ReadonlyArray<string> = []
): Formatted | undefined => BY_COMMAND.get(command)?.(sub, data, positionals)
