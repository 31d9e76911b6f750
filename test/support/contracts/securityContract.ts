/**
 * The Security contract, run against FakeSecurity and SecurityLive (over a config file), both in
 * test/unit/securityService.test.ts: a policy per call, a named secret's value learned by the Redactor, an unknown
 * name refused without any value, fresh nonces.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { Redactor } from "../../../src/services/Redactor.js"
import { Security } from "../../../src/services/Security.js"

export interface SecuritySubject {
  readonly layer: () => Layer.Layer<Security | Redactor>
  readonly where: { readonly cwd: string; readonly projectTrusted: boolean }
  /** A secret the policy declares, and the value it resolves to. */
  readonly secret: { readonly name: string; readonly value: string }
}

export const securityContract = (label: string, subject: SecuritySubject) =>
  describe(`Security contract: ${label}`, () => {
    const provide = <A, E>(program: Effect.Effect<A, E, Security | Redactor>) =>
      Effect.provide(program, subject.layer())

    it.live("the policy declares the secret by name; its value comes back and is learned by the Redactor", () =>
      provide(
        Effect.gen(function* () {
          const security = yield* Security
          const policy = yield* security.resolve(subject.where)
          expect(policy.secrets.map((s) => s.name)).toContain(subject.secret.name)
          expect(JSON.stringify(policy)).not.toContain(subject.secret.value)
          expect(yield* security.secretValue(policy, subject.secret.name)).toBe(subject.secret.value)
          expect(yield* (yield* Redactor).scrubText(`typed ${subject.secret.value} here`)).not.toContain(
            subject.secret.value
          )
        })
      )
    )

    it.live("an unknown name is InvalidInput on secrets that names the configured secrets and no value", () =>
      provide(
        Effect.gen(function* () {
          const security = yield* Security
          const policy = yield* security.resolve(subject.where)
          const error = yield* Effect.flip(security.secretValue(policy, "NO_SUCH_SECRET"))
          expect(error).toMatchObject({ _tag: "InvalidInput", field: "secrets" })
          expect(error.message).toContain(subject.secret.name)
          expect(JSON.stringify({ ...error, message: error.message })).not.toContain(subject.secret.value)
        })
      )
    )

    it.live("nonces are 16 hex characters and differ", () =>
      provide(
        Effect.gen(function* () {
          const security = yield* Security
          const [a, b] = [yield* security.nonce, yield* security.nonce]
          expect(a).toMatch(/^[0-9a-f]{16}$/)
          expect(a).not.toBe(b)
        })
      )
    )
  })
