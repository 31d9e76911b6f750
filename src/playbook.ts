/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short; the input schema takes its parameter descriptions from here too. docs/TOOL_CONTRACT.md embeds `playbookMarkdown()` between markers; a test fails when they drift
 * (`npm run docs:playbook` rewrites the docs). `npm run prompt-cost` prints the size with the parameter schema.
 */

export const TOOL_NAME = "agent_browser"
export const TOOL_LABEL = "Agent Browser"

export const description = [
  "Browse and test web apps in a real Chrome: open, read, click, fill, screenshot, download, run JS.",
  "This conversation keeps one browser session across calls.",
  "Typical flow: args [\"open\",url] → [\"snapshot\",\"-i\"] (refs like @e3) → click/fill @eN → snapshot -i again after the page changes.",
  "Fewer calls: job for several steps, qa to smoke-test a page, semanticAction to act by role/label/text."
].join(" ")

export const promptSnippet = "Drive a real browser: open, snapshot -i, click/fill @refs, screenshot, eval"

export const promptGuidelines: ReadonlyArray<string> = [
  "Use agent_browser for web pages instead of curl when the page needs JS, clicks or forms; start with open, then snapshot -i.",
  "agent_browser refs (@eN) go stale after navigation or re-render: take a new snapshot -i before reusing them, and act on failureCategory/nextActions in results.",
  "Put launch flags (--profile, --cdp, --state, --allowed-domains) on the first agent_browser call; later, use sessionMode \"fresh\" to apply new ones.",
  "Find pages with agent_browser_web_search (if present) or known URLs, not search-engine forms (CAPTCHAs); never solve a CAPTCHA."
]

/** Parameter descriptions of the input schema (src/schema/ToolInput.ts), part of the per-turn budget too. */
export const fieldDescriptions = {
  semanticValue: "Locator value, e.g. button or label text.",
  semanticName: "Accessible name (role locator only).",
  semanticSelector: "CSS selector or @ref instead of a locator.",
  semanticAction: "One element action by locator or selector/@ref; fill needs text; select needs selector and value(s).",
  job: "Steps in one call (batch --bail): open{url}, click/fill{selector|locator,text}, type{text,press}, select{selector,value(s)}, wait{milliseconds}, assertText{text}, assertUrl{url glob}, waitForDownload{path}, snapshot, screenshot{path}.",
  qa: "Smoke-check url (or attached: the current page): load, expectedText/Selector; fails on console/page errors or failed requests.",
  sourceLookup: "Likely source files of an element.",
  networkSourceLookup: "Probable sources of failed requests.",
  args: "CLI args, e.g. [\"open\",\"http://localhost:3000\"], [\"click\",\"@e2\"]; no shell syntax (--json is added).",
  stdin: "Stdin for eval --stdin (JS), batch (JSON argv arrays) or auth save --password-stdin.",
  sessionMode: "auto (default): this conversation's browser; fresh: a new one (applies new launch flags).",
  outputPath: "Also save the result to this file (JSON or text; a snapshot's full tree).",
  timeoutMs: "Watchdog ms (default 35000); raise for long waits.",
  electron: "Electron app: list{query}; launch{appName|appPath|executablePath} (own temp profile); status|probe|cleanup{launchId}. An already running app: args connect <its debug port>.",
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
