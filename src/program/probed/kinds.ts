/**
 * The probed command kinds (one file each in this folder), looked up by the command: no two share one, so only the
 * planned command's own kind is asked whether it applies.
 */
import type { Plan } from "../../domain/Plan.js"
import { mayProbeAlone } from "../../session/planRun.js"
import { checkProbe } from "./check.js"
import { dragProbe } from "./drag.js"
import { fillProbe } from "./fill.js"
import { mediaProbe } from "./media.js"
import { mouseProbe } from "./mouse.js"
import { pressProbe } from "./press.js"
import { reloadProbe } from "./reload.js"
import type { ProbeKind } from "./probed.js"
import { scrollProbe } from "./scroll.js"
import { selectProbe } from "./select.js"
import { textReadProbe } from "./textRead.js"
import { timedActionProbe } from "./timedAction.js"
import { typingProbe } from "./typing.js"
import { uploadProbe } from "./upload.js"

/** The kinds; no two share a command. */
export const KINDS: ReadonlyArray<ProbeKind> = [
  mouseProbe,
  pressProbe,
  checkProbe,
  uploadProbe,
  selectProbe,
  scrollProbe,
  dragProbe,
  timedActionProbe,
  reloadProbe,
  mediaProbe,
  typingProbe,
  fillProbe,
  textReadProbe
]

/** Each command's kind. */
const BY_COMMAND: ReadonlyMap<string, ProbeKind> = new Map(
  KINDS.flatMap((kind) => kind.commands.map((command) => [command, kind] as const))
)

/** The kind the planned command is, from its argv (only its command's kind is asked). */
export const kindOf = (plan: Plan): ProbeKind | undefined => {
  const kind = BY_COMMAND.get(plan.line.positionals[0] ?? "")
  return kind?.applies(plan.line.positionals) === true ? kind : undefined
}

/** Whether a call runs between page reads: a single command of one of the kinds, where upstream runs page script. */
export const isProbed = (plan: Plan): boolean => mayProbeAlone(plan) && kindOf(plan) !== undefined
