/** What a result echoes of its call (PresenterLive): the argv redacted with the session's field names, and the plan. */
import * as Effect from "effect/Effect"
import type { Plan } from "../domain/Plan.js"
import { compiledEcho, optional } from "../presenters/details/details.js"
import { batchSteps } from "../redaction/batchSecrets.js"
import { stepRunOf } from "../session/stepRun.js"
import { globalFlagTokens, parseCommandLine } from "../upstream/commandLine.js"
import { hasSubcommands } from "../upstream/commandPolicy.js"
import type { Deps } from "./presenterSpills.js"

/** Argv as echoed: redacted with the session's known field names, secrets learned on the way. */
export const echo = (d: Deps, plan: Plan | undefined, args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const refs = plan?.sessionName !== undefined ? yield* d.registry.refSnapshotOf(plan.sessionName) : undefined
    const lookup = (ref: string) => refs?.refs.get(ref)?.name
    const redact = (argv: ReadonlyArray<string>) => d.redactor.redactArgs(argv, lookup).args
    if (plan?.line.command === "batch") yield* d.redactor.learnSteps(batchSteps(plan), lookup)
    return {
      redact,
      fields: {
        args: yield* d.redactor.echoArgs(plan?.args ?? args, lookup),
        // a call run one process per step echoes the argv every step shares, and says it ran step by step
        effectiveArgs: yield* d.redactor.echoArgs(
          plan !== undefined && stepRunOf(plan) !== undefined
            ? globalFlagTokens(parseCommandLine(plan.effectiveArgs))
            : (plan?.effectiveArgs ?? []),
          lookup
        ),
        ...(plan !== undefined && stepRunOf(plan) !== undefined
          ? { execution: "one upstream call per step" as const }
          : {}),
        ...optional("command", plan?.line.command),
        ...optional(
          "subcommand",
          plan !== undefined && hasSubcommands(plan.line) ? (plan.line.subcommand ?? "") : undefined
        ),
        ...optional("sessionName", plan?.sessionName),
        ...(plan?.usedImplicitSession === true
          ? { usedImplicitSession: true }
          : plan?.sessionRole === "explicit"
            ? { usedImplicitSession: false }
            : {}),
        ...(plan !== undefined ? compiledEcho(plan, redact) : {})
      }
    }
  })
