/**
 * Every byte of model-facing text for the agent_browser_web_search companion tool: description, snippet and
 * parameter descriptions. Kept beside `playbook.ts` and as short: it is sent on every turn.
 */

export const WEB_SEARCH_TOOL_NAME = "agent_browser_web_search"
export const WEB_SEARCH_TOOL_LABEL = "Web search"

export const webSearchDescription =
  "Search the live web (Exa or Brave API) for current docs, news or candidate URLs. " +
  "Returns numbered title, URL and a short excerpt. " +
  "Prefer it to driving search-engine pages with agent_browser (those hit CAPTCHAs); " +
  "open a result with agent_browser only when you need the page."

export const webSearchPromptSnippet = "Search the live web via API (Exa/Brave); use instead of browsing search engines"

export const webSearchFieldDescriptions = {
  query: "What to find, in natural language or keywords (max 400 characters).",
  provider: "auto (default) picks Exa when it has a key, else Brave.",
  searchType: "Exa only. auto (default); deep* modes are slower, for hard research.",
  count: "Results to return, 1-20 (default 5).",
  offset: "Result pages of `count` to skip, 0-9 (default 0).",
  country: "Two-letter country code, e.g. US.",
  searchLang: "Brave only: result language, e.g. en.",
  freshness: "pd, pw, pm, py (past day/week/month/year) or YYYY-MM-DDtoYYYY-MM-DD."
} as const
