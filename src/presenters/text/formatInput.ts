/**
 * What the tool's own input commands did (program/page/inputCommand.ts, data marked `toolInput`): the click sent, with
 * its keys, button and point; the files and text the page's drop event carried; whether a storage key was there to
 * remove. Names from the page (a ref's role and name, dropped file names as the page read them) are page content.
 * Pure.
 */
import { page, type Parts } from "./contentBoundary.js"
import { type Formatted, formatted } from "./contentBoundary.js"

type Data = Record<string, unknown>

const str = (v: unknown): string => (typeof v === "string" ? v : "")
const list = (v: unknown): ReadonlyArray<Data> =>
  Array.isArray(v) ? v.filter((x): x is Data => x !== null && typeof x === "object") : []

const targetParts = (data: Data): Parts => {
  const described = str(data["described"])
  return [str(data["target"]), ...(described !== "" ? [" (", page(described), ")"] : [])]
}

const formatClick = (data: Data): Formatted => {
  const verb = data["clickCount"] === 2 ? "Double-clicked" : "Clicked"
  const modifiers = Array.isArray(data["modifiers"]) ? data["modifiers"].join("+") : ""
  const button = data["button"] !== "left" ? ` (${str(data["button"])} button)` : ""
  const keys = `${modifiers !== "" ? ` with ${modifiers}` : ""}${button}`
  const at = `(${String(data["x"])}, ${String(data["y"])})`
  const onElement = str(data["target"]) !== ""
  const parts: Parts = onElement ? [`${verb} `, ...targetParts(data), `${keys} at ${at}`] : [`${verb} at ${at}${keys}`]
  return formatted(parts, `${verb} ${onElement ? str(data["target"]) : at}${keys}`)
}

const formatDrop = (data: Data): Formatted => {
  const files = list(data["files"])
  const textLength = typeof data["textLength"] === "number" ? data["textLength"] : undefined
  const what = [
    ...(files.length > 0 ? [`${files.length} file${files.length === 1 ? "" : "s"}`] : []),
    ...(textLength !== undefined ? [`text (${textLength} characters)`] : [])
  ].join(" and ")
  const fileText = (f: Data) => {
    const facts = [`${String(f["size"])} bytes`, str(f["type"])].filter((s) => s !== "")
    return `${str(f["name"])} (${facts.join(", ")})`
  }
  const names = files.map(fileText).join(", ")
  const seen = data["pageSaw"] === true ? "the page's drop event carried" : "sent"
  const carried: Parts = names !== "" ? [`; ${seen}: `, page(names)] : []
  const parts: Parts = [`Dropped ${what} on `, ...targetParts(data), ...carried]
  return formatted(parts, `Dropped ${what} on ${str(data["target"])}`)
}

const formatStorageRemove = (data: Data): Formatted => {
  const where = `${str(data["area"])}Storage`
  const key = JSON.stringify(str(data["key"]))
  const text =
    data["removed"] === true ? `Removed ${key} from ${where}.` : `${where} had no key ${key}; nothing was removed.`
  return { text, summary: text }
}

/** The text of a tool input command's answer; undefined for data that is not one. */
export const formatInput = (data: Data): Formatted | undefined => {
  switch (data["toolInput"]) {
    case "click":
      return formatClick(data)
    case "drop":
      return formatDrop(data)
    case "storage-remove":
      return formatStorageRemove(data)
    default:
      return undefined
  }
}
