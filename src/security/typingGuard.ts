/**
 * The runtime half of the policy for typed text: a step that types a secret, or types literal text while password
 * fields are secrets-only, runs as one upstream `batch --bail` of [focus the target] → [a read-only guard script]
 * → [the step with secret values put in]. The guard reads the element that has the focus (through same-origin
 * frames and shadow roots) and throws when the policy refuses it, so `--bail` stops before anything is typed, in
 * the same daemon request queue (no gap for a navigation between check and typing). The values travel on stdin,
 * never on a process command line. Pure.
 */
import type { SecurityPolicy } from "../schema/SecurityPolicy.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { GUARD_MARK } from "../upstream/guardRefusal.js"
import { typedText, typedTextIndexes } from "../upstream/typedText.js"
import { secretNamesIn } from "./preflight.js"
import { entersText } from "../upstream/commandEffects.js"

export interface GuardNeed {
  /** Secret names the step types (each must be typed only into a page on its origins). */
  readonly secrets: ReadonlyArray<string>
  /** The text has literal characters and password fields are secrets-only. */
  readonly literal: boolean
}

/** What the guard must check for this step, or undefined when the step needs no guard. */
export const guardNeed = (policy: SecurityPolicy | undefined, argv: ReadonlyArray<string>): GuardNeed | undefined => {
  const text = typedText(argv)
  if (text === undefined || policy === undefined) return undefined
  const secrets = [...new Set(secretNamesIn(text))]
  const literal =
    policy.rules.passwordFields === "secrets-only" &&
    text.replace(/\{\{secret:[A-Za-z][A-Za-z0-9_-]{0,63}\}\}/g, "") !== ""
  return secrets.length > 0 || literal ? { secrets, literal } : undefined
}

/** The row that puts the focus where the step will type (none for `keyboard`, which types into the focus). */
export const focusRow = (argv: ReadonlyArray<string>): ReadonlyArray<string> | undefined => {
  const line = parseCommandLine(argv)
  const [command, second] = line.positionals
  if (entersText(command)) return second !== undefined ? ["focus", second] : undefined
  if (command === "find") {
    // find has no focus action; a click focuses the located field and types nothing
    const text = new Set(typedTextIndexes(argv) ?? [])
    const actionAt = argv.findIndex((t, i) => entersText(t) && text.has(i + 1))
    return argv.map((t, i) => (i === actionAt ? "click" : t)).filter((_, i) => !text.has(i))
  }
  return undefined
}

/**
 * The guard script: finds the focused element, descending into same-origin frames and shadow roots; refuses a
 * focus it cannot see into (a cross-origin frame), literal text into a password field, and secrets into a document
 * whose origin is not one of theirs.
 */
export const guardScript = (need: GuardNeed, origins: ReadonlyArray<string>): string => `(() => {
  const refuse = (reason, origin) => {
    throw new Error(${JSON.stringify(GUARD_MARK)} + " " + JSON.stringify({ reason, origin }))
  };
  let el = document.activeElement;
  for (let depth = 0; el && depth < 16; depth++) {
    if (el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; continue }
    if (el.tagName === "IFRAME" || el.tagName === "FRAME") {
      let doc = null; try { doc = el.contentDocument } catch (e) { doc = null }
      if (!doc) refuse("cross-origin-frame", "");
      el = doc.activeElement; continue
    }
    break
  }
  const origin = ((el && el.ownerDocument) || document).location.origin;
  const password = !!el && el.tagName === "INPUT" && String(el.type).toLowerCase() === "password";
  if (${need.literal} && password) refuse("password-field", origin);
  const allowed = ${JSON.stringify(origins)};
  if (${need.secrets.length > 0} && !allowed.includes(origin.toLowerCase())) refuse("secret-origin", origin);
  return { guarded: true, password, origin };
})()`
