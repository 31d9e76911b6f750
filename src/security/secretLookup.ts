/** Secret lookup by name and the content-boundary nonce: shared by the live and test Security layers. */
import { randomBytes } from "node:crypto"
import * as Effect from "effect/Effect"
import type { SecretSpec, SecurityPolicy } from "../schema/SecurityPolicy.js"
import { InvalidInput } from "../schema/ToolError.js"

/** A fresh 16-hex-character nonce. */
export const makeNonce = Effect.sync(() => randomBytes(8).toString("hex"))

/** The configured secret by name, or the refusal listing the names (never values) a model may use. */
export const findSecret = (policy: SecurityPolicy, name: string): Effect.Effect<SecretSpec, InvalidInput> => {
  const spec = policy.secrets.find((s) => s.name === name)
  if (spec !== undefined) return Effect.succeed(spec)
  const known = policy.secrets.map((s) => s.name)
  return Effect.fail(
    new InvalidInput({
      field: "secrets",
      detail: `unknown secret "${name}": ${
        known.length > 0
          ? `configured secrets are ${known.join(", ")}`
          : 'no secrets are configured (a human adds them under "secrets" in the config)'
      }`
    })
  )
}
