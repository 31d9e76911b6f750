/**
 * What `network route` can mock in agent-browser 0.41.2: `--abort`, or `--body <json>` answered with HTTP 200 and
 * `Content-Type: application/json` (and `--allow-origin <origin>`'s CORS header). It takes no status code and no
 * headers; `--status` is `network requests`' filter, which upstream's route ignores silently, so a caller asking for a
 * 404 would get a 200. Refused before anything runs, naming the closest working forms. Pure.
 */
import type { CommandLine } from "../domain/CommandLine.js"

/** Flags a caller may write to shape a mocked response, none of which upstream's route reads. */
const RESPONSE_FLAGS = new Set([
  "--status",
  "--status-code",
  "--code",
  "--header",
  "--headers",
  "--content-type",
  "--type",
  "--method",
  "--filter",
  "--clear"
])

export interface RouteFlagProblem {
  readonly message: string
  /** The flag as written, and its value when it took one. */
  readonly tokens: ReadonlyArray<string>
}

const ALTERNATIVES =
  "agent-browser 0.41.2 answers a mocked route with HTTP 200 and Content-Type application/json " +
  "(route <url> --body <json>), or fails it (--abort); --allow-origin <origin> adds the CORS header. A mock with " +
  "another status code or headers needs a server you run (for example on 127.0.0.1) that the page requests instead."

/** The first response-shaping flag of a `network route` argv (the command first), or undefined. */
export const routeFlagProblem = (positionals: ReadonlyArray<string>): RouteFlagProblem | undefined => {
  if (positionals[0] !== "network" || positionals[1] !== "route") return undefined
  for (let i = 2; i < positionals.length; i++) {
    const token = positionals[i] ?? ""
    const eq = token.indexOf("=")
    const name = eq > 0 ? token.slice(0, eq) : token
    if (!RESPONSE_FLAGS.has(name)) continue
    const value = eq < 0 ? positionals[i + 1] : undefined
    const tokens = value !== undefined && !value.startsWith("--") ? [token, value] : [token]
    const message = `network route takes no ${name} (upstream would ignore it and answer 200): ${ALTERNATIVES}`
    return { message, tokens }
  }
  return undefined
}

/**
 * The same for a response-shaping flag upstream parses as a global one (`--headers <json>` sets request headers for an
 * origin): written after `network route`, it never reaches the route either.
 */
export const routeGlobalFlagProblem = (line: CommandLine): RouteFlagProblem | undefined => {
  if (line.command !== "network" || line.subcommand !== "route") return undefined
  const found = line.flags.find((f) => RESPONSE_FLAGS.has(f.flag))
  if (found === undefined) return undefined
  const written = line.argv[found.index] ?? found.flag
  const tokens = found.value !== undefined && !written.includes("=") ? [written, found.value] : [written]
  return {
    message:
      `network route takes no ${found.flag} (upstream would not apply it to the route and answer 200): ` +
      `${ALTERNATIVES}`,
    tokens
  }
}
