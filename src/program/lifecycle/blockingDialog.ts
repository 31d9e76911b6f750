/**
 * A JavaScript dialog (a confirm, a prompt) left blocking the page. Upstream refuses most commands at once while one is
 * open ("A JavaScript confirm dialog is blocking the page: …"), but 0.41's `get title`, `get url` and `screenshot`
 * wait for the page until DevTools gives up, about 30 s later. A call that leaves a dialog blocking is remembered
 * (SessionRegistry `blockingDialog`, from the reply's warning or refusal); before one of those three commands runs in
 * that session, `dialog status` (one short process) asks whether it is still open: if it is, the command is refused at
 * once as upstream refuses the others; if not, the memory is dropped and the command runs.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { CommandLine } from "../../domain/CommandLine.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { DIALOG_BLOCKING, type TimedOut, UpstreamFailed } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { targetOf } from "../../session/planRun.js"
import { mentionsBlockingDialog } from "../../upstream/classifyErrorText.js"
import { blockingDialogWords, type OpenDialog, openDialogOf } from "../../upstream/dialogStatus.js"
import { parseCommandLine } from "../../upstream/commandLine.js"

/** Upstream's commands that wait out a blocking dialog instead of refusing at once (0.41, checked by hand). */
export const waitsOutDialogs = (line: CommandLine): boolean =>
  (line.command === "get" && (line.subcommand === "title" || line.subcommand === "url")) ||
  line.command === "screenshot"

/**
 * Upstream's words for a dialog a single command's reply says is blocking the page: its warning (matched by the
 * classifier's rule), or its refusal (classified as `dialog_blocking`).
 */
export const blockingDialogOf = (
  reply: Either.Either<UpstreamOutcome, { readonly _tag: string; readonly message: string }>
): string | undefined => {
  if (Either.isLeft(reply))
    return reply.left instanceof UpstreamFailed && reply.left.code === DIALOG_BLOCKING ? reply.left.message : undefined
  const warning = reply.right.kind === "single" ? reply.right.warning : undefined
  return mentionsBlockingDialog(warning) ? warning : undefined
}

/** After a call: the dialog its reply says is blocking the page remembered, or forgotten when it says none. */
export const noteBlockingDialog = (plan: Plan, words: string | undefined) =>
  plan.kind === "browser" && plan.sessionName !== undefined && plan.line.command !== "batch"
    ? Effect.flatMap(SessionRegistry, (registry) => registry.recordDialog(plan.sessionName ?? "", words))
    : Effect.void

/** The dialog upstream's `dialog status` says is open (undefined: none, or no answer within `timeoutMs`). */
export const openDialogNow = (plan: Plan, timeoutMs: number) =>
  Effect.gen(function* () {
    const asked = yield* Effect.either(
      (yield* SessionCommands).run(targetOf(plan), ["dialog", "status"], { timeoutMs })
    )
    return Either.isRight(asked) && asked.right.kind === "single" ? openDialogOf(asked.right.data) : undefined
  })

/** Before a command that would wait out a dialog: refused at once while the remembered dialog is still open. */
export const dialogBeforeRun = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.sessionName
    if (plan.kind !== "browser" || session === undefined || !waitsOutDialogs(plan.line)) return undefined
    const registry = yield* SessionRegistry
    if ((yield* registry.view(session)).blockingDialog === undefined) return undefined
    const open = yield* openDialogNow(plan, 5_000)
    if (open === undefined) {
      yield* registry.recordDialog(session, undefined)
      return undefined
    }
    return new UpstreamFailed({
      upstreamMessage:
        `${blockingDialogWords(open)}. Resolve it with \`dialog accept\` or ` +
        `\`dialog dismiss\`, then retry \`${plan.line.positionals.slice(0, 2).join(" ")}\` (nothing was sent: ` +
        "upstream would wait for the page until DevTools gave up, about 30 s).",
      code: DIALOG_BLOCKING,
      stderr: "",
      exitCode: null
    })
  })

/**
 * A call the watchdog ended whose silent page a dialog holds (dialogHold.ts): said as upstream says a blocking dialog
 * (code `dialog_blocking`, so its answers come first and the session remembers it), with the command it held. A
 * command that upstream refuses at once while a dialog is open did not meet one: the dialog opened while it ran.
 */
export const dialogHeldError = (plan: Plan, error: TimedOut, dialog: OpenDialog): UpstreamFailed => {
  const step = error.partialProgress?.firstIncompleteStep?.command ?? plan.line.argv
  const line = parseCommandLine(step)
  const name = `\`${line.positionals.join(" ").slice(0, 60)}\``
  const opened = waitsOutDialogs(line) ? `${name} waited on the page` : `It opened while ${name} ran`
  return new UpstreamFailed({
    detail:
      `${blockingDialogWords(dialog)}. ${opened}, and it is still open; upstream waits on the page until the dialog ` +
      `is answered, so the ${error.timeoutMs} ms budget ran out. The browser and the page are kept (nothing was ` +
      "ended or reloaded). Answer it: `dialog accept` or `dialog dismiss`.",
    code: DIALOG_BLOCKING,
    stderr: "",
    exitCode: null
  })
}
