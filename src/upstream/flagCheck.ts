/**
 * Caller flags checked against the installed agent-browser's own help (commandFlags.generated.ts, written by
 * `npm run docs:commands` from the binary's `--help` pages): a flag neither the command's page nor the global flags
 * name, or a value its form rules out (`--depth abc` where the page says `<n>`), is refused before anything runs.
 * Upstream ignores both silently, so the caller would never learn the flag did nothing. Checked only when the
 * installed version is the one the table was read from (another version may add flags). Pure.
 */

import { routeFlagProblem } from "./routeFlags.js"
import { screenshotFlagProblem } from "./screenshotOptions.js"

/** `""` no value, `"<x>"` a value, `"[x]"` an optional value, `"?"` named only in prose or examples (form unknown). */
export type FlagForm = string

export interface FlagTable {
  readonly version: string
  readonly global: Readonly<Record<string, FlagForm>>
  readonly commands: Readonly<Record<string, Readonly<Record<string, FlagForm>>>>
  readonly aliases: Readonly<Record<string, string>>
}

/** Flags the tool itself reads and takes off the argv before upstream sees them. */
const WRAPPER_FLAGS: Readonly<Record<string, Readonly<Record<string, FlagForm>>>> = {
  snapshot: {
    "--search": "<text|/re/i>",
    "--context": "<n>",
    "--filter": "<role=r>",
    "--viewport": "",
    "--diff": "",
    "--full": "",
    "-C": "",
    "--cursor": ""
  },
  network: {
    "--current-page": "",
    "--current-origin": "",
    "--current-url": "",
    "--save": "<path>",
    // a route's response shape (upstream/routeShape.ts)
    "--status-code": "<code>",
    "--content-type": "<type>"
  },
  eval: { "--stdin": "" },
  screenshot: { "--scale": "<css|device>" },
  // input the tool sends itself (compilers/inputCommand.ts, program/page/inputCommand.ts)
  click: { "--modifiers": "<keys>", "--button": "<button>" },
  dblclick: { "--modifiers": "<keys>", "--button": "<button>" },
  mouse: { "--modifiers": "<keys>", "--button": "<button>" }
}

/**
 * Upstream flags its command help leaves out but its own examples use and the binary honours: `network route …
 * --resource-type <types>` (in `open --help`'s batch example; checked on 0.41.2: `--abort --resource-type image`
 * fails the page's image and lets its fetch through).
 */
const UNLISTED_FLAGS: Readonly<Record<string, Readonly<Record<string, FlagForm>>>> = {
  network: { "--resource-type": "<types>" }
}

/** Commands only the tool runs (compilers/inputCommand.ts), with their flags, checked like upstream's. */
const TOOL_COMMAND_FLAGS: Readonly<Record<string, Readonly<Record<string, FlagForm>>>> = {
  drop: { "--files": "<paths>", "--text": "<text>" }
}

const isFlagToken = (token: string): boolean => /^--[a-zA-Z]|^-[a-zA-Z]/.test(token)

/** Value rules for the placeholders whose meaning is unambiguous. */
const valueProblem = (placeholder: string, value: string): string | undefined => {
  const p = placeholder.slice(1, -1).toLowerCase()
  if (["n", "ms", "chars", "timestamp", "0-100"].includes(p)) return /^\d+$/.test(value) ? undefined : "a whole number"
  if (p === "0-1") return /^(0(\.\d+)?|1(\.0+)?|\.\d+)$/.test(value) ? undefined : "a number from 0 to 1"
  if (p === "bool") return /^(true|false)$/.test(value) ? undefined : "true or false"
  if (p === "time") return /^\d+(ms|s|m|h)?$/.test(value) ? undefined : "a duration like 10s, 3m, 1h or milliseconds"
  return undefined
}

const formsShown = (forms: Readonly<Record<string, FlagForm>>, limit = 12): string => {
  const defined = Object.entries(forms).filter(
    ([name, form]) => form !== "?" && name !== "--json" && name !== "--session"
  )
  const shown = defined.slice(0, limit).map(([name, form]) => (form === "" ? name : `${name} ${form}`))
  return shown.length === 0 ? "no flags of its own" : `${shown.join(", ")}${defined.length > limit ? ", …" : ""}`
}

export interface FlagProblem {
  /** One sentence naming the flag and the valid forms. */
  readonly message: string
  /**
   * The tokens at fault as written (the flag, or the flag and its value): the call without them is what upstream ran.
   */
  readonly tokens: ReadonlyArray<string>
  /** A `--timeout <ms>` on a command without one: the budget the caller meant, for the tool's own `timeoutMs`. */
  readonly timeoutMs?: number
}

/** `--timeout` is per-command upstream (the wait family); elsewhere the caller means the tool's own budget. */
const timeoutHint = (
  name: string,
  value: string | undefined
): Pick<FlagProblem, "timeoutMs"> & { readonly note: string } =>
  name !== "--timeout"
    ? { note: "" }
    : {
        note: " The call's own time budget is the tool's timeoutMs field.",
        ...(value !== undefined && /^\d+$/.test(value) ? { timeoutMs: Number(value) } : {})
      }

/** The commands whose flags have a check of their own beside the binary's list (entered for these alone). */
const OWN_CHECKS: Readonly<Record<string, (positionals: ReadonlyArray<string>) => FlagProblem | undefined>> = {
  network: routeFlagProblem,
  screenshot: screenshotFlagProblem
}

/**
 * The first flag problem in one command's argv (`positionals` after global flags were read: the command first), naming
 * the flag and the valid forms; undefined when every flag is one the binary lists.
 */
export const flagProblem = (positionals: ReadonlyArray<string>, table: FlagTable): FlagProblem | undefined => {
  const written = positionals[0]
  if (written === undefined) return undefined
  const command = table.aliases[written] ?? written
  const own = table.commands[command] ?? TOOL_COMMAND_FLAGS[command]
  if (own === undefined) return undefined
  const specific = OWN_CHECKS[written]?.(positionals)
  if (specific !== undefined) return specific
  const forms: Readonly<Record<string, FlagForm>> = {
    "--help": "",
    "-h": "",
    ...table.global,
    ...own,
    ...UNLISTED_FLAGS[command],
    ...WRAPPER_FLAGS[command]
  }
  for (let i = 1; i < positionals.length; i++) {
    const token = positionals[i] ?? ""
    if (token === "--") return undefined
    if (!isFlagToken(token)) continue
    const eq = token.startsWith("--") ? token.indexOf("=") : -1
    const name = eq > 0 ? token.slice(0, eq) : token
    const form = forms[name]
    if (form === undefined) {
      // an unknown flag's value, if it was given one, is the next token unless that is a flag itself
      const next = eq < 0 ? positionals[i + 1] : undefined
      const hint = timeoutHint(name, eq > 0 ? token.slice(eq + 1) : next)
      const tokens = hint.timeoutMs !== undefined && eq < 0 && next !== undefined ? [token, next] : [token]
      return {
        message:
          `${written}: unknown flag ${name} (upstream would ignore it silently). ${written} takes ` +
          `${formsShown({ ...own, ...WRAPPER_FLAGS[command] })}; any command also takes the global flags ` +
          `(agent-browser --help).${hint.note} Fix or drop the flag.`,
        tokens,
        ...(hint.timeoutMs !== undefined ? { timeoutMs: hint.timeoutMs } : {})
      }
    }
    if (!form.startsWith("<")) continue
    const value = eq > 0 ? token.slice(eq + 1) : positionals[i + 1]
    if (eq < 0) i++
    if (value === undefined || (eq < 0 && isFlagToken(value)))
      return { message: `${written}: ${name} needs a value (${name} ${form}).`, tokens: [token] }
    const expected = valueProblem(form, value)
    if (expected !== undefined)
      return {
        message: `${written}: ${name} takes ${expected} (${name} ${form}), not ${JSON.stringify(value)}.`,
        tokens: eq > 0 ? [token] : [token, value]
      }
  }
  return undefined
}
