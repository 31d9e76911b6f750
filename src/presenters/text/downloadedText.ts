/**
 * An `open` of a URL that is a file: the browser saved it instead of opening a page (program/page/fastOpen.ts found
 * the finished download and checked it on disk). Said as the download it was, never as a failed navigation. Pure.
 */
import type { Formatted } from "./contentBoundary.js"

export const downloadedText = (data: Readonly<Record<string, unknown>>): Formatted | undefined => {
  const path = data["downloaded"]
  if (typeof path !== "string") return undefined
  const size = typeof data["sizeBytes"] === "number" ? `, ${data["sizeBytes"]} bytes` : ""
  const from = typeof data["from"] === "string" ? data["from"] : "the URL"
  const text =
    `Downloaded, not opened: ${from} is a file; the browser saved it to ${path}${size} (checked on disk). ` +
    "The tab still shows the page before."
  return { text, summary: `Downloaded ${path}` }
}
