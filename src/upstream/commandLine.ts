/**
 * Reads a caller's agent-browser argv the way upstream does: global flags may stand before or after the command,
 * some of them take a value, and the first other token is the command. Pure; knows nothing of sessions.
 */
import type { FlagOccurrence, CommandLine } from "../domain/CommandLine.js"

/** Global flags that consume the next token as their value (upstream 0.41 help). */
const VALUE_FLAGS = new Set([
  "--session",
  "--namespace",
  "--executable-path",
  "--args",
  "--profile",
  "--state",
  "--proxy",
  "--proxy-bypass",
  "--user-agent",
  "--engine",
  "--allowed-domains",
  "--extension",
  "--init-script",
  "--color-scheme",
  "--download-path",
  "--cdp",
  "--confirm-actions",
  "--action-policy",
  "--idle-timeout",
  "--config",
  "--max-output",
  "--screenshot-dir",
  "--screenshot-format",
  "--screenshot-quality",
  "-p",
  "--provider",
  "--device",
  "--session-name",
  "--headers",
  "--enable",
  "--pin-tab",
  "--ca-cert"
])

/** Global boolean flags. */
const BOOLEAN_FLAGS = new Set([
  "--json",
  "--headed",
  "--auto-connect",
  "--debug",
  "--no-auto-dialog",
  "--content-boundaries",
  "--ignore-https-errors",
  "--allow-file-access",
  "--restore",
  "--hide-scrollbars",
  "--use-system-ca"
])

/**
 * Flags that shape the browser launch. Upstream hashes them and silently relaunches the browser (losing every tab)
 * when a later call sends a different set, so they are only honoured on a session's first call.
 */
export const LAUNCH_FLAGS = new Set([
  "--executable-path",
  "--args",
  "--profile",
  "--state",
  "--proxy",
  "--proxy-bypass",
  "--user-agent",
  "--headed",
  "--engine",
  "--allowed-domains",
  "--extension",
  "--init-script",
  "--color-scheme",
  "--download-path",
  "--cdp",
  "--auto-connect",
  "-p",
  "--provider",
  "--device",
  "--session-name",
  "--restore",
  "--enable",
  "--ignore-https-errors",
  "--allow-file-access",
  "--ca-cert",
  "--use-system-ca",
  "--hide-scrollbars"
])

const flagName = (token: string): string =>
  token.startsWith("--") && token.includes("=") ? token.slice(0, token.indexOf("=")) : token

/** `wait <sel> --state hidden`: the element state `wait` waits for (upstream reads it so), not the `--state <file>`. */
const WAIT_STATES = new Set(["visible", "hidden", "attached", "detached"])
const isWaitState = (positionals: ReadonlyArray<string>, name: string, value: string | undefined): boolean =>
  name === "--state" && positionals[0] === "wait" && value !== undefined && WAIT_STATES.has(value)

export const parseCommandLine = (argv: ReadonlyArray<string>): CommandLine => {
  const flags: Array<FlagOccurrence> = []
  const positionals: Array<string> = []
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? ""
    const name = flagName(token)
    const inline = name !== token ? token.slice(name.length + 1) : undefined
    if (isWaitState(positionals, name, inline ?? argv[i + 1])) {
      positionals.push(token, ...(inline === undefined ? [argv[++i] ?? ""] : []))
    } else if (name !== token && (VALUE_FLAGS.has(name) || BOOLEAN_FLAGS.has(name))) {
      flags.push({ flag: name, value: inline ?? "", index: i })
    } else if (VALUE_FLAGS.has(token)) {
      const value = argv[i + 1]
      flags.push(value === undefined ? { flag: token, index: i } : { flag: token, value, index: i })
      i++
    } else if (BOOLEAN_FLAGS.has(token)) {
      flags.push({ flag: token, index: i })
    } else {
      positionals.push(token)
    }
  }
  return { argv, flags, positionals, command: positionals[0], subcommand: positionals[1] }
}

export const hasFlag = (line: CommandLine, ...names: ReadonlyArray<string>): boolean =>
  line.flags.some((f) => names.includes(f.flag))

export const flagValue = (line: CommandLine, name: string): string | undefined =>
  line.flags.find((f) => f.flag === name)?.value

/** The launch-scoped flags of a call, as the argv tokens that carry them (flag plus value). */
export const launchFlagTokens = (line: CommandLine): ReadonlyArray<string> =>
  line.flags
    .filter((f) => LAUNCH_FLAGS.has(f.flag))
    .flatMap((f) => {
      const token = line.argv[f.index] ?? f.flag
      return token.includes("=") || f.value === undefined ? [token] : [f.flag, f.value]
    })

/** Removes the given global flags (and their values) from argv. */
export const withoutFlags = (line: CommandLine, names: ReadonlySet<string>): ReadonlyArray<string> => {
  const drop = new Set<number>()
  for (const f of line.flags) {
    if (!names.has(f.flag)) continue
    drop.add(f.index)
    const token = line.argv[f.index] ?? ""
    if (!token.includes("=") && f.value !== undefined) drop.add(f.index + 1)
  }
  return line.argv.filter((_, i) => !drop.has(i))
}

/** Only the global-flag tokens of argv (flags with their values), in order: the prefix for a follow-up call. */
export const globalFlagTokens = (line: CommandLine): ReadonlyArray<string> =>
  line.flags.flatMap((f) => {
    const token = line.argv[f.index] ?? f.flag
    return token.includes("=") || f.value === undefined ? [token] : [f.flag, f.value]
  })
