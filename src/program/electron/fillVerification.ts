/**
 * Fill verification in a wrapper-launched Electron app: desktop apps often use custom quick-inputs and rich editors
 * that take a `fill` without error but keep (or rewrite) something else. After a successful `fill <target> <text>`
 * the wrapper reads the field back (`get value`; on a contenteditable, proven by its `contenteditable` attribute,
 * `get text`). A difference keeps the call successful and adds `fillVerification` with lengths only: the typed and
 * the observed value never leave this module (either can be a secret). A read that fails verifies nothing.
 */
import * as Effect from "effect/Effect"
import type { Executed, FillVerification } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import type { CallContext } from "../pipeline/planSession.js"
import { mentionsSecret } from "../../security/preflight.js"
import { type ManagedCall, runManagedCall } from "./managedCall.js"

/** The wrapper's read-backs are short: a field read answers at once or the app is busy, and that is not a mismatch. */
const READ_TIMEOUT_MS = 5_000

/** `fill <target> <text…>`: the target and the text as upstream receives them; undefined for anything else. */
export const fillTargetOf = (plan: Plan): { readonly target: string; readonly text: string } | undefined => {
  const [command, target, ...text] = plan.line.positionals
  // a {{secret:NAME}} is compared by nobody: its value is not the text, and reading it back would only re-expose it
  return command === "fill" && target !== undefined && text.length > 0 && !text.some(mentionsSecret)
    ? { target, text: text.join(" ") }
    : undefined
}

const stringField = (c: ManagedCall, field: string): string | null | undefined => {
  if (c.error !== undefined || c.executed?.outcome.kind !== "single") return undefined
  const value = (c.executed.outcome.data as Record<string, unknown> | null)?.[field]
  return typeof value === "string" ? value : value === null ? null : undefined
}

/** Compares what a read returned with what was typed; `get text` may end in a newline (textContent). */
const differs = (observed: string, expected: string, viaText: boolean) =>
  (viaText ? observed.replace(/\n+$/, "") : observed) !== expected

export const verifyElectronFill = (plan: Plan, session: string, call: CallContext) =>
  Effect.gen(function* () {
    const fill = fillTargetOf(plan)
    if (fill === undefined) return undefined
    const read = (args: ReadonlyArray<string>) =>
      runManagedCall({ args: ["--session", session, ...args], timeoutMs: READ_TIMEOUT_MS }, call)
    const value = stringField(yield* read(["get", "value", fill.target]), "value")
    if (typeof value !== "string" || !differs(value, fill.text, false)) return undefined
    // an element without a value (a contenteditable editor) reads as "": its text is what the fill changed
    const editable =
      value === "" ? stringField(yield* read(["get", "attr", fill.target, "contenteditable"]), "value") : undefined
    const viaText = typeof editable === "string" && editable.toLowerCase() !== "false"
    const observed = viaText ? stringField(yield* read(["get", "text", fill.target]), "text") : value
    if (typeof observed !== "string" || !differs(observed, fill.text, viaText)) return undefined
    const observedLength = viaText ? observed.replace(/\n+$/, "").length : observed.length
    const verifiedWith = viaText ? ("get text" as const) : ("get value" as const)
    const verification: FillVerification = {
      status: "mismatch",
      target: fill.target,
      verifiedWith,
      expectedLength: fill.text.length,
      observedLength,
      summary:
        `After fill, ${verifiedWith} ${fill.target} read ${observedLength} character(s), ` +
        `not the ${fill.text.length} typed: the app kept or rewrote something else.`
    }
    return verification
  })

/** The executed fill with its verification, when the read-back differs; unchanged otherwise. */
export const withFillVerification = (plan: Plan, executed: Executed, session: string, call: CallContext) =>
  Effect.map(
    verifyElectronFill(plan, session, call),
    (fillVerification): Executed => (fillVerification === undefined ? executed : { ...executed, fillVerification })
  )
