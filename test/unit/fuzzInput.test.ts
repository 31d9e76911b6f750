/**
 * Fuzz: 2,400 generated inputs to the tool over the fake layer (seeded, so a failure replays). Whatever comes in,
 * nothing throws and every call ends in a ToolResult; every input from the invalid families is a structured
 * `validation-error` with a next action, and none of them starts a process.
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { afterAll, describe } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, tempRoot } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())

/** mulberry32: a small seeded PRNG. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const COMMANDS = ["open", "click", "get", "snapshot", "wait", "eval", "batch", "dialog", "tab", "fill", "press", "close", "--version", "cookies", "storage"]
const TOKENS = ["@e1", "url", "title", "-i", "1000", "--timeout", "#id", "https://example.test/", "accept", "--session", "x", "", " ", "é", "💥", "--json", "--profile", "/tmp/p"]

type Gen = () => unknown

const makeGenerators = (r: () => number) => {
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(r() * xs.length)] as A
  const str = (): string => Array.from({ length: Math.floor(r() * 12) }, () => String.fromCharCode(32 + Math.floor(r() * 2000))).join("")
  const args = (): Array<string> => [pick(COMMANDS), ...Array.from({ length: Math.floor(r() * 4) }, () => (r() < 0.8 ? pick(TOKENS) : str()))]
  const anyValue = (): unknown => pick([null, 1, -1, 1.5, "s", true, [], {}, [1], { a: 1 }, undefined, Number.NaN])
  /** Inputs that must be refused before anything runs. */
  const invalid: ReadonlyArray<Gen> = [
    () => ({ args: anyValue() === null ? null : pick([1, "open", true, { 0: "open" }]) }),
    () => ({ args: [...args(), pick([1, null, true, {}, []])] }),
    () => ({ args: [...args(), `a${"\0"}b`] }),
    () => ({ args: ["eval", "x".repeat(128 * 1024 + Math.floor(r() * 1000))] }),
    () => ({ args: args(), timeoutMs: pick([-1, 0, 1.5, "1000", Number.NaN, Infinity]) }),
    () => ({ args: args(), sessionMode: pick(["bogus", 1, "", "FRESH"]) }),
    () => ({ args: args(), job: { steps: [] }, qa: {} }),
    () => pick([null, 1, "open", [], true])
  ]
  /** Anything at all: must end in a result, never a throw. */
  const anything: Gen = () =>
    r() < 0.5
      ? { args: args(), ...(r() < 0.3 ? { stdin: str() } : {}), ...(r() < 0.2 ? { timeoutMs: Math.floor(r() * 60_000) } : {}), ...(r() < 0.1 ? { sessionMode: "fresh" } : {}) }
      : { [pick(["args", "job", "qa", "semanticAction", "stdin", "outputPath", "x"])]: r() < 0.5 ? anyValue() : args() }
  return { invalid, anything, pick }
}

describe("fuzzed tool input", () => {
  it.scoped("2,400 inputs: no throw; invalid ones are validation errors that start no process", () =>
    Effect.gen(function*() {
      const r = rng(20_251_123)
      const { invalid, anything, pick } = makeGenerators(r)
      const fake = yield* FakeAgentBrowser
      let invalidSeen = 0
      for (let i = 0; i < 2_400; i++) {
        const isInvalid = i % 2 === 0
        const input = isInvalid ? pick(invalid)() : anything()
        const before = (yield* fake.requests).length
        const exit = yield* Effect.exit(runToResult(input, { ...call, piSessionId: `fuzz-${i % 7}` }))
        expect(Exit.isSuccess(exit), `input ${i} threw: ${JSON.stringify(input)?.slice(0, 200)}`).toBe(true)
        if (!Exit.isSuccess(exit) || !isInvalid) continue
        invalidSeen++
        const details = exit.value.details
        expect(details.failureCategory, `input ${i}: ${JSON.stringify(input)?.slice(0, 200)}`).toBe("validation-error")
        expect(details.nextActions?.length ?? 0).toBeGreaterThan(0)
        expect((yield* fake.requests).length).toBe(before)
      }
      expect(invalidSeen).toBe(1_200)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}), repeat: true }]))), 120_000)
})
