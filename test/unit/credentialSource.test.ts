/** Credential sources: every form, escaped literals, lazy commands, and errors that never carry the value. */
import { existsSync } from "node:fs"
import { join } from "node:path"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Redacted from "effect/Redacted"
import {
  CredentialUnavailable,
  describeSource,
  isConfigured,
  parseCredentialSource,
  resolveCredential
} from "../../src/config/credentialSource.js"
import { suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const SECRET = "ws-test-secret-7f3a9c"
const env = { PATH: process.env["PATH"], MY_KEY: SECRET, EMPTY: "" }
const resolve = (raw: string, timeoutMs?: number) =>
  resolveCredential(
    { label: "webSearch.exaApiKey", source: parseCredentialSource(raw) },
    { env, ...(timeoutMs !== undefined ? { timeoutMs } : {}) }
  ).pipe(Effect.map(Redacted.value), Effect.provide(NodeContext.layer))
const failure = (raw: string, timeoutMs?: number) =>
  Effect.flip(resolve(raw, timeoutMs)).pipe(
    Effect.tap((e) => Effect.sync(() => expect(e).toBeInstanceOf(CredentialUnavailable)))
  )

describe("parseCredentialSource", () => {
  it("reads each form", () => {
    expect(parseCredentialSource("abc")).toEqual({ kind: "plain", value: "abc" })
    expect(parseCredentialSource("$MY_KEY")).toEqual({ kind: "env", name: "MY_KEY" })
    expect(parseCredentialSource("${MY_KEY}")).toEqual({ kind: "env", name: "MY_KEY" })
    expect(parseCredentialSource("!op read 'op://x/y'")).toEqual({ kind: "command", command: "op read 'op://x/y'" })
    expect(parseCredentialSource("$not a var")).toEqual({ kind: "plain", value: "$not a var" })
  })

  it("treats a leading backslash as an escape for the literal text", () => {
    expect(parseCredentialSource("\\$notavar")).toEqual({ kind: "plain", value: "$notavar" })
    expect(parseCredentialSource("\\!notacommand")).toEqual({ kind: "plain", value: "!notacommand" })
    expect(parseCredentialSource("\\\\x")).toEqual({ kind: "plain", value: "\\x" })
  })

  it("describes a source by label and kind only", () => {
    expect(describeSource({ label: "webSearch.exaApiKey", source: parseCredentialSource("$MY_KEY") })).toBe(
      "webSearch.exaApiKey (environment variable MY_KEY)"
    )
    expect(describeSource({ label: "webSearch.exaApiKey", source: parseCredentialSource(SECRET) })).not.toContain(
      SECRET
    )
    expect(describeSource({ label: "EXA_API_KEY", source: { kind: "env", name: "EXA_API_KEY" } })).toBe(
      "environment variable EXA_API_KEY"
    )
  })
})

describe("isConfigured", () => {
  it("decides without running a command", () => {
    const marker = join(temp.root, "ran-at-check")
    expect(isConfigured(parseCredentialSource(`!touch ${marker}`), env)).toBe(true)
    expect(existsSync(marker)).toBe(false)
    expect(isConfigured(parseCredentialSource("$MY_KEY"), env)).toBe(true)
    expect(isConfigured(parseCredentialSource("$MISSING"), env)).toBe(false)
    expect(isConfigured(parseCredentialSource("$EMPTY"), env)).toBe(false)
    expect(isConfigured(parseCredentialSource(""), env)).toBe(false)
    expect(isConfigured(parseCredentialSource("!"), env)).toBe(false)
  })
})

describe("resolveCredential", () => {
  it.live("resolves plaintext, $VAR, ${VAR} and escaped literals", () =>
    Effect.gen(function* () {
      expect(yield* resolve("plain-key")).toBe("plain-key")
      expect(yield* resolve("$MY_KEY")).toBe(SECRET)
      expect(yield* resolve("${MY_KEY}")).toBe(SECRET)
      expect(yield* resolve("\\$notavar")).toBe("$notavar")
      expect(yield* resolve("\\!notacommand")).toBe("!notacommand")
    })
  )

  it.live("runs a command source only when resolved, and trims its output", () =>
    Effect.gen(function* () {
      const marker = join(temp.root, "ran-at-resolve")
      const source = parseCredentialSource(`!touch ${marker}; printf '%s\\n' "$MY_KEY"`)
      expect(existsSync(marker)).toBe(false)
      const value = yield* resolveCredential({ label: "k", source }, { env }).pipe(Effect.provide(NodeContext.layer))
      expect(existsSync(marker)).toBe(true)
      expect(Redacted.value(value)).toBe(SECRET)
      expect(String(value)).not.toContain(SECRET)
    })
  )

  it.live("a failing command is a structured error without the value it printed", () =>
    Effect.gen(function* () {
      const error = yield* failure(`!echo ${SECRET}; echo ${SECRET} >&2; exit 3`)
      expect(error).toMatchObject({
        reason: "command-failed",
        exitCode: 3,
        label: "webSearch.exaApiKey",
        kind: "command"
      })
      expect(JSON.stringify(error) + error.message + String(error)).not.toContain(SECRET)
    })
  )

  it.live("a command that prints nothing fails, and one that hangs times out", () =>
    Effect.gen(function* () {
      expect(yield* failure("!true")).toMatchObject({ reason: "command-failed", exitCode: 0 })
      const timedOut = yield* failure("!sleep 20", 300)
      expect(timedOut).toMatchObject({ reason: "command-timeout", timeoutMs: 300 })
      expect(timedOut.message).toContain("300 ms")
    })
  )

  it.live("missing and empty sources name the variable, not a value", () =>
    Effect.gen(function* () {
      expect(yield* failure("$MISSING")).toMatchObject({ reason: "env-missing", envName: "MISSING" })
      expect(yield* failure("$EMPTY")).toMatchObject({ reason: "env-missing" })
      expect(yield* failure("   ")).toMatchObject({ reason: "empty" })
      expect(Exit.isSuccess(yield* Effect.exit(resolve("$MY_KEY")))).toBe(true)
    })
  )
})
