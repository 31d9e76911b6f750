/**
 * Caller flags against the installed binary's own help (upstream/flagCheck.ts), before anything runs: the call's own
 * argv and each step of a caller's `batch`. Skipped for another upstream version than the table was read from (its
 * help may list flags the table lacks), for inspection calls, and for argv the tool compiled itself. A refused flag
 * offers the same call without it (what upstream would have run) as the first next action.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { CommandLine } from "../../domain/CommandLine.js"
import type { Plan } from "../../domain/Plan.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { inputCommandOf } from "../../compilers/inputCommand.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { COMMAND_FLAGS } from "../../upstream/commandFlags.generated.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { type FlagProblem, flagProblem } from "../../upstream/flagCheck.js"
import { batchRouteProblem, routeGlobalFlagProblem } from "../../upstream/routeFlags.js"
import { batchStepsOf } from "../../upstream/batchSteps.js"

const batchRows = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> => batchStepsOf(stdin) ?? []

/** `args` without the first run of `tokens` after the command word (undefined when they are not found as written). */
const without = (
  args: ReadonlyArray<string>,
  command: string | undefined,
  tokens: ReadonlyArray<string>
): ReadonlyArray<string> | undefined => {
  const from = command === undefined ? 0 : Math.max(0, args.indexOf(command))
  for (let i = from; i + tokens.length <= args.length; i++) {
    if (tokens.every((t, k) => args[i + k] === t)) return [...args.slice(0, i), ...args.slice(i + tokens.length)]
  }
  return undefined
}

const refusal = (
  plan: Plan,
  problem: FlagProblem,
  field: "args" | "stdin",
  message: string,
  retry: { args: ReadonlyArray<string>; stdin?: string } | undefined
) => {
  const command = plan.line.command ?? ""
  const timeoutMs = problem.timeoutMs ?? plan.input.timeoutMs
  return new InvalidInput({
    field,
    detail: message,
    ...(retry !== undefined
      ? {
          withoutFlag: {
            flag: problem.tokens[0] ?? "the flag",
            command,
            ...retry,
            ...(timeoutMs !== undefined ? { timeoutMs } : {})
          }
        }
      : {})
  })
}

/** A route's response flags, checked for a `network` command alone. */
const routeProblem = (line: CommandLine) => (line.command === "network" ? routeGlobalFlagProblem(line) : undefined)

export const checkFlags = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind === "inspection" || plan.compiled.mode !== "args") return plan
    const binary = yield* Effect.either((yield* BinaryLocator).resolve)
    // the binary's own failure is reported when the command runs; another version's help may list other flags
    if (Either.isLeft(binary) || binary.right.version !== COMMAND_FLAGS.version) return plan
    const args = plan.input.args ?? []
    const own = routeProblem(plan.line) ?? flagProblem(plan.line.positionals, COMMAND_FLAGS)
    if (own !== undefined) {
      // a value to correct (no tokens) is not a flag to drop: no retry without it
      const retry = own.tokens.length > 0 ? without(args, plan.line.command, own.tokens) : undefined
      return yield* refusal(
        plan,
        own,
        "args",
        own.message,
        retry !== undefined
          ? { args: retry, ...(plan.input.stdin !== undefined ? { stdin: plan.input.stdin } : {}) }
          : undefined
      )
    }
    const input = inputCommandOf(plan.line.positionals)
    // the tool's own input commands (a click with --modifiers, drop, storage … remove) name their valid forms
    if (input !== undefined && "problem" in input) {
      return yield* new InvalidInput({ field: "args", detail: input.problem })
    }
    if (plan.line.command !== "batch") return plan
    const rows = batchRows(plan.stdin)
    for (const [index, row] of rows.entries()) {
      const line = parseCommandLine(row)
      const problem = batchRouteProblem(line) ?? routeProblem(line) ?? flagProblem(line.positionals, COMMAND_FLAGS)
      if (problem === undefined) continue
      const fixed = problem.tokens.length > 0 ? without(row, line.command, problem.tokens) : undefined
      const stdin = fixed !== undefined ? JSON.stringify(rows.map((r, i) => (i === index ? fixed : r))) : undefined
      return yield* refusal(
        plan,
        problem,
        "stdin",
        `batch step ${index}: ${problem.message}`,
        stdin !== undefined ? { args, stdin } : undefined
      )
    }
    return plan
  })
