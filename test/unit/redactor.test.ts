/** RedactorLive: the one redaction point keeps what it learned, per layer instance. */
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { RedactorLive } from "../../src/layers/RedactorLive.js"
import { Redactor } from "../../src/services/Redactor.js"

const PASSWORD = "hunter2-Redactor-9"

describe("Redactor", () => {
  layer(RedactorLive)("one instance", (it) => {
    it.effect("redactArgs is the rule alone: replaced and reported, not learned", () =>
      Effect.gen(function* () {
        const redactor = yield* Redactor
        const redacted = redactor.redactArgs(["fill", "#password", PASSWORD])
        expect(redacted.args).toEqual(["fill", "#password", "[REDACTED]"])
        expect(redacted.secrets).toContain(PASSWORD)
        expect(yield* redactor.scrubText(`typed ${PASSWORD}`)).toBe(`typed ${PASSWORD}`)
      })
    )

    it.effect("echoArgs learns, and later text and values are scrubbed of it", () =>
      Effect.gen(function* () {
        const redactor = yield* Redactor
        expect(yield* redactor.echoArgs(["fill", "#password", PASSWORD])).toEqual(["fill", "#password", "[REDACTED]"])
        const text = yield* redactor.scrubText(`the page says ${PASSWORD}!`)
        expect(text).not.toContain(PASSWORD)
        expect(text).toContain("[REDACTED]")
        const value = yield* redactor.scrubValue({ nested: [{ note: `pw=${PASSWORD}` }], apiKey: "sk-plain-value-123" })
        expect(JSON.stringify(value)).not.toContain(PASSWORD)
        expect(JSON.stringify(value)).not.toContain("sk-plain-value-123")
      })
    )

    it.effect(
      "learn keeps secrets given outside argv; URL credentials and bearer tokens are scrubbed without learning",
      () =>
        Effect.gen(function* () {
          const redactor = yield* Redactor
          yield* redactor.learn(["auth-stdin-secret-42"])
          const text = yield* redactor.scrubText(
            "auth-stdin-secret-42 at https://ada:pa55word@example.test/ with Authorization: Bearer abc.def.ghi-123456"
          )
          expect(text).not.toContain("auth-stdin-secret-42")
          expect(text).not.toContain("pa55word")
          expect(text).not.toContain("abc.def.ghi-123456")
        })
    )
  })

  it.effect("a new layer instance starts with nothing learned", () =>
    Effect.gen(function* () {
      const redactor = yield* Redactor
      expect(yield* redactor.scrubText(`typed ${PASSWORD}`)).toBe(`typed ${PASSWORD}`)
    }).pipe(Effect.provide(RedactorLive))
  )
})
