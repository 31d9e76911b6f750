/** Partial secrets: keystroke echoes of typed secrets, texts cut inside a secret, and the Redactor that keeps them. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { stepSecrets } from "../../src/redaction/batchSecrets.js"
import { scrubFragments } from "../../src/redaction/fragments.js"
import { scrubText, scrubValue } from "../../src/redaction/scrub.js"
import { RedactorLive } from "../../src/layers/RedactorLive.js"
import { Redactor } from "../../src/services/Redactor.js"

const PW = "Pz7qK9-secret"

describe("scrubText: typed secrets caught by prefix", () => {
  it("replaces every keystroke echo of at least 4 characters", () => {
    const echo = ["P", "Pz", "Pz7", "Pz7q", "Pz7qK", "Pz7qK9-s"].map((v) => `key ${v}`).join("\n")
    const out = scrubText(echo, [], [PW])
    expect(out).toBe(["key P", "key Pz", "key Pz7", "key [REDACTED]", "key [REDACTED]", "key [REDACTED]"].join("\n"))
  })

  it("catches prefixes in URLs, titles and JSON", () => {
    expect(scrubText("http://h/echo?typed=Pz7qK&x=1", [], [PW])).toBe("http://h/echo?typed=[REDACTED]&x=1")
    expect(scrubText('{"title":"typed Pz7qK9"}', [], [PW])).toBe('{"title":"typed [REDACTED]"}')
  })

  it("catches URL-encoded forms and their prefixes", () => {
    const pw = "a b&c/d!ef"
    expect(scrubText(`?typed=${encodeURIComponent(pw)}`, [], [pw])).toBe("?typed=[REDACTED]")
    expect(scrubText(`?typed=${encodeURIComponent("a b&c")}`, [], [pw])).toBe("?typed=[REDACTED]")
    expect(scrubText("?typed=a+b%26c%2Fd", [], [pw])).toBe("?typed=[REDACTED]")
  })

  it("leaves a prefix running on into other letters, and secrets not typed, alone", () => {
    expect(scrubText("Pz7qX and Pz7q", [], [PW])).toBe("Pz7qX and [REDACTED]")
    expect(scrubText("Pz7qK9 here", [PW])).toBe("Pz7qK9 here") // learned from fill: only whole or cut
  })
})

describe("scrubText: a cut at any position", () => {
  it("catches a text that ends inside a secret", () => {
    expect(scrubText("Welcome Pz7qK", [PW])).toBe("Welcome [REDACTED]")
    expect(scrubText("Welcome Pz7qK9-…", [PW])).toBe("Welcome [REDACTED]…")
    expect(scrubText("Welcome Pz7qK9-... rest", [PW])).toBe("Welcome [REDACTED]... rest")
  })

  it("catches a text that begins inside a secret, and an inner piece cut on both sides", () => {
    expect(scrubText("K9-secret, welcome", [PW])).toBe("[REDACTED], welcome")
    expect(scrubText("…7qK9-sec…", [PW])).toBe("…[REDACTED]…")
    expect(scrubText("head …qK9-secret tail", [PW])).toBe("head …[REDACTED] tail")
  })

  it("keeps pieces shorter than 4 characters and unrelated text", () => {
    expect(scrubText("Welcome Pz7", [PW])).toBe("Welcome Pz7")
    expect(scrubText("a secret agent", [PW])).toBe("a secret agent") // a suffix, but not where a text begins
    // where a text begins it is caught even by coincidence: over-redaction, never a leak
    expect(scrubText("secret agent", [PW])).toBe("[REDACTED] agent")
  })

  it("scrubs whole secrets first and merges overlapping pieces", () => {
    expect(scrubText(`${PW} and ${PW.slice(0, 6)}`, [PW])).toBe("[REDACTED] and [REDACTED]")
    expect(scrubFragments("Pz7qK9-secre", [{ value: PW, typed: true }])).toBe("[REDACTED]")
  })

  it("applies to every string of structured data", () => {
    expect(scrubValue({ summary: "get text: Pz7qK9…", rows: ["…9-secret"] }, [PW])).toEqual({
      summary: "get text: [REDACTED]…",
      rows: ["…[REDACTED]"]
    })
  })
})

describe("stepSecrets", () => {
  it("reports typed secrets apart, and keyboard type right after focusing a password field", () => {
    const found = stepSecrets(
      [
        ["fill", "#user", "ada"],
        ["fill", "#password", "fillpass1"],
        ["type", "@e2", "typedpass"],
        ["click", "#password"],
        ["keyboard", "type", "keyspass"],
        ["click", "#name"],
        ["keyboard", "type", "Ada"]
      ],
      (ref) => (ref === "e2" ? "Password" : undefined)
    )
    expect(found.secrets).toEqual(["fillpass1", "typedpass", "keyspass"])
    expect(found.typed).toEqual(["typedpass", "keyspass"])
  })

  it("a job's keystrokes into a password field are one typed secret; keystrokes into another field are none", () => {
    const steps = [
      ["focus", "#password"],
      ["press", "p"],
      ["wait", "30"],
      ["keydown", "é"],
      ["keyboard", "inserttext", "é"],
      ["keyup", "é"],
      ["wait", "30"],
      ["press", "9"],
      ["wait", "30"],
      ["press", "Enter"],
      ["focus", "#q"],
      ["press", "a"],
      ["press", "b"]
    ]
    expect(stepSecrets(steps)).toEqual({ secrets: ["pé9"], typed: ["pé9"] })
  })
})

describe("RedactorLive", () => {
  it.effect("keeps typed secrets and catches their echoes in later scrubs", () =>
    Effect.gen(function* () {
      const redactor = yield* Redactor
      expect(yield* redactor.echoArgs(["type", "#password", PW])).toEqual(["type", "#password", "[REDACTED]"])
      expect(yield* redactor.scrubText("console: key Pz7qK")).toBe("console: key [REDACTED]")
      yield* redactor.learn(["otherpass99"])
      expect(yield* redactor.scrubText("otherp and otherpass9")).toBe("otherp and [REDACTED]")
      // `keyboard type` of a known secret upgrades it to typed
      yield* redactor.echoArgs(["keyboard", "type", "otherpass99"])
      expect(yield* redactor.scrubText("v=otherp!")).toBe("v=[REDACTED]!")
      const outcome = yield* redactor.scrubOutcome({ kind: "single", data: { text: `x ${PW}` }, warning: undefined })
      expect(outcome).toEqual({ kind: "single", data: { text: "x [REDACTED]" }, warning: undefined })
    }).pipe(Effect.provide(RedactorLive))
  )
})
