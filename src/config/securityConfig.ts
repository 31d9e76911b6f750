/**
 * The security policy from the config layers (pure: reads files, runs nothing, resolves no secret).
 *
 * Layering, in order, each layer recording itself as the source of what it sets:
 * 1. STANDARD, source `default`;
 * 2. each config file in `configPaths` order (global → trusted project → `PI_AGENT_BROWSER_CONFIG`): its
 *    `security.preset` (if present) sets the preset AND every rule to that preset's values, then its explicit rule
 *    keys override one by one;
 * 3. `PI_AGENT_BROWSER_SECURITY_PRESET=standard|strict` (if set, non-empty) applies like a last file holding only
 *    `preset`, source `PI_AGENT_BROWSER_SECURITY_PRESET`.
 * `blockedSchemes` are normalized (lower case, no colon). `uploadRoots` (strict default `["."]`, the call's folder)
 * resolve against the call's cwd (`~/` against HOME) to absolute real paths; a missing root is a problem.
 * `secrets` (top-level section) merge by name across layers, a later entry replacing an earlier one whole; origins
 * normalize to `new URL(o).origin` (lower case, default port dropped); each secret records the file that defined it.
 * A secret's `value` is a credential source (config/credentialSource.ts) kept as written: nothing runs at load.
 * Values in `security` and `secrets` are taken as written (no `$NAME` substitution).
 *
 * Fail closed: a file that is not JSON, a malformed section (unknown keys such as `evl` included), a bad origin, a
 * missing upload root or a bad env value is a problem naming the file (or variable) and the key path. Callers treat
 * any problem as an error: the policy is never guessed.
 */

import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { readFileSync, realpathSync, statSync } from "node:fs"
import { homedir } from "node:os"
import { resolve } from "node:path"
import {
  type SecretSpec,
  SecretsSection,
  type SecurityPolicy,
  type SecurityPreset,
  type SecurityRuleKey,
  type SecurityRules,
  SecuritySection,
  STANDARD_POLICY,
  STANDARD_RULES,
  STRICT_RULES
} from "../schema/SecurityPolicy.js"

export const SECURITY_PRESET_ENV = "PI_AGENT_BROWSER_SECURITY_PRESET"

export interface SecurityConfigInput {
  /** Config files in layer order (see `configPaths`). */
  readonly paths: ReadonlyArray<string>
  readonly env: Readonly<Record<string, string | undefined>>
  /** The call's working folder: relative `uploadRoots` resolve against it. */
  readonly cwd: string
}

export interface ResolvedSecurity {
  readonly policy: SecurityPolicy
  /** Each problem names the file (or variable) and the key path; any problem means the policy must not be used. */
  readonly problems: ReadonlyArray<string>
}

const PRESET_RULES: Record<SecurityPreset, SecurityRules> = { standard: STANDARD_RULES, strict: STRICT_RULES }
const RULE_KEYS: ReadonlyArray<SecurityRuleKey> = [
  "blockedSchemes",
  "eval",
  "passwordFields",
  "uploadRoots",
  "contentBoundaries"
]

const decodeSecurity = Schema.decodeUnknownEither(SecuritySection, { onExcessProperty: "error", errors: "all" })
const decodeSecrets = Schema.decodeUnknownEither(SecretsSection, { onExcessProperty: "error", errors: "all" })

const keyPath = (section: string, path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>((acc, k) => (typeof k === "number" ? `${acc}[${k}]` : `${acc}.${String(k)}`), section)

/** One line per key path: `security.eval: expected "allow" or "deny", got "yes"`. */
const describeIssues = (section: "security" | "secrets", error: ParseResult.ParseError): ReadonlyArray<string> => {
  const byPath = new Map<string, Array<ParseResult.ArrayFormatterIssue>>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const key = keyPath(section, issue.path)
    byPath.set(key, [...(byPath.get(key) ?? []), issue])
  }
  return [...byPath].map(([key, issues]) => {
    const first = issues[0] as ParseResult.ArrayFormatterIssue
    if (first._tag === "Unexpected") {
      return section === "secrets" && first.path.length === 1
        ? `${key}: not a secret name (a letter, then letters, digits, _ or -)`
        : `${key}: unknown key`
    }
    if (first._tag === "Missing") return `${key}: missing`
    if (issues.length === 1 && first.path.length === 0) return `${key}: expected an object`
    // a union of literals fails once per member: `Expected "allow", actual "yes"` + `Expected "deny", …`
    const expected = issues.map((i) => /^Expected (.+), actual (.+)$/s.exec(i.message))
    if (expected.every((m) => m !== null)) {
      const got = (expected[0] as RegExpExecArray)[2]
      return `${key}: expected ${expected.map((m) => (m as RegExpExecArray)[1]).join(" or ")}, got ${got}`
    }
    return `${key}: ${issues.map((i) => i.message).join("; ")}`
  })
}

interface Draft {
  preset: SecurityPreset
  rules: SecurityRules
  sources: Record<SecurityRuleKey | "preset", string>
}

const applyPreset = (draft: Draft, preset: SecurityPreset, source: string): void => {
  draft.preset = preset
  draft.rules = PRESET_RULES[preset]
  for (const key of ["preset", ...RULE_KEYS] as const) draft.sources[key] = source
}

const normalizeScheme = (scheme: string): string => scheme.toLowerCase().replace(/:$/, "")

const applySection = (draft: Draft, section: SecuritySection, source: string): void => {
  if (section.preset !== undefined) applyPreset(draft, section.preset, source)
  const set = <K extends SecurityRuleKey>(key: K, value: SecurityRules[K]) => {
    draft.rules = { ...draft.rules, [key]: value }
    draft.sources[key] = source
  }
  if (section.blockedSchemes !== undefined)
    set("blockedSchemes", [...new Set(section.blockedSchemes.map(normalizeScheme))])
  if (section.eval !== undefined) set("eval", section.eval)
  if (section.passwordFields !== undefined) set("passwordFields", section.passwordFields)
  if (section.uploadRoots !== undefined) set("uploadRoots", section.uploadRoots)
  if (section.contentBoundaries !== undefined) set("contentBoundaries", section.contentBoundaries)
}

/** `https://App.Example.com:443` → `https://app.example.com`; undefined when it is no `scheme://host` origin. */
export const normalizeOrigin = (origin: string): string | undefined => {
  try {
    const normalized = new URL(origin).origin
    return normalized === "null" ? undefined : normalized
  } catch {
    return undefined
  }
}

const secretSpecs = (
  section: typeof SecretsSection.Type,
  source: string,
  problems: Array<string>
): ReadonlyArray<SecretSpec> =>
  Object.entries(section).map(([name, entry]) => {
    const origins = entry.origins.map((o, i) => {
      const normalized = normalizeOrigin(o)
      if (normalized === undefined)
        problems.push(
          `${source}: secrets.${name}.origins[${i}]: ${JSON.stringify(o)} is not an origin (scheme://host[:port])`
        )
      return normalized
    })
    return {
      name,
      value: entry.value,
      origins: [...new Set(origins.filter((o): o is string => o !== undefined))],
      source
    }
  })

/** The JSON object of one file; undefined when absent (normal) or broken (a problem). */
const readLayer = (path: string, problems: Array<string>): Record<string, unknown> | undefined => {
  let text: string
  try {
    // the usual case, no file, answered without the exception a failed read costs
    if (statSync(path, { throwIfNoEntry: false }) === undefined) return undefined
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      problems.push(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`)
    return undefined
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    problems.push(`${path}: not JSON (${(error as Error).message}); its security settings cannot be read`)
    return undefined
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    problems.push(`${path}: not a JSON object`)
    return undefined
  }
  return parsed as Record<string, unknown>
}

const resolveRoots = (
  roots: ReadonlyArray<string>,
  input: SecurityConfigInput,
  source: string,
  problems: Array<string>
): ReadonlyArray<string> =>
  roots.flatMap((root) => {
    const home = input.env["HOME"] ?? homedir()
    const absolute =
      root === "~" ? home : root.startsWith("~/") ? resolve(home, root.slice(2)) : resolve(input.cwd, root)
    try {
      const real = realpathSync(absolute)
      if (statSync(real).isDirectory()) return [real]
      problems.push(`${source}: security.uploadRoots: ${JSON.stringify(root)} (${absolute}) is not a folder`)
    } catch {
      // the call's own folder gone (a test's or a deleted checkout's cwd) leaves nothing to upload from: not a
      // config problem, and no other call should fail for it
      if (root !== ".")
        problems.push(`${source}: security.uploadRoots: ${JSON.stringify(root)} (${absolute}) does not exist`)
    }
    return []
  })

export const resolveSecurityConfig = (input: SecurityConfigInput): ResolvedSecurity => {
  const problems: Array<string> = []
  const draft: Draft = {
    preset: STANDARD_POLICY.preset,
    rules: STANDARD_POLICY.rules,
    sources: { ...STANDARD_POLICY.sources }
  }
  const secrets = new Map<string, SecretSpec>()
  for (const path of input.paths) {
    const layer = readLayer(path, problems)
    if (layer === undefined) continue
    if (layer["security"] !== undefined) {
      const decoded = decodeSecurity(layer["security"])
      if (Either.isLeft(decoded)) problems.push(...describeIssues("security", decoded.left).map((p) => `${path}: ${p}`))
      else applySection(draft, decoded.right, path)
    }
    if (layer["secrets"] !== undefined) {
      const decoded = decodeSecrets(layer["secrets"])
      if (Either.isLeft(decoded)) problems.push(...describeIssues("secrets", decoded.left).map((p) => `${path}: ${p}`))
      else for (const spec of secretSpecs(decoded.right, path, problems)) secrets.set(spec.name, spec)
    }
  }
  const fromEnv = (input.env[SECURITY_PRESET_ENV] ?? "").trim().toLowerCase()
  if (fromEnv === "standard" || fromEnv === "strict") applyPreset(draft, fromEnv, SECURITY_PRESET_ENV)
  else if (fromEnv !== "")
    problems.push(
      `${SECURITY_PRESET_ENV}: expected "standard" or "strict", got ${JSON.stringify(input.env[SECURITY_PRESET_ENV])}`
    )
  const roots = draft.rules.uploadRoots
  const rules: SecurityRules =
    roots === undefined
      ? draft.rules
      : { ...draft.rules, uploadRoots: resolveRoots(roots, input, draft.sources.uploadRoots, problems) }
  return { policy: { preset: draft.preset, rules, sources: draft.sources, secrets: [...secrets.values()] }, problems }
}
