/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short; the input schema takes its parameter descriptions from here too. docs/TOOL_CONTRACT.md embeds `playbookMarkdown()` between markers; a test fails when they drift
 * (`npm run docs:playbook` rewrites the docs). `npm run prompt-cost` prints the size with the parameter schema.
 */

export const TOOL_NAME = "agent_browser"
export const TOOL_LABEL = "Agent Browser"

export const description = [
  "Browse and test web apps in a real Chrome: open pages, read them, click, fill forms, take screenshots, download files, run JS.",
  "This conversation keeps one browser session across calls.",
  "Typical flow: args [\"open\",url] → [\"snapshot\",\"-i\"] (refs like @e3) → click/fill @eN → snapshot -i again after the page changes.",
  "Fewer calls: job for several steps, qa to smoke-test a page, semanticAction to act by role/label/text."
].join(" ")

export const promptSnippet = "Drive a real browser: open, snapshot -i, click/fill @refs, screenshot, eval"

export const promptGuidelines: ReadonlyArray<string> = [
  "Use agent_browser for web pages instead of curl when the page needs JS, clicks or forms; start with open, then snapshot -i.",
  "agent_browser refs (@eN) go stale after navigation or re-render: take a new snapshot -i before reusing them, and act on failureCategory/nextActions in results.",
  "Put launch flags (--profile, --cdp, --state, --allowed-domains) on the first agent_browser call; later, use sessionMode \"fresh\" to apply new ones.",
  "Find pages with agent_browser_web_search (when available) or a known URL, not by typing into search-engine forms (they serve CAPTCHAs); never try to solve a CAPTCHA."
]

/** Parameter descriptions of the input schema (src/schema/ToolInput.ts), part of the per-turn budget too. */
export const fieldDescriptions = {
  semanticValue: "Locator value, e.g. button or the label text.",
  semanticName: "Accessible name (role locator only).",
  semanticSelector: "CSS selector or @ref instead of a locator.",
  semanticAction: "One element action by locator+value or selector/@ref; fill needs text; select needs selector and value(s).",
  job: "Steps in one call (batch --bail): open{url,loadState}, click/fill{selector|locator,text}, type{text,selector,delayMs,press}, select{selector,value(s)}, wait{milliseconds}, assertText{text}, assertUrl{url, * globs}, waitForDownload{path}, snapshot, screenshot{path}.",
  qa: "Smoke-check a page: open url (or attached: true), wait for load, expect text/selector; fails on console/page errors or failed requests; optional screenshotPath.",
  args: "agent-browser CLI args, e.g. [\"open\",\"http://localhost:3000\"], [\"snapshot\",\"-i\"], [\"click\",\"@e2\"]. No shell syntax; --json is added.",
  stdin: "Raw stdin, only for eval --stdin (JS), batch (JSON array of argv arrays) and auth save --password-stdin.",
  sessionMode: "auto (default): this conversation's browser. fresh: a new managed browser, to apply launch flags (--profile, --cdp, --state) after the first call.",
  outputPath: "Also save the result to a file (JSON data or text; a snapshot's full tree), relative to the cwd.",
  timeoutMs: "Watchdog in ms (default 35000); raise for long waits or slow pages.",
  electron: "Electron app: list{query}, launch{appName|appPath|executablePath, appArgs, allow, deny} (temp profile), status|probe|cleanup{launchId}; cleanup when done. Signed-in app: start it with --remote-debugging-port=9222, then args connect 9222, sessionMode fresh.",
} as const

/** The playbook as the docs show it. */
export const playbookMarkdown = (): string =>
  [
    `Description: ${description}`,
    "",
    `Prompt snippet: ${promptSnippet}`,
    "",
    "Guidelines:",
    ...promptGuidelines.map((g) => `- ${g}`),
    "",
    "Parameters:",
    ...Object.entries(fieldDescriptions).map(([field, text]) => `- ${field}: ${text}`)
  ].join("\n")
