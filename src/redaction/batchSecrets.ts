/**
 * Secrets inside a run of steps (a batch's stdin, a job's rows): a `fill` of a password field in step 3 is as secret
 * as a direct one, and so is `keyboard type` right after a step that put the focus in a password field. Secrets
 * typed (`type`, `keyboard type`/`inserttext`, and a job's keystrokes into a password field: upstream/keystrokes.ts)
 * are reported apart: pages may echo every prefix of them. Pure.
 */
import type { Plan } from "../domain/Plan.js"
import type { RedactedArgs, RefNameLookup } from "../domain/Redaction.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { isTyping, keyboardText } from "../upstream/typedText.js"
import { isSecretTarget, redactArgs } from "./redactArgs.js"
import { focusesTarget } from "../upstream/commandEffects.js"
import { batchStepsOf } from "../upstream/wire.js"
import { keystrokeAt } from "../upstream/keystrokes.js"

export interface LearnedSecrets {
  readonly secrets: ReadonlyArray<string>
  /** The subset typed key by key. */
  readonly typed: ReadonlyArray<string>
}

/** Every secret a run of steps carries, in order (the focus rule needs the step before). */
export const stepSecrets = (
  steps: ReadonlyArray<ReadonlyArray<string>>,
  lookup: RefNameLookup = () => undefined
): LearnedSecrets => {
  const secrets: Array<string> = []
  const typed: Array<string> = []
  let focusedSecretField = false
  let keys = ""
  const flushKeys = () => {
    if (keys !== "") {
      secrets.push(keys)
      typed.push(keys)
    }
    keys = ""
  }
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] ?? []
    // keystrokes (with their pauses) into a secret field: the whole run is the secret, not each character
    const stroke = keystrokeAt(steps, i)
    if (stroke > 0) {
      if (focusedSecretField) keys += step[1] ?? ""
      i += stroke - 1
      continue
    }
    if (step[0] === "wait" && /^\d+$/.test(step[1] ?? "")) continue
    flushKeys()
    const redacted = redactArgs(step, lookup)
    secrets.push(...redacted.secrets)
    if (isTyping(step)) typed.push(...redacted.secrets)
    const text = keyboardText(step)
    if (text !== undefined && focusedSecretField && text !== "") {
      secrets.push(text)
      typed.push(text)
    }
    const [command, target] = parseCommandLine(step).positionals
    if (focusesTarget(command)) focusedSecretField = isSecretTarget(target, lookup)
    else if (command !== "keyboard" && command !== "press") focusedSecretField = false
  }
  flushKeys()
  return { secrets, typed }
}

/** A batch's (or compiled job's or qa's) steps, from the plan's stdin. */
export const batchSteps = (plan: Plan | undefined): ReadonlyArray<ReadonlyArray<string>> => {
  return plan?.line.command === "batch" ? (batchStepsOf(plan.stdin) ?? []) : []
}

export const batchStepSecrets = (
  plan: Plan | undefined,
  redact: (args: ReadonlyArray<string>) => RedactedArgs
): ReadonlyArray<string> => batchSteps(plan).flatMap((s) => redact(s).secrets)
