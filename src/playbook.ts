/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short; the input schema takes its parameter descriptions from here too. docs/TOOL_CONTRACT.md embeds `playbookMarkdown()` between markers; a test fails when they drift
 * (`npm run docs:playbook` rewrites the docs). `npm run prompt-cost` prints the size with the parameter schema.
 */

export const TOOL_NAME = "agent_browser"
export const TOOL_LABEL = "Agent Browser"

export const description = [
  "Browse and test web apps in Chrome: read, click, fill, screenshot.",
  "Typical flow: args [\"open\",url] → [\"snapshot\",\"-i\"] (refs like @e3) → click/fill @eN.",
  "Fewer calls: job, qa, semanticAction."
].join(" ")

export const promptSnippet = "Drive a real browser: open, snapshot -i, click/fill @refs, screenshot, eval"

/**
 * The launch-flags rule; with browser defaults set in config (`configured`, e.g. `["--profile", "Work"]`) it names
 * them, so the first call can carry them (W6). Adds a few dozen characters, only when configured.
 */
export const launchGuideline = (configured: ReadonlyArray<string> = []): string =>
  configured.length === 0
    ? "Launch flags (--profile, --cdp, --state…) need a session's first call or sessionMode \"fresh\"."
    : `Launch flags (--cdp, --state…) need a session's first call or sessionMode "fresh"; add config's ${configured.join(" ")}.`

/** The guidelines, with `configured` browser defaults named in the launch-flags rule. */
export const guidelinesWith = (configured: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  "Refs (@eN) go stale after navigation or re-render: take a new snapshot -i (-C: also list items, labels); act on failureCategory/nextActions.",
  launchGuideline(configured),
  "Open known URLs, not search-engine forms; never solve a CAPTCHA.",
  "Never type passwords: fill/type text {{secret:NAME}} (names in errors) types a configured secret, only on its origins.",
  "policy-blocked = the user's security policy: never work around it; follow nextActions."
]

export const promptGuidelines: ReadonlyArray<string> = guidelinesWith()

/**
 * The installed package's docs, for the model to read when a result is unclear (`root`: the package folder, known
 * only at runtime; pi/tool.ts adds this line when the entry knows it).
 */
export const docsGuideline = (root: string): string =>
  `Docs in ${root}: README.md, docs/TOOL_CONTRACT.md (results, ids), docs/COMMAND_REFERENCE.md.`

/** Parameter descriptions of the input schema (src/schema/ToolInput.ts), part of the per-turn budget too. */
export const fieldDescriptions = {
  semanticValue: "Locator value, e.g. button or label text.",
  semanticName: "Accessible name (role locator only).",
  semanticSelector: "CSS selector or @ref instead of a locator.",
  semanticAction: "One element action by locator or selector/@ref (dblclick/uncheck/scrollIntoView: selector); fill: text; press: text=key; select: selector+value(s).",
  job: "Steps in one call: open{url}; element actions as semanticAction; press{text:key}; drag{selector,target}; type{text,press}; wait{milliseconds}; assertText{text}; assertUrl{url glob}; waitForDownload{path}; screenshot{path}; snapshot.",
  qa: "Smoke-check url (or attached: current page): load, expectedText/Selector; fails on console/page errors, failed requests.",
  sourceLookup: "Likely source files of an element.",
  networkSourceLookup: "Probable sources of failed requests.",
  args: "CLI args, e.g. [\"click\",\"@e2\"]; no shell syntax (--json is added).",
  stdin: "eval --stdin JS, batch JSON argv arrays, auth save --password-stdin.",
  sessionMode: "auto (default): this conversation's browser; fresh: a new one with new launch flags.",
  outputPath: "Also save the result (snapshot: full tree) to this file.",
  timeoutMs: "Watchdog ms (default 35000); raise for long waits.",
  electron: "Electron app: list{query}; launch{appName|appPath|executablePath}; status|probe|cleanup{launchId}. A running app: args connect <debug port>.",
} as const

/** The playbook as the docs show it. */
export const playbookMarkdown = (): string =>
  [
    `Description: ${description}`,
    "",
    `Prompt snippet: ${promptSnippet}`,
    "",
    "Guidelines:",
    ...[...promptGuidelines, docsGuideline("<package folder>")].map((g) => `- ${g}`),
    "",
    "Parameters:",
    ...Object.entries(fieldDescriptions).map(([field, text]) => `- ${field}: ${text}`)
  ].join("\n")
