/**
 * The wrapper's typing guard (`security/typingGuard.ts`) is an eval step that throws a marked error when the policy
 * refuses the focused field. Its refusal reaches the wrapper as a failed batch row's error text, so it is recognised
 * here, beside the only classifier (`classifyReply`), and carried on the error as data (`UpstreamFailed.policyGuard`).
 * Pure.
 */
import type { GuardRefusal } from "../schema/ErrorFields.js"

/** The marker the guard script's error starts its refusal with. */
export const GUARD_MARK = "PIAB_POLICY_GUARD"

/** The guard's own refusal in a failed row's error text, or undefined when the text is anything else. */
export const guardRefusalOf = (message: string): GuardRefusal | undefined => {
  const at = message.indexOf(`${GUARD_MARK} {`)
  if (at < 0) return undefined
  const json = message.slice(at + GUARD_MARK.length + 1).split("\n")[0] ?? ""
  try {
    const parsed = JSON.parse(json) as { reason?: unknown; origin?: unknown }
    const reason = parsed.reason
    return reason === "password-field" || reason === "secret-origin" || reason === "cross-origin-frame"
      ? { reason, origin: typeof parsed.origin === "string" ? parsed.origin : "" }
      : undefined
  } catch {
    return undefined
  }
}
