/**
 * The doctor's security findings: the active preset and its source, each rule with its value and source, and the
 * secret names with their origins. Never a secret's value, never its credential source text. A malformed block is
 * a failed check naming the file and key (calls fail the same way until it is fixed).
 */
import { resolveSecurityConfig, type ResolvedSecurity } from "../../config/securityConfig.js"
import type { SecurityRules } from "../../schema/SecurityPolicy.js"
import type { DoctorCheck } from "./browserCheck.js"

const showRule: { readonly [K in keyof SecurityRules]: (value: SecurityRules[K]) => string } = {
  blockedSchemes: (v) => (v.length > 0 ? v.join(", ") : "none"),
  eval: (v) => v,
  passwordFields: (v) => v,
  uploadRoots: (v) => (v === undefined ? "any path" : v.join(", ")),
  contentBoundaries: (v) => (v ? "on" : "off")
}

export const securityChecks = ({ policy, problems }: ResolvedSecurity): ReadonlyArray<DoctorCheck> => {
  if (problems.length > 0) {
    return [
      {
        id: "security",
        status: "fail",
        message: `security config is malformed (every browser call fails until it is fixed): ${problems.join("; ")}`,
        fix: "fix the key or remove it; the policy is never guessed (docs/SECURITY.md)"
      }
    ]
  }
  const { rules, sources } = policy
  const line = <K extends keyof SecurityRules>(key: K) =>
    `\n    ${key}: ${showRule[key](rules[key])} (from ${sources[key]})`
  const secrets = policy.secrets.map((s) => `\n    ${s.name} → ${s.origins.join(", ")} (from ${s.source})`).join("")
  return [
    {
      id: "security",
      status: "info",
      message:
        `security preset ${policy.preset} (from ${sources.preset})` +
        `${line("blockedSchemes")}${line("eval")}${line("passwordFields")}${line("uploadRoots")}` +
        line("contentBoundaries")
    },
    {
      id: "secrets",
      status: "info",
      message:
        policy.secrets.length > 0 ? `secrets (names and origins only):${secrets}` : "no secrets configured (optional)"
    }
  ]
}

export const doctorSecurity = (input: Parameters<typeof resolveSecurityConfig>[0]): ReadonlyArray<DoctorCheck> =>
  securityChecks(resolveSecurityConfig(input))
