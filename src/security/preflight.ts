/**
 * The policy rules that can be decided from the argv alone, before any process runs: blocked URL schemes on
 * navigation, script from the model when `eval` is denied, and where a `{{secret:NAME}}` may stand. Upload paths
 * are collected here and checked against the real file system by the program. Pure.
 */
import type { PolicyViolation, SecurityPolicy } from "../schema/SecurityPolicy.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import type { PolicyStep } from "./policySteps.js"
import { blockedSchemeOf } from "./schemes.js"
import { misplacedSecret, secretNamesIn } from "./secretText.js"
import { isOpening } from "../upstream/commandEffects.js"

export type PreflightRefusal =
  | { readonly kind: "blocked"; readonly violation: PolicyViolation; readonly message: string }
  | { readonly kind: "unknown-secret"; readonly name: string; readonly known: ReadonlyArray<string> }

/** The URLs a step navigates the top-level page to. */
export const navigationTargets = (argv: ReadonlyArray<string>): ReadonlyArray<string> => {
  const [command, sub, ...rest] = parseCommandLine(argv).positionals
  if (isOpening(command)) return sub !== undefined ? [sub] : []
  if (command === "tab" && sub === "new")
    return rest.filter((t, i) => !t.startsWith("--") && rest[i - 1] !== "--label").slice(0, 1)
  if (command === "diff" && sub === "url") return rest.filter((t) => !t.startsWith("--")).slice(0, 2)
  return []
}

/** How a step runs page script the model wrote, if it does. */
export const scriptOf = (argv: ReadonlyArray<string>): string | undefined => {
  const line = parseCommandLine(argv)
  const flag = line.flags.find((f) => f.flag === "--init-script" || f.flag === "--extension")
  if (flag !== undefined) return flag.flag
  const [command, sub] = line.positionals
  if (command === "eval") return "eval"
  if (command === "wait" && line.positionals.includes("--fn")) return "wait --fn"
  if (
    command === "network" &&
    sub === "route" &&
    line.positionals.some((t) => t === "--body" || t.startsWith("--body="))
  )
    return "network route --body"
  return undefined
}

/** The files a `drop <selector> --files a,b` step hands the page (the tool's own command: job steps too). */
const dropPaths = (positionals: ReadonlyArray<string>): ReadonlyArray<string> => {
  if (positionals[0] !== "drop") return []
  const at = positionals.findIndex((t) => t === "--files" || t.startsWith("--files="))
  if (at < 0) return []
  const token = positionals[at] ?? ""
  const value = token.startsWith("--files=") ? token.slice(8) : positionals[at + 1]
  return (value ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "")
}

/** The file paths an `upload <selector> <files...>` or `drop <selector> --files <paths>` step reads. */
export const uploadPaths = (steps: ReadonlyArray<PolicyStep>): ReadonlyArray<string> =>
  steps.flatMap(({ argv, authored }) => {
    const positionals = parseCommandLine(argv).positionals
    const [command, , ...files] = positionals
    const uploaded = authored && command === "upload" ? files.filter((f) => !f.startsWith("--")) : []
    return [...uploaded, ...dropPaths(positionals)]
  })

const blocked = (
  policy: SecurityPolicy,
  violation: Omit<PolicyViolation, "preset">,
  message: string
): PreflightRefusal => ({
  kind: "blocked",
  violation: { ...violation, preset: policy.preset },
  message
})

const secretRefusal = (
  policy: SecurityPolicy,
  argv: ReadonlyArray<string>,
  stdin: string | undefined
): PreflightRefusal | undefined => {
  const known = policy.secrets.map((s) => s.name)
  const tokens = [...argv, ...(stdin !== undefined ? [stdin] : [])]
  for (const name of tokens.flatMap(secretNamesIn))
    if (!known.includes(name)) return { kind: "unknown-secret", name, known }
  const misplaced = misplacedSecret(argv)
  const inStdin = stdin !== undefined && stdin.includes("{{secret:")
  if (misplaced === undefined && !inStdin) return undefined
  const name = secretNamesIn(misplaced !== undefined ? (argv[misplaced] as string) : (stdin ?? ""))[0]
  const command = parseCommandLine(argv).positionals.slice(0, 2).join(" ")
  return blocked(
    policy,
    {
      rule: "secret-origin",
      subject: `{{secret:${name ?? "?"}}} in ${command}`,
      source: policy.secrets.find((s) => s.name === name)?.source ?? "default"
    },
    "a secret may only be the text of fill, type, keyboard type or find … fill, typed into a page on its origins; " +
      `\`${command}\` would carry it elsewhere`
  )
}

/**
 * The first rule a call's steps break, if any. `stdin`: a plain (non-batch) args call's stdin (eval --stdin, auth
 * save).
 */
export const preflight = (
  policy: SecurityPolicy,
  steps: ReadonlyArray<PolicyStep>,
  stdin: string | undefined
): PreflightRefusal | undefined => {
  for (const [index, { argv, authored }] of steps.entries()) {
    const secret = secretRefusal(policy, argv, index === 0 ? stdin : undefined)
    if (secret !== undefined) return secret
    for (const url of navigationTargets(argv)) {
      const scheme = blockedSchemeOf(url, policy.rules.blockedSchemes)
      if (scheme !== undefined) {
        return blocked(
          policy,
          { rule: "blockedSchemes", subject: url, source: policy.sources.blockedSchemes },
          `${scheme}: URLs are blocked by the security policy`
        )
      }
    }
    const script = authored && policy.rules.eval === "deny" ? scriptOf(argv) : undefined
    if (script !== undefined) {
      return blocked(
        policy,
        { rule: "eval", subject: script, source: policy.sources.eval },
        `running page script (\`${script}\`) is denied by the security policy`
      )
    }
  }
  return undefined
}
