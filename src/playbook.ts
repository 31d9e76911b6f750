/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short; the input schema takes its parameter descriptions from here too. docs/TOOL_CONTRACT.md embeds `playbookMarkdown()` between markers; a test fails when they drift
 * (`npm run docs:playbook` rewrites the docs). `npm run prompt-cost` prints the size with the parameter schema.
 */

export const TOOL_NAME = "agent_browser"
export const TOOL_LABEL = "Agent Browser"

export const description = [
  "Browse and test web apps in a real Chrome: open, read, click, fill, screenshot, download, run JS.",
  "Typical flow: args [\"open\",url] → [\"snapshot\",\"-i\"] (refs like @e3) → click/fill @eN.",
  "Fewer calls: job for several steps, qa to smoke-test a page, semanticAction to act by role/label/text."
].join(" ")

export const promptSnippet = "Drive a real browser: open, snapshot -i, click/fill @refs, screenshot, eval"

export const promptGuidelines: ReadonlyArray<string> = [
  "Use agent_browser for web pages instead of curl when the page needs JS, clicks or forms.",
  "agent_browser refs (@eN) go stale after navigation or re-render: take a new snapshot -i; act on failureCategory/nextActions in results.",
  "Put launch flags (--profile, --cdp, --state, --allowed-domains) on the first agent_browser call; later ones need sessionMode \"fresh\".",
  "Find pages with agent_browser_web_search (if present) or known URLs, not search-engine forms (CAPTCHAs); never solve a CAPTCHA."
]

/** Parameter descriptions of the input schema (src/schema/ToolInput.ts), part of the per-turn budget too. */
export const fieldDescriptions = {
  semanticValue: "Locator value, e.g. button or label text.",
  semanticName: "Accessible name (role locator only).",
  semanticSelector: "CSS selector or @ref instead of a locator.",
  semanticAction: "One element action by locator or selector/@ref (dblclick/uncheck/scrollIntoView: selector); fill: text; press: text=key; select: selector+value(s).",
  job: "Steps in one call (batch --bail): open{url}; element actions{selector|locator,text} as in semanticAction; press{text:key}; drag{selector,target}; type{text,press}; select{selector,value(s)}; wait{milliseconds}; assertText{text}; assertUrl{url glob}; waitForDownload{path}; snapshot; screenshot{path}.",
  qa: "Smoke-check url (or attached: current page): load, expectedText/Selector; fails on console/page errors, failed requests.",
  sourceLookup: "Likely source files of an element.",
  networkSourceLookup: "Probable sources of failed requests.",
  args: "CLI args, e.g. [\"click\",\"@e2\"]; no shell syntax (--json is added).",
  stdin: "Stdin for eval --stdin (JS), batch (JSON argv arrays), auth save --password-stdin.",
  sessionMode: "auto (default): this conversation's browser; fresh: a new one with new launch flags.",
  outputPath: "Also save the result (a snapshot's full tree) to this file.",
  timeoutMs: "Watchdog ms (default 35000); raise for long waits.",
  electron: "Electron app: list{query}; launch{appName|appPath|executablePath} (temp profile); status|probe|cleanup{launchId}. A running app: args connect <debug port>.",
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
