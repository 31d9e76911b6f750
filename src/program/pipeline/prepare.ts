/**
 * The decode and plan phases: decodes and plans a call against the current session state; nothing runs yet. Fails
 * with InvalidInput, or PolicyBlocked for a security rule decidable before anything runs, or a close before the
 * prompt's requested screenshots exist.
 */

import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { compileJob } from "../../compilers/compileJob.js"
import { compileQa } from "../../compilers/compileQa.js"
import { compileSemanticAction } from "../../compilers/compileSemanticAction.js"
import { compileNetworkSourceLookup, compileSourceLookup } from "../../compilers/compileSourceLookup.js"
import { inputCommandOf } from "../../compilers/inputCommand.js"
import { pageFilterOf } from "../../compilers/networkPageFilter.js"
import type { CommandLine } from "../../domain/CommandLine.js"
import type { ResolvedInput } from "../../domain/Compiled.js"
import type { Plan } from "../../domain/Plan.js"
import { decodeElectronInput } from "../../schema/ElectronInput.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { decodeToolInput, INPUT_MODES as MODES, type ToolInput } from "../../schema/ToolInput.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { COMMAND_FLAGS } from "../../upstream/commandFlags.generated.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { flagProblem, type FlagProblem } from "../../upstream/flagCheck.js"
import { batchRouteProblem, routeGlobalFlagProblem } from "../../upstream/routeFlags.js"
import { batchStepsOf } from "../../upstream/wire.js"
import { guardClose } from "../artifacts/promptGuard.js"
import { familyOfCommand } from "../families/family.js"
import { withBrowserDefaults } from "../lifecycle/browserDefaults.js"
import { withPool } from "../lifecycle/poolLaunch.js"
import { preResolveFill } from "../refs/semanticResolution.js"
import { checkPlan } from "../security/checkPlan.js"
import { baseNameOf, type CallContext } from "./planSession.js"
import { planInvocation } from "./planInvocation.js"

/** Untraced: it is on the path of every call (see `runToResult`). */
export const prepare = Effect.fnUntraced(function* prepare(raw: unknown, call: CallContext) {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const decoded = yield* decodeToolInput(raw)
  const state = yield* registry.current(baseNameOf(call, config))
  // each step below is entered only by the calls it applies to: a fill by role/name, a launch, a close, a pool
  const resolved = yield* Effect.flatMap(resolveInputMode(decoded, call.cwd), (r) =>
    r.compiled.mode === "semanticAction" ? preResolveFill(r, state.managed.name) : Effect.succeed(r)
  )
  const planned = yield* planInvocation(resolved.input, state, config, call.cwd)
  // the configured browser defaults apply to a call that launches the session's browser
  const plan = planned.firstLaunch ? yield* withBrowserDefaults(planned, call) : planned
  const flagsChecked = yield* checkFlags({ ...plan, compiled: resolved.compiled } satisfies Plan)
  const checked = yield* checkPlan(flagsChecked, { cwd: call.cwd, projectTrusted: call.projectTrusted === true })
  const guarded = isClose(checked.line) ? yield* guardClose(checked) : checked
  return config.pool === undefined ? guarded : (yield* withPool(guarded)).plan
})

/**
 * Exactly one input mode per call: `args`, `semanticAction`, `job`, `qa`, `sourceLookup`, `networkSourceLookup` or
 * `electron` (decoded here, run by its own program; wrapper-only `network requests --current-*` flags are taken off
 * args here). The higher-level modes compile to
 * upstream argv (and generated batch stdin) here, before planning, so everything after this runs the same way.
 */
export const resolveInputMode = (input: ToolInput, cwd: string): Either.Either<ResolvedInput, InvalidInput> => {
  const present = MODES.filter((m) => input[m] !== undefined)
  if (present.length !== 1) {
    return Either.left(
      new InvalidInput({
        field: present.length === 0 ? "args" : present.join(", "),
        detail:
          present.length === 0
            ? `give one of ${MODES.join(", ")}`
            : `use exactly one of ${MODES.join(", ")} per call (got ${present.join(" and ")})`
      })
    )
  }
  const mode = present[0]
  if (mode !== "args" && input.stdin !== undefined) {
    return Either.left(
      new InvalidInput({
        field: "stdin",
        detail: `${mode} generates its own upstream input; drop stdin (use args with batch for custom stdin)`
      })
    )
  }
  switch (mode) {
    case "semanticAction":
      return Either.map(compileSemanticAction(input.semanticAction!), (c) => ({
        input: { ...input, args: c.args },
        compiled: { mode, semanticAction: c }
      }))
    case "job":
      return Either.map(compileJob(input.job!, cwd), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, job: c }
      }))
    case "qa":
      if (input.qa!.attached === true && input.sessionMode === "fresh") {
        return Either.left(
          new InvalidInput({
            field: "qa",
            detail: "qa.attached checks the current page; it cannot run with sessionMode fresh"
          })
        )
      }
      return Either.map(compileQa(input.qa!, cwd), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, qa: c }
      }))
    case "sourceLookup":
      return Either.map(compileSourceLookup(input.sourceLookup!), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, sourceLookup: c }
      }))
    case "networkSourceLookup":
      return Either.map(compileNetworkSourceLookup(input.networkSourceLookup!), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, networkSourceLookup: c }
      }))
    case "electron":
      if (input.timeoutMs !== undefined || input.outputPath !== undefined) {
        return Either.left(
          new InvalidInput({
            field: input.timeoutMs !== undefined ? "timeoutMs" : "outputPath",
            detail: "electron takes its budget as electron.timeoutMs and writes no outputPath; drop the top-level field"
          })
        )
      }
      return Either.map(decodeElectronInput(input.electron), (electron) => ({
        input: { ...input, args: [] },
        compiled: { mode, electron }
      }))
    default: {
      const filter = input.args?.includes("network") === true ? pageFilterOf(input.args) : { args: input.args ?? [] }
      return Either.right({
        input: { ...input, args: filter.args },
        compiled: { mode: "args", ...(filter.mode !== undefined ? { pageFilter: filter.mode } : {}) }
      })
    }
  }
}

/**
 * Caller flags against the installed binary's own help (upstream/flagCheck.ts), before anything runs: the call's own
 * argv and each step of a caller's `batch`. Skipped for another upstream version than the table was read from (its
 * help may list flags the table lacks), for inspection calls, and for argv the tool compiled itself. A refused flag
 * offers the same call without it (what upstream would have run) as the first next action.
 */
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
    // the tool's own input commands (a click with --modifiers, drop, storage … remove) name their valid forms; only
    // a family that runs them (families/family.ts) holds one
    const input = familyOfCommand(plan.line.command).runs.includes("input")
      ? inputCommandOf(plan.line.positionals)
      : undefined
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
