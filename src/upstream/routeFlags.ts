/**
 * What `network route` takes beyond agent-browser 0.41.2's CLI (`--abort`, or `--body <json>` answered with HTTP 200
 * and `Content-Type: application/json`, `--allow-origin`, `--resource-type`): a response shape, `--status <code>`,
 * `--headers <json object>` and `--content-type <type>`, which the tool sends to the daemon's own route command
 * (routeShape.ts). Flags that still mean nothing for a route (`--method`, `--filter`, `--clear`: `network requests`'
 * filters, ignored silently by upstream's route) and shape values that would not work are refused before anything
 * runs, naming what to write. Pure.
 */
import type { CommandLine } from "../domain/CommandLine.js"
import { routeShapeOf, shapesResponse } from "./routeShape.js"

/** Flags a caller may write on a route that neither upstream's route nor the tool's shaped route reads. */
const IGNORED_FLAGS: Readonly<Record<string, string>> = {
  "--code": "--status <code>",
  "--header": `--headers '{"Name":"value"}'`,
  "--type": "--content-type <type>",
  "--method": "",
  "--filter": "",
  "--clear": ""
}

export interface RouteFlagProblem {
  readonly message: string
  /** The flag as written, and its value when it took one (none: a value to correct, not a flag to drop). */
  readonly tokens: ReadonlyArray<string>
}

const FORMS =
  "network route <url> takes --abort, or a mock: --body <text>, --status <100-599>, --headers <json object>, " +
  "--content-type <type> (with --body alone: HTTP 200, application/json), and --resource-type <csv>."

/** The first flag of a `network route` argv (the command first) that a route does not read, or undefined. */
export const routeFlagProblem = (positionals: ReadonlyArray<string>): RouteFlagProblem | undefined => {
  if (positionals[0] !== "network" || positionals[1] !== "route") return undefined
  for (let i = 2; i < positionals.length; i++) {
    const token = positionals[i] ?? ""
    const eq = token.indexOf("=")
    const name = eq > 0 ? token.slice(0, eq) : token
    const instead = IGNORED_FLAGS[name]
    if (instead === undefined) continue
    const value = eq < 0 ? positionals[i + 1] : undefined
    const tokens = value !== undefined && !value.startsWith("--") ? [token, value] : [token]
    const hint = instead === "" ? "" : ` (did you mean ${instead}?)`
    return { message: `network route takes no ${name}${hint}: upstream would ignore it. ${FORMS}`, tokens }
  }
  return undefined
}

/**
 * A route whose shape values would not work (a status that is no HTTP code, `--headers` that is not a JSON object of
 * strings, a shape beside `--abort`); read over the whole line, since upstream parses `--headers` as a global flag.
 */
export const routeGlobalFlagProblem = (line: CommandLine): RouteFlagProblem | undefined => {
  const shape = routeShapeOf(line)
  return shape !== undefined && "problem" in shape ? { message: shape.problem, tokens: [] } : undefined
}

/** A batch step's route with a response shape: upstream's batch would answer it with HTTP 200, so it runs alone. */
export const batchRouteProblem = (line: CommandLine): RouteFlagProblem | undefined =>
  shapesResponse(line)
    ? {
        message:
          "network route with --status, --headers or --content-type runs as its own call (the tool sends it to the " +
          "daemon), not as a batch step, where upstream would answer it with HTTP 200",
        tokens: []
      }
    : undefined
