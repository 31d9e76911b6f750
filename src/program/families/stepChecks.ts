/**
 * Whether each run step applies to a plan, in one table: the family (family.ts) says which run steps a call may
 * enter, this says whether it does (the step's own first check, asked before it is entered). Pure.
 */
import { inputCommandOf } from "../../compilers/inputCommand.js"
import type { Plan } from "../../domain/Plan.js"
import { isPressCommand } from "../../page/clickEffects.js"
import { checkTargetOf } from "../../page/checkGuard.js"
import { selectGuardApplies } from "../../page/selectGuard.js"
import { fillTargetOf } from "../../page/fillReadback.js"
import { isMousePointCommand } from "../../page/mousePoint.js"
import { namesControls } from "../../page/namingReads.js"
import { textSelectorOf } from "../../page/textVisibility.js"
import { typeTargetOf } from "../../page/typeReadback.js"
import { uploadTargetOf } from "../../page/uploadRead.js"
import { mediaQueriesOf } from "../../page/mediaRead.js"
import { guardNeed } from "../../security/typingGuard.js"
import { mayProbe } from "../../session/mayProbe.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import { isRouteCall } from "../routes/routeCommand.js"
import { isPinnable } from "../tabs/tabPinning.js"
import type { RunStep } from "./family.js"
import { isDragCommand } from "../../page/dragWatch.js"

/** A single command the wrapper may read the page around: no stdin, not a job's or qa's step run. */
const probesAlone = (plan: Plan): boolean =>
  mayProbe(plan) && plan.stdin === undefined && plan.compiled.mode !== "job" && plan.compiled.mode !== "qa"

/**
 * The page reads each command may run between (probedCommand.ts), by command: the read's own check of the argv. A
 * command not named here takes none, so its check is not asked.
 */
const PROBES: Readonly<Record<string, (argv: ReadonlyArray<string>) => boolean>> = {
  mouse: isMousePointCommand,
  press: isPressCommand,
  key: isPressCommand,
  scroll: () => true,
  fill: (argv) => fillTargetOf(argv) !== undefined,
  type: (argv) => typeTargetOf(argv) !== undefined,
  keyboard: (argv) => typeTargetOf(argv) !== undefined,
  set: (argv) => mediaQueriesOf(argv) !== undefined,
  hover: () => true,
  drag: isDragCommand,
  focus: () => true,
  scrollintoview: () => true,
  reload: () => true,
  find: (argv) => fillTargetOf(argv) !== undefined,
  check: (argv) => checkTargetOf(argv) !== undefined,
  uncheck: (argv) => checkTargetOf(argv) !== undefined,
  select: selectGuardApplies,
  get: (argv) => textSelectorOf(argv) !== undefined,
  upload: (argv) => uploadTargetOf(argv) !== undefined
}

const probed = (plan: Plan): boolean => {
  const probe = PROBES[plan.line.command ?? ""]
  return probe !== undefined && probesAlone(plan) && probe(plan.line.positionals)
}

const CHECKS: Readonly<Record<RunStep, (plan: Plan) => boolean>> = {
  guarded: (plan) => plan.line.command !== "batch" && guardNeed(plan.security, plan.line.positionals) !== undefined,
  probed,
  input: (plan) =>
    plan.kind === "browser" && plan.line.command !== "batch" && inputCommandOf(plan.line.positionals) !== undefined,
  click: (plan) => mayNavigate(plan.line) && probesAlone(plan),
  namedSnapshot: (plan) =>
    plan.line.command === "snapshot" &&
    plan.stdin === undefined &&
    namesControls(plan.line.positionals) &&
    mayProbe(plan),
  open: (plan) => isOpening(plan.line.command) && probesAlone(plan),
  route: isRouteCall,
  pinned: (plan) => isPinnable(plan) && plan.sessionName !== undefined
}

export const stepApplies = (step: RunStep, plan: Plan): boolean => CHECKS[step](plan)
