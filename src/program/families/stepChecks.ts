/**
 * Whether each run step applies to a plan, in one table: the family (family.ts) says which run steps a call may
 * enter, this says whether it does (the step's own first check, asked before it is entered). Pure.
 */
import { inputCommandOf } from "../../compilers/inputCommand.js"
import type { Plan } from "../../domain/Plan.js"
import { namesControls } from "../../page/namingReads.js"
import { guardNeed } from "../../security/typingGuard.js"
import { mayProbe, mayProbeAlone } from "../../session/mayProbe.js"
import { isProbed } from "../probed/kinds.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { mayNavigate } from "../../upstream/commandPolicy.js"
import { isRouteCall } from "../routes/routeCommand.js"
import { isPinnable } from "../tabs/tabPinning.js"
import type { RunStep } from "./family.js"

const CHECKS: Readonly<Record<RunStep, (plan: Plan) => boolean>> = {
  guarded: (plan) => plan.line.command !== "batch" && guardNeed(plan.security, plan.line.positionals) !== undefined,
  probed: isProbed,
  input: (plan) =>
    plan.kind === "browser" && plan.line.command !== "batch" && inputCommandOf(plan.line.positionals) !== undefined,
  click: (plan) => mayNavigate(plan.line) && mayProbeAlone(plan),
  namedSnapshot: (plan) =>
    plan.line.command === "snapshot" &&
    plan.stdin === undefined &&
    namesControls(plan.line.positionals) &&
    mayProbe(plan),
  open: (plan) => isOpening(plan.line.command) && mayProbeAlone(plan),
  route: isRouteCall,
  pinned: (plan) => isPinnable(plan) && plan.sessionName !== undefined
}

export const stepApplies = (step: RunStep, plan: Plan): boolean => CHECKS[step](plan)
