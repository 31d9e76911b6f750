/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short; the input schema takes its parameter descriptions from here too. docs/TOOL_CONTRACT.md embeds
 * `playbookMarkdown()` between markers; a test fails when they drift (`npm run docs:playbook` rewrites the docs).
 * `npm run prompt-cost` prints the size with the parameter schema.
 */

export const TOOL_NAME = "agent_browser"
export const TOOL_LABEL = "Agent Browser"

export const description = [
  "Browse, read and test web apps in Chrome.",
  'Flow: args ["open",url] → ["snapshot","-i"] → click/fill @eN refs.',
  "Fewer calls: job, qa, semanticAction."
].join(" ")

export const promptSnippet = "Real browser: open, snapshot -i, click/fill @refs, screenshot, eval"

/**
 * The launch-flags rule; with browser defaults set in config (`configured`, e.g. `["--profile", "Work"]`) it names
 * them, so the first call can carry them (W6). Adds a few dozen characters, only when configured.
 */
export const launchGuideline = (configured: ReadonlyArray<string> = []): string =>
  configured.length === 0
    ? 'Launch flags (--profile, --cdp, --state…) need a session\'s first call or sessionMode "fresh"; ' +
      "profile fails: profiles, doctor."
    : `Launch flags (--cdp, --state…) need a session's first call or sessionMode "fresh"; ` +
      `add config's ${configured.join(" ")}; profile fails: profiles, doctor.`

/** The guidelines, with `configured` browser defaults named in the launch-flags rule. */
export const guidelinesWith = (configured: ReadonlyArray<string> = []): ReadonlyArray<string> => [
  "Refs go stale on navigation/re-render: snapshot -i again (-C: also list items, labels); " +
    "follow the failure's advice. Wrong tab: tab list, tab <id>; not ready: wait <sel>|--text <t>.",
  launchGuideline(configured),
  "Do only what was asked (no unrequested submit/post/buy); open known URLs, not search engines; " +
    "never solve CAPTCHAs; no exploratory --help.",
  'eval: args ["eval","--stdin"], script in stdin. Save files by download <sel> <path> or wait --download <path>, ' +
    "not click; report one only when saved (no failure, no Unverified/pending note). " +
    "--headed success does not prove a visible window: screenshot.",
  "Dialogs: dialog accept|dismiss. Iframes: frame <sel> (back: frame main). " +
    "Nested scroll: scroll <sel> <dir>, scrollintoview @eN. " +
    "Selects: select <sel> <value>; custom: click, snapshot -i, click option.",
  "fill/type {{secret:NAME}}: a configured secret (names in errors), on its origins; " +
    "a login the user asked for may use a password they gave.",
  "policy-blocked: the user's policy; never work around it."
]

export const promptGuidelines: ReadonlyArray<string> = guidelinesWith()

/**
 * The installed package's docs, for the model to read when a result is unclear (`root`: the package folder, known
 * only at runtime; pi/tool.ts adds this line when the entry knows it).
 */
export const docsGuideline = (root: string): string =>
  `Docs in ${root}: README.md, docs/TOOL_CONTRACT.md, docs/COMMAND_REFERENCE.md.`

/** Parameter descriptions of the input schema (src/schema/ToolInput.ts), part of the per-turn budget too. */
export const fieldDescriptions = {
  semanticValue: "button/label text",
  semanticName: "accessible name",
  semanticSelector: "CSS or @ref",
  semanticAction:
    "click|dblclick|fill|check|uncheck|hover|scrollIntoView|press|select one element " +
    "(dblclick/uncheck/scrollIntoView: selector only); fill: text; press: text=key; select: selector+values.",
  job:
    "Steps: semanticAction actions, rightclick; open{url}; type{text,press}; drag{selector,target}; " +
    "drop{selector,path|text}; wait{milliseconds}; assertText{text}; assertUrl{url glob}; " +
    "screenshot|waitForDownload{path}; snapshot.",
  qa:
    "Smoke-check url (attached: current page): load, expectedText/Selector; " +
    "fails on console/page errors, failed requests.",
  sourceLookup: "Likely source files of an element.",
  networkSourceLookup: "Probable sources of failed requests.",
  args: "CLI argv, no shell (--json is added).",
  stdin: "eval --stdin JS, batch JSON argv arrays, auth save --password-stdin.",
  sessionMode: "fresh: new browser (new launch flags); auto (default): current one.",
  outputPath: "Also write the result (snapshot: full tree) here.",
  timeoutMs: "Watchdog ms (default 35000).",
  electron:
    "list{query}; launch{appName|appPath|executablePath}; status|probe|cleanup{launchId}; " +
    "running app: args connect <port>."
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
