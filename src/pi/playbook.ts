/**
 * Every byte of model-facing text the tool sends on every turn: description, prompt snippet and guidelines. Task
 * first and short. docs/TOOL_CONTRACT.md embeds `playbookMarkdown()` between markers; a test fails when they drift
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
  "Put launch flags (--profile, --cdp, --state, --allowed-domains) on the first agent_browser call; later, use sessionMode \"fresh\" to apply new ones."
]

/** The playbook as the docs show it. */
export const playbookMarkdown = (): string =>
  [
    `Description: ${description}`,
    "",
    `Prompt snippet: ${promptSnippet}`,
    "",
    "Guidelines:",
    ...promptGuidelines.map((g) => `- ${g}`)
  ].join("\n")
