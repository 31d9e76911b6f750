/**
 * How agent_browser_web_search looks in pi's terminal: the query, then the count or what failed, wrapped like pi's
 * tools.
 */
import type { WebSearchDetails } from "../schema/WebSearchContract.js"
import { FAILURE_WORDS, type RenderTheme, type ResultLike } from "./resultView.js"

export const webSearchCallText = (params: Record<string, unknown>, theme: RenderTheme): string =>
  `${theme.fg("toolTitle", theme.bold("web search"))} ` +
  `${typeof params["query"] === "string" ? JSON.stringify(params["query"]) : ""}`

/** Collapsed: the count and provider, or the failure in words with the tool's sentence (it says what to set or fix). */
export const webSearchResultText = (
  result: ResultLike,
  options: { readonly expanded: boolean; readonly expandHint?: string },
  theme: RenderTheme
): string => {
  const text = result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n")
  const d = result.details as Partial<WebSearchDetails> | undefined
  const head =
    d?.resultCategory === "failure"
      ? theme.fg(
          "error",
          `✗ ${FAILURE_WORDS[d.failureCategory ?? "upstream-error"]}: ${d.error ?? text.split("\n")[0] ?? ""}`
        )
      : `${theme.fg("success", "✓")} ${
          d?.resultCategory === "success"
            ? `${d.results?.length ?? 0} result(s) from ${d.provider ?? "the provider"}`
            : (text.split("\n")[0] ?? "")
        }`
  if (options.expanded) return [head, ...text.split("\n").map((l) => theme.fg("toolOutput", l))].join("\n")
  return options.expandHint !== undefined && text.trim() !== ""
    ? `${head} ${theme.fg("muted", "(")}${options.expandHint}${theme.fg("muted", ")")}`
    : head
}
