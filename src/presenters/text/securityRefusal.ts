/**
 * A security-policy refusal as the model reads it: the rule, the preset and the config layer that set it (the key a
 * human would change), what to do within the policy, and an exact next action where one exists. Pure.
 */
import type { Plan } from "../../domain/Plan.js"
import type { PolicyViolation } from "../../schema/SecurityPolicy.js"
import type { NextAction } from "../../schema/NextAction.js"
import { nextActions } from "../actions/nextActions.js"
import { typedTextIndexes } from "../../upstream/typedText.js"

/** Where a human changes a rule (config/configPaths.ts). */
const CONFIG_FILES =
  "~/.pi/config/pi-agent-browser-effect/config.json or the project's " +
  ".pi/config/pi-agent-browser-effect/config.json"

const ADVICE: Record<PolicyViolation["rule"], string> = {
  blockedSchemes:
    "Serve local files over http(s) instead (e.g. python3 -m http.server in their folder); " +
    "a human allows " +
    `the scheme by removing it from security.blockedSchemes in ${CONFIG_FILES} (docs/SECURITY.md).`,
  eval: 'Read the page with snapshot, get text/value/attr or is; only a human can set security.eval to "allow".',
  passwordFields:
    "Type a configured secret as {{secret:NAME}} (doctor lists names and origins) or use auth login; never " +
    "type a password yourself.",
  uploadRoots:
    "Copy the file into an allowed folder and upload it from there; a human allows another folder with " +
    `security.uploadRoots in ${CONFIG_FILES}, e.g. {"security":{"uploadRoots":[".","/path/to/folder"]}} ` +
    "(docs/SECURITY.md).",
  "secret-origin":
    "A secret is typed only as the text of fill/type into a page on its configured origins; check where the page is."
}

/** The caller's argv with its typed text replaced by a secret placeholder. */
const withPlaceholder = (args: ReadonlyArray<string>, name: string): ReadonlyArray<string> | undefined => {
  const text = typedTextIndexes(args)
  if (text === undefined || text.length === 0) return undefined
  const first = text[0] as number
  return args.flatMap((t, i) => (i === first ? [`{{secret:${name}}}`] : text.includes(i) ? [] : [t]))
}

const actionsFor = (
  plan: Plan | undefined,
  v: PolicyViolation,
  args: ReadonlyArray<string>
): ReadonlyArray<NextAction> => {
  const session = plan?.sessionName
  switch (v.rule) {
    case "eval":
      return [nextActions.readWithoutScript(session)]
    case "passwordFields": {
      const secret =
        v.origin !== undefined ? plan?.security?.secrets.find((s) => s.origins.includes(v.origin as string)) : undefined
      const retry =
        secret !== undefined && plan?.compiled.mode === "args" ? withPlaceholder(args, secret.name) : undefined
      return retry !== undefined && secret !== undefined
        ? [nextActions.typeSecret(retry, secret.name)]
        : [nextActions.inspectAfterPolicyBlock(session)]
    }
    case "secret-origin":
      return [nextActions.checkPageOrigin(session)]
    case "blockedSchemes":
    case "uploadRoots":
      return [nextActions.inspectAfterPolicyBlock(session)]
  }
}

/** The rule, its source and what to do, for a refused step of a batch, job or qa run. */
export const stepRefusalNote = (v: PolicyViolation): string =>
  `Rule ${v.rule} (preset ${v.preset}, set in ${v.source}). ${ADVICE[v.rule]}`

/** Secret names and origins are not secret: the model needs them to write `{{secret:NAME}}`. */
const secretList = (plan: Plan | undefined): string => {
  const secrets = plan?.security?.secrets ?? []
  return secrets.length === 0
    ? ""
    : ` Configured secrets: ${secrets.map((s) => `${s.name} (${s.origins.join(", ")})`).join("; ")}.`
}

export const securityRefusal = (
  plan: Plan | undefined,
  v: PolicyViolation,
  message: string,
  args: ReadonlyArray<string>
) => ({
  text:
    `Blocked by the security policy (rule ${v.rule}, preset ${v.preset}, set in ${v.source}): ${message}.\n` +
    `${ADVICE[v.rule]}${v.rule === "passwordFields" || v.rule === "secret-origin" ? secretList(plan) : ""}`,
  summary: `Policy blocked: ${v.rule}`,
  nextActions: actionsFor(plan, v, args)
})
