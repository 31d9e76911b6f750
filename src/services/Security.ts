/**
 * Security: the policy a call runs under, read from the same config layers as everything else (global →
 * trusted project → `PI_AGENT_BROWSER_CONFIG`, then `PI_AGENT_BROWSER_SECURITY_PRESET`), and the secrets the model
 * names but never sees. State: resolved secret values (resolved on first use, kept for the process, learned by the
 * Redactor so no output can echo them).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SecurityPolicy } from "../schema/SecurityPolicy.js"
import type { InvalidInput } from "../schema/ToolError.js"

export interface SecurityShape {
  /** The policy for this working folder; a malformed `security` or `secrets` block fails naming the file and key. */
  readonly resolve: (where: {
    readonly cwd: string
    readonly projectTrusted: boolean
  }) => Effect.Effect<SecurityPolicy, InvalidInput>
  /** A secret's value (resolved once, learned by the Redactor); an unknown or unresolvable name fails. */
  readonly secretValue: (policy: SecurityPolicy, name: string) => Effect.Effect<string, InvalidInput>
  /** A fresh unguessable nonce for one call's page-content markers. */
  readonly nonce: Effect.Effect<string>
}

export class Security extends Context.Tag("pi-agent-browser-effect/Security")<Security, SecurityShape>() {}
