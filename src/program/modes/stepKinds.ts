/**
 * What one attempt at a job, qa or batch step runs, by kind, in the order they are tried: a typing the security policy
 * guards, an input the tool sends itself (a click with modifiers, a drop, a storage key removal), a fill read back, a
 * check or select behind its guard, a snapshot that names its controls, a text click on the element the page ranks
 * first; else the upstream command as it is. Each kind lives in its own module; this is the table (runSteps.ts runs
 * it).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { inputCommandOf } from "../../compilers/inputCommand.js"
import { timedActionRows } from "../../page/actionTimers.js"
import { checkTargetOf } from "../../page/checkGuard.js"
import { isPressCommand } from "../../page/clickEffects.js"
import { isDragCommand } from "../../page/dragWatch.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { namesControls } from "../../page/namingReads.js"
import { selectTargetOf } from "../../page/selectGuard.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { guardNeed } from "../../security/typingGuard.js"
import type { ElectronHost } from "../../services/ElectronHost.js"
import type { Security } from "../../services/Security.js"
import { type CommandError, SessionCommands } from "../../services/SessionCommands.js"
import { mayProbe } from "../../session/planRun.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { type InputServices, runInputCommand } from "../page/inputCommand.js"
import { runNamedStep } from "../page/namedSnapshot.js"
import { runTextClickRow } from "../refs/preResolveTextClick.js"
import { runGuarded } from "../security/guardedTyping.js"
import { runCheckStep } from "./checkStep.js"
import { isClickStep, runClickStep } from "./clickStep.js"
import { runPressStep } from "./pressStep.js"
import { runTimedStep } from "./timedStep.js"
import { runDragStep } from "./dragStep.js"
import { runFillStep } from "./fillStep.js"
import { runSelectStep } from "./selectStep.js"

/** What a kind may look at: the step's row and where it runs. */
interface StepContext {
  readonly plan: Plan
  readonly target: SessionTarget
  readonly row: ReadonlyArray<string>
  readonly positionals: ReadonlyArray<string>
  readonly index: number
  readonly refs: RefSnapshot | undefined
  /** The wrapper may run its own page script around the step (session/planRun.ts). */
  readonly probes: boolean
}

type StepRun = (
  timeoutMs: number
) => Effect.Effect<
  UpstreamOutcome,
  CommandError | InvalidInput,
  SessionCommands | Security | ElectronHost | InputServices
>

/** One kind: its run with what is left of the budget, or undefined when it does not apply to the step. */
type StepKind = (context: StepContext) => StepRun | undefined

/** A malformed tool input step (compilers/inputCommand.ts), named by its number. */
const stepProblem = (index: number, problem: string) =>
  new InvalidInput({ field: "steps", detail: `step ${index + 1}: ${problem}` })

const guardedStep: StepKind = ({ plan, target, row }) => {
  const need = guardNeed(plan.security, row)
  return need === undefined ? undefined : (timeoutMs) => runGuarded(plan, target, row, need, { timeoutMs })
}

const inputStep: StepKind = ({ plan, target, positionals, index }) => {
  const input = inputCommandOf(positionals)
  if (input === undefined) return undefined
  return "command" in input
    ? (timeoutMs) => runInputCommand(plan, target, input.command, timeoutMs)
    : () => Effect.fail(stepProblem(index, input.problem))
}

const fillStep: StepKind = ({ target, row, index, refs, probes }) => {
  const fill = probes ? fillTargetOf(row) : undefined
  if (fill === undefined) return undefined
  const role = refs?.refs.get(fill.selector?.replace(/^@/, "") ?? "")?.role
  return (timeoutMs) => runFillStep(target, row, fill, index, timeoutMs, role)
}

const checkStep: StepKind = ({ target, row, positionals, refs, probes }) => {
  const check = probes ? checkTargetOf(positionals) : undefined
  return check === undefined ? undefined : (timeoutMs) => runCheckStep(target, row, check, refs, timeoutMs)
}

const selectStep: StepKind = ({ target, row, positionals, refs, probes }) => {
  const select = probes ? selectTargetOf(positionals, refs) : undefined
  return select === undefined ? undefined : (timeoutMs) => runSelectStep(target, row, select, timeoutMs)
}

/** A drag the page refused fails, one that landed elsewhere than aimed says so, as a direct one (dragStep.ts). */
const dragStep: StepKind = ({ target, row, positionals, probes }) =>
  probes && isDragCommand(positionals) ? (timeoutMs) => runDragStep(target, row, positionals, timeoutMs) : undefined

/** A click says what it did on the page it stayed on, as a direct one (clickStep.ts). */
const clickStep: StepKind = ({ plan, target, row, positionals, refs, probes }) =>
  probes && isClickStep(positionals)
    ? (timeoutMs) => runClickStep(plan.sessionName, target, row, positionals, refs, timeoutMs)
    : undefined

/** A key press says what it did, as a direct one (pressStep.ts). */
const pressStep: StepKind = ({ target, row, positionals, probes }) =>
  probes && isPressCommand(positionals) ? (timeoutMs) => runPressStep(target, row, timeoutMs) : undefined

/** A hover, focus or scrollintoview says the text it made appear or hid, as a direct one (timedStep.ts). */
const timedStep: StepKind = ({ target, row, positionals, probes }) => {
  const watch = probes ? timedActionRows(positionals) : undefined
  return watch === undefined ? undefined : (timeoutMs) => runTimedStep(target, row, watch, timeoutMs)
}

/** snapshot -i names its unnamed controls as a standalone one does, from reads in the step's own process. */
const namedStep: StepKind = ({ target, row, probes }) =>
  probes && namesControls(row) ? (timeoutMs) => runNamedStep(target, row, timeoutMs) : undefined

/**
 * A text click acts on the element the page ranks first, as a direct one does (refs/preResolveTextClick.ts), and says
 * what the click did (clickStep.ts); the picked element is a CSS path or a fresh shadow ref, judged by no older refs.
 */
const textClickStep: StepKind = ({ plan, target, row, probes }) =>
  probes
    ? (timeoutMs) =>
        runTextClickRow(plan, target, row, timeoutMs, (click) =>
          runClickStep(plan.sessionName, target, click, click, undefined, timeoutMs)
        )
    : undefined

/** Past a guarded typing, the input kind first; every other kind only where the wrapper may read the page. */
const KINDS: ReadonlyArray<StepKind> = [
  guardedStep,
  inputStep,
  fillStep,
  checkStep,
  selectStep,
  dragStep,
  clickStep,
  pressStep,
  timedStep,
  namedStep,
  textClickStep
]

/** One attempt at a step, with what is left of the budget before `deadline`. */
export const stepOnce = (
  plan: Plan,
  target: SessionTarget,
  row: ReadonlyArray<string>,
  index: number,
  deadline: number,
  refs: RefSnapshot | undefined
) => {
  const context = {
    plan,
    target,
    row,
    positionals: parseCommandLine(row).positionals,
    index,
    refs,
    probes: mayProbe(plan)
  }
  const run =
    KINDS.reduce<StepRun | undefined>((found, kind) => found ?? kind(context), undefined) ??
    ((timeoutMs: number) => Effect.flatMap(SessionCommands, (commands) => commands.run(target, row, { timeoutMs })))
  return Effect.flatMap(Clock.currentTimeMillis, (now) => run(deadline - now))
}
