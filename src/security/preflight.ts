/**
 * The policy rules that can be decided from the argv alone, before any process runs: blocked URL schemes on
 * navigation, script from the model when `eval` is denied, and where a `{{secret:NAME}}` may stand. Upload paths
 * are collected here and checked against the real file system by the program. Pure.
 */

import type { Plan } from "../domain/Plan.js"
import { type PolicyViolation, SECRET_PLACEHOLDER, type SecurityPolicy } from "../schema/SecurityPolicy.js"
import { isOpening } from "../upstream/commandEffects.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { typedTextIndexes } from "../upstream/typedText.js"
import { batchStepsOf } from "../upstream/wire.js"
import { blockedSchemeOf } from "./schemes.js"
import { splitShellWords } from "./shellWords.js"

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
    // a rule the policy does not have is not checked: no blocked schemes, no navigation targets read
    const urls = policy.rules.blockedSchemes.length > 0 ? navigationTargets(argv) : []
    for (const url of urls) {
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

/**
 * The argv steps a call will run, as the policy reads them: a plain call is one step; a raw `batch` is its rows
 * (stdin JSON or shell-split command strings); job, qa and semanticAction are their compiled rows. `authored`
 * marks rows the model wrote verbatim (args mode): only those can carry script (`eval`, `wait --fn`, route bodies,
 * init scripts); compiled rows the wrapper generated (a job's URL-glob `wait --fn`) are the wrapper's own. Lookups
 * run only wrapper-written read-only scripts and carry no model URL or text. Pure.
 */
export interface PolicyStep {
  readonly argv: ReadonlyArray<string>
  readonly authored: boolean
}

const stdinRows = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> => batchStepsOf(stdin) ?? []

/** A raw batch's rows: the command strings in args, or the JSON rows on stdin. */
export const rawBatchRows = (plan: Pick<Plan, "line" | "stdin">): ReadonlyArray<ReadonlyArray<string>> => {
  const strings = plan.line.positionals.slice(1).filter((t) => !t.startsWith("-"))
  return strings.length > 0 ? strings.map(splitShellWords) : stdinRows(plan.stdin)
}

export const policySteps = (plan: Pick<Plan, "compiled" | "args" | "line" | "stdin">): ReadonlyArray<PolicyStep> => {
  const c = plan.compiled
  switch (c.mode) {
    case "args":
      return plan.line.command === "batch"
        ? [{ argv: plan.args, authored: true }, ...rawBatchRows(plan).map((argv) => ({ argv, authored: true }))]
        : [{ argv: plan.args, authored: true }]
    case "job":
      return c.job.rows.map((argv) => ({ argv, authored: false }))
    case "qa":
      return c.qa.rows.map((argv) => ({ argv, authored: false }))
    case "semanticAction":
      return [{ argv: plan.args, authored: false }]
    default:
      return []
  }
}

/**
 * `{{secret:NAME}}` in the model's typed text: where it may stand (the text a `fill`, `type`, `keyboard type` or
 * `find … fill` types, `upstream/typedText.ts`, nowhere else), which names a step uses, and the argv with values put
 * in at the last moment. Pure.
 */
export const mentionsSecret = (token: string): boolean => token.includes("{{secret:")

/** Every secret name a token mentions (one that does not mention `{{secret:` is not searched: most). */
export const secretNamesIn = (token: string): ReadonlyArray<string> =>
  mentionsSecret(token) ? [...token.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1] as string) : []

/** A secret placeholder outside the typed text: the argv index of the first one, if any. */
export const misplacedSecret = (argv: ReadonlyArray<string>): number | undefined => {
  // where the typed text is needs the command line parsed: only when a token mentions a secret at all
  if (!argv.some(mentionsSecret)) return undefined
  const text = new Set(typedTextIndexes(argv) ?? [])
  const index = argv.findIndex((token, i) => mentionsSecret(token) && !text.has(i))
  return index < 0 ? undefined : index
}

/** The argv with every placeholder in its text replaced by the secret's value (`values` has every name used). */
export const withSecrets = (
  argv: ReadonlyArray<string>,
  values: ReadonlyMap<string, string>
): ReadonlyArray<string> => {
  const text = new Set(typedTextIndexes(argv) ?? [])
  return argv.map((token, i) =>
    !text.has(i) ? token : token.replace(SECRET_PLACEHOLDER, (_, name: string) => values.get(name) ?? "")
  )
}
