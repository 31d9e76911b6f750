/**
 * What an ordinary successful call in a wrapper-launched Electron app's session should be warned about: `get text`
 * on a selector that matches the whole app shell (`body`, `html`, `main`, `div`, `[role=application]`), whose text
 * is every panel at once; and an `@e…` mutation, after which desktop apps often re-render in place, so the URL staying
 * the same says nothing about the refs. Only for sessions the wrapper launched (the caller checks). Pure.
 */
import type { ElectronGetTextScopeWarning, ElectronRefFreshness } from "../schema/ElectronScope.js"
import type { CommandLine } from "../domain/CommandLine.js"
import { refsIn } from "../session/refPreflight.js"
import { leavesDomUnchanged } from "../upstream/commandEffects.js"

const BROAD = new Set(["body", "html", ":root", "main", "div", "[role=application]", '[role="application"]', "*"])

export interface ElectronScopeContextFacts {
  readonly launchId: string
  readonly sessionName: string
  readonly url: string | undefined
}

const contextOf = (c: ElectronScopeContextFacts) => ({
  launchId: c.launchId,
  sessionName: c.sessionName,
  ...(c.url !== undefined ? { url: c.url } : {})
})

export const broadTextScope = (
  line: CommandLine,
  context: ElectronScopeContextFacts
): ElectronGetTextScopeWarning | undefined => {
  const selector = line.command === "get" && line.positionals[1] === "text" ? line.positionals[2] : undefined
  if (selector === undefined || !BROAD.has(selector.trim().toLowerCase())) return undefined
  return {
    selector,
    summary: `get text ${selector} reads the whole app window; scope it to a panel's ref or selector from snapshot -i.`,
    electronContext: contextOf(context)
  }
}

export const refFreshness = (
  argv: ReadonlyArray<string>,
  line: CommandLine,
  context: ElectronScopeContextFacts
): ElectronRefFreshness | undefined => {
  const refs = refsIn(argv)
  if (refs.length === 0 || line.command === undefined || leavesDomUnchanged(line.command)) return undefined
  return {
    refs: refs.map((r) => `@${r}`),
    command: line.command,
    summary: "Desktop apps often re-render without a URL change: take snapshot -i before reusing older refs.",
    electronContext: contextOf(context)
  }
}
