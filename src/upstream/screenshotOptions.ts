/**
 * What a `screenshot` asks of its file that agent-browser 0.41.2 does not do itself: a format (`--screenshot-format`,
 * or the path's extension) it cannot write (WebP: it writes a PNG under the `.webp` name, with a warning on stderr),
 * or `--scale css` (wrapper-only: one image pixel per CSS pixel on a high-density screen; `device`, upstream's, is the
 * default). Upstream is asked for a PNG (or the JPEG the extension names) and the tool converts the file
 * (program/artifacts/screenshotImage.ts). A flag and an extension that disagree are refused. Pure.
 */
import type { ScreenshotOptions } from "../domain/ScreenshotOptions.js"
import { artifactRequest } from "./artifactPaths.js"
import { parseCommandLine } from "./commandLine.js"
import { extensionFormat, formatNamed } from "./imageFormat.js"

type Extracted = {
  readonly args: ReadonlyArray<string>
  readonly options: ScreenshotOptions | undefined
  readonly error?: string
}

type FormatToken = { readonly index: number; readonly value: string; readonly joined: boolean }

type Scale = { readonly args: ReadonlyArray<string>; readonly value?: string; readonly missing?: true }

const FORMAT_FLAG = "--screenshot-format"

/** Index of the `--screenshot-format` value token, and its value. */
const formatAt = (args: ReadonlyArray<string>): FormatToken | undefined => {
  for (let i = 0; i < args.length; i++) {
    const t = args[i] ?? ""
    if (t === FORMAT_FLAG && args[i + 1] !== undefined) return { index: i + 1, value: args[i + 1] ?? "", joined: false }
    if (t.startsWith(`${FORMAT_FLAG}=`)) return { index: i, value: t.slice(FORMAT_FLAG.length + 1), joined: true }
  }
  return undefined
}

/** `--scale css|device` after the command: its value, and the argv without it. */
const takeScale = (args: ReadonlyArray<string>, at: number): Scale => {
  const i = args.findIndex((t, k) => k > at && (t === "--scale" || t.startsWith("--scale=")))
  if (i < 0) return { args }
  const token = args[i] ?? ""
  const value = token.includes("=") ? token.slice("--scale=".length) : args[i + 1]
  if (value === undefined) return { args, missing: true }
  return { args: [...args.slice(0, i), ...args.slice(i + (token.includes("=") ? 1 : 2))], value }
}

const SCALE_VALUES = "--scale takes css (one image pixel per CSS pixel) or device (the screen's pixels, the default)"

const refuse = (raw: ReadonlyArray<string>, error: string): Extracted => ({ args: raw, options: undefined, error })

export const extractScreenshotOptions = (raw: ReadonlyArray<string>): Extracted => {
  const at = raw.indexOf("screenshot")
  if (at < 0) return { args: raw, options: undefined }
  const scale = takeScale(raw, at)
  if (scale.missing === true || (scale.value !== undefined && scale.value !== "css" && scale.value !== "device")) {
    return refuse(raw, SCALE_VALUES)
  }
  const args = scale.args
  const flag = formatAt(args)
  const named = flag !== undefined ? formatNamed(flag.value) : undefined
  if (flag !== undefined && named === undefined) {
    return refuse(raw, `--screenshot-format takes png, jpeg or webp, not ${JSON.stringify(flag.value)}`)
  }
  const line = parseCommandLine(args)
  const index = artifactRequest(line)?.pathIndex
  const path = index !== undefined ? line.positionals[index] : undefined
  const byName = path !== undefined ? extensionFormat(path) : undefined
  if (named !== undefined && byName !== undefined && named !== byName) {
    const ext = named === "jpeg" ? "jpg" : named
    const clash = `--screenshot-format ${flag?.value} and the file name ${path} ask for different formats`
    return refuse(raw, `${clash}: name the file .${ext} or drop the flag`)
  }
  const format = named ?? byName ?? "png"
  const css = scale.value === "css"
  if (format === "png" && !css) return { args, options: undefined }
  // upstream writes PNG or JPEG: WebP is converted from its PNG; a JPEG named only by the extension is asked for
  const upstream = format === "webp" ? "png" : format
  const withFormat =
    flag === undefined
      ? upstream === "png"
        ? args
        : [...args, FORMAT_FLAG, upstream]
      : args.map((t, i) => (i !== flag.index ? t : flag.joined ? `${FORMAT_FLAG}=${upstream}` : upstream))
  return { args: withFormat, options: { format, css } }
}

/** Screenshot flags that take a value (so the value is not read as a selector). */
const VALUE_FLAGS = new Set(["--threshold", "--scale"])

/**
 * `screenshot <selector> --full`: upstream captures the element's box and drops `--full` silently; refused, naming
 * both ways to get what may have been meant. The tokens are `--full` (the call without it is the element's shot).
 */
export const screenshotFlagProblem = (
  positionals: ReadonlyArray<string>
): { readonly message: string; readonly tokens: ReadonlyArray<string> } | undefined => {
  if (positionals[0] !== "screenshot") return undefined
  const full = positionals.find((t) => t === "--full" || t === "-f")
  if (full === undefined) return undefined
  const pathIndex = artifactRequest(parseCommandLine(positionals))?.pathIndex
  const selector = positionals.find(
    (t, i) => i > 0 && i !== pathIndex && !t.startsWith("-") && !VALUE_FLAGS.has(positionals[i - 1] ?? "")
  )
  if (selector === undefined) return undefined
  return {
    message:
      `screenshot ${selector} captures that element's box; ${full} (the whole page) does not apply to an ` +
      "element and agent-browser would drop it silently. Drop the flag for the element, or drop the selector for " +
      "the full page.",
    tokens: [full]
  }
}
