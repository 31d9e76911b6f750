/**
 * The security policy: what the model may do (rules), what a page may say (content boundaries) and secrets the model
 * never sees. Config sections (`security`, `secrets`) are decoded strictly: a misspelled key or a wrong value is a
 * problem naming the file and the key, never a silent default. The resolved policy records which layer set each
 * rule, so a refusal can say which key a human would change.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

export const SecurityPreset = Schema.Literal("standard", "strict")
export type SecurityPreset = typeof SecurityPreset.Type

/** A URL scheme as written in config: letters, digits, `+ - .`, with or without the trailing colon. */
const Scheme = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z][A-Za-z0-9+.-]*:?$/, { message: () => 'a URL scheme such as "file" or "data:"' })
)

/** The `security` object of one config file. Unknown keys are errors (a typo must not weaken the policy). */
export const SecuritySection = Schema.Struct({
  preset: optional(SecurityPreset),
  blockedSchemes: optional(Schema.Array(Scheme)),
  eval: optional(Schema.Literal("allow", "deny")),
  passwordFields: optional(Schema.Literal("allow", "secrets-only")),
  uploadRoots: optional(Schema.Array(Schema.String.pipe(Schema.minLength(1)))),
  contentBoundaries: optional(Schema.Boolean)
})
export type SecuritySection = typeof SecuritySection.Type

/** `scheme://host[:port]`, the page origins a secret may be typed into. */
export const Origin = Schema.String.pipe(
  Schema.pattern(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i, {
    message: () => 'an origin such as "https://app.example.com" (scheme://host[:port], no path)'
  })
)

export const SecretName = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, {
    message: () => "a secret name: a letter, then letters, digits, _ or -"
  })
)

/**
 * One `secrets` entry: `value` is a credential source (`$ENV`, `${ENV}`, `!command`, literal), never resolved at load.
 */
export const SecretEntry = Schema.Struct({
  value: Schema.String.pipe(Schema.minLength(1)),
  origins: Schema.Array(Origin).pipe(Schema.minItems(1))
})
export const SecretsSection = Schema.Record({ key: SecretName, value: SecretEntry })

export interface SecurityRules {
  /** Lower-case schemes without the colon; top-level navigation to them is refused. */
  readonly blockedSchemes: ReadonlyArray<string>
  readonly eval: "allow" | "deny"
  readonly passwordFields: "allow" | "secrets-only"
  /**
   * Folders an `upload` may read from, as absolute real paths (relative ones resolved against the call's cwd); absent:
   * any path.
   */
  readonly uploadRoots: ReadonlyArray<string> | undefined
  readonly contentBoundaries: boolean
}
export type SecurityRuleKey = keyof SecurityRules

/** A configured secret, by name: where its value comes from (unresolved) and where it may be typed. */
export interface SecretSpec {
  readonly name: string
  /** The credential source as written (`$ENV`, `!command`, literal): resolved only when the secret is used. */
  readonly value: string
  /** Normalized origins (`scheme://host[:port]`, lower case, default ports dropped). */
  readonly origins: ReadonlyArray<string>
  /** The config file that defined it. */
  readonly source: string
}

export interface SecurityPolicy {
  readonly preset: SecurityPreset
  readonly rules: SecurityRules
  /** Which layer set the preset and each rule: a config file path, `PI_AGENT_BROWSER_SECURITY_PRESET`, or `default`. */
  readonly sources: { readonly [K in SecurityRuleKey | "preset"]: string }
  readonly secrets: ReadonlyArray<SecretSpec>
}

/** The rule a refusal enforced: a `security` key, or `secret-origin` for a secret aimed anywhere but its origins. */
export const PolicyRule = Schema.Literal("blockedSchemes", "eval", "passwordFields", "uploadRoots", "secret-origin")
export type PolicyRule = typeof PolicyRule.Type

/** `details.policy` of a `policy-blocked` result. */
export const PolicyViolation = Schema.Struct({
  rule: PolicyRule,
  /** What was refused: the URL, command, field or path (redacted like every echo). */
  subject: Schema.String,
  preset: SecurityPreset,
  /** The layer that set the rule (for `secret-origin`: the file that defined the secret). */
  source: Schema.String,
  /** The origin of the page (or frame) the refused text was aimed at, when the runtime guard saw it. */
  origin: optional(Schema.String),
  /** A page that landed on a blocked scheme was left: where it is now. */
  pageLeftAt: optional(Schema.String)
})
export type PolicyViolation = typeof PolicyViolation.Type

/**
 * The default policy: file:// pages and eval work, and uploads read only files under the call's folder
 * (docs/SECURITY.md says why: an upload sends a local file to a web page, which a page's text can ask the model for),
 * no secrets.
 */
export const STANDARD_RULES: SecurityRules = {
  blockedSchemes: [],
  eval: "allow",
  passwordFields: "allow",
  uploadRoots: ["."],
  contentBoundaries: false
}

/** Every rule on. Upload roots default to the project folder (the call's cwd) unless configured. */
export const STRICT_RULES: SecurityRules = {
  blockedSchemes: ["file", "chrome", "chrome-extension", "devtools", "view-source", "javascript", "data"],
  eval: "deny",
  passwordFields: "secrets-only",
  uploadRoots: ["."],
  contentBoundaries: true
}

export const STANDARD_POLICY: SecurityPolicy = {
  preset: "standard",
  rules: STANDARD_RULES,
  sources: {
    preset: "default",
    blockedSchemes: "default",
    eval: "default",
    passwordFields: "default",
    uploadRoots: "default",
    contentBoundaries: "default"
  },
  secrets: []
}

/** `{{secret:NAME}}`: how the model names a secret in typed text. */
export const SECRET_PLACEHOLDER = /\{\{secret:([A-Za-z][A-Za-z0-9_-]{0,63})\}\}/g
