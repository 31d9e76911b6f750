/**
 * `diff screenshot`'s answer in words (V4): a diff image is "Saved" only when the tool found it on disk, else it is
 * "reported"; matching images say so (upstream writes no image then); the mismatch figure comes with either. Pure.
 */
import type { VerificationRow } from "../../schema/Artifacts.js"
import type { Formatted } from "./contentBoundary.js"

type Data = Readonly<Record<string, unknown>>

const count = (v: unknown): string | undefined => (typeof v === "number" && Number.isFinite(v) ? String(v) : undefined)

/** `99.97% of pixels differ, 810036 of 810240`, or as much of it as upstream gave. */
const mismatchFigure = (data: Data): string => {
  const share = data["mismatchPercentage"]
  const percent = typeof share === "number" ? `${Number(share.toFixed(2))}%` : undefined
  const [different, total] = [count(data["differentPixels"]), count(data["totalPixels"])]
  const pixels = different !== undefined && total !== undefined ? `${different} of ${total}` : different
  const sizes =
    data["dimensionMismatch"] !== undefined && data["dimensionMismatch"] !== null
      ? `; the images' sizes differ: ${JSON.stringify(data["dimensionMismatch"])}`
      : ""
  if (percent === undefined && pixels === undefined) return `mismatch not reported${sizes}`
  return `${percent ?? "some"} of pixels differ${pixels !== undefined ? `, ${pixels}` : ""}${sizes}`
}

/**
 * `row`: the diff image's verification row (undefined in a batch step, whose files are listed apart). Its state decides
 * the first word: verified → `Saved diff image`, anything else → `Diff image reported; file not verified`.
 */
export const diffScreenshotText = (data: Data, row: VerificationRow | undefined, verifiable: boolean): Formatted => {
  const path = typeof data["diffPath"] === "string" ? data["diffPath"] : (row?.path ?? "(no path)")
  if (data["match"] === true) {
    const text = `Images match: ${mismatchFigure(data)}; no diff image written.`
    return { text, summary: "diff screenshot: images match" }
  }
  const figure = mismatchFigure(data)
  if (!verifiable) return { text: `Diff image: ${path} (${figure})`, summary: `diff screenshot: ${figure}` }
  const text =
    row?.state === "verified"
      ? `Saved diff image: ${row.path} (${figure})`
      : `Diff image reported; file not verified: ${path} (${figure})`
  return { text, summary: `diff screenshot: ${figure}` }
}
