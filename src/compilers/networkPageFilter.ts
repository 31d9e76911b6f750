/**
 * Wrapper-only `network requests --current-page | --current-origin | --current-url`: the flag is taken off the argv
 * before upstream runs, and the rows are kept when their URL has the active page's origin (page, origin) or is the
 * active document's URL (url, ignoring the fragment). Pure.
 */
import type { PageFilterMode } from "../domain/Lookup.js"

const FLAGS: Readonly<Record<string, PageFilterMode>> = {
  "--current-page": "current-page",
  "--current-origin": "current-origin",
  "--current-url": "current-url"
}

/** The argv without the wrapper flag, and the mode it asked for (the last one wins). */
export const pageFilterOf = (
  args: ReadonlyArray<string>
): { readonly args: ReadonlyArray<string>; readonly mode?: PageFilterMode } => {
  const at = args.indexOf("network")
  if (at < 0 || args[at + 1] !== "requests" || !args.some((a) => a in FLAGS)) return { args }
  const flags = args.filter((a) => a in FLAGS)
  return { args: args.filter((a) => !(a in FLAGS)), mode: FLAGS[flags[flags.length - 1]!]! }
}

const parse = (raw: string): URL | undefined => {
  try {
    return new URL(raw)
  } catch {
    return undefined
  }
}

/** Whether a request row belongs to the active page under this mode. */
export const matchesPage = (mode: PageFilterMode, currentUrl: string, requestUrl: string): boolean => {
  const page = parse(currentUrl)
  const request = parse(requestUrl)
  if (page === undefined || request === undefined) return false
  if (mode === "current-url") return request.href.replace(/#.*$/, "") === page.href.replace(/#.*$/, "")
  return request.origin === page.origin
}
