/**
 * Fuzz: 5,000 generated inputs to the tool over the fake layer (seeded, so a failure replays). Whatever comes in,
 * nothing throws and every call ends in a ToolResult; every input from the invalid families (wrong shapes, nesting
 * 10,000 levels deep, malformed batch stdin, flags the binary does not list) is a structured `validation-error` with a
 * next action, and none of them starts a process; arbitrary command lines (shell-like text, odd selectors) never end as
 * `parse-failure`.
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { describe } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { batchRows, call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** mulberry32: a small seeded PRNG. */
const rng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const COMMANDS = [
  "open",
  "click",
  "get",
  "snapshot",
  "wait",
  "eval",
  "batch",
  "dialog",
  "tab",
  "fill",
  "press",
  "close",
  "--version",
  "cookies",
  "storage"
]
const TOKENS = [
  "@e1",
  "url",
  "title",
  "text",
  "-i",
  "1000",
  "--timeout",
  "#id",
  "https://example.test/",
  "accept",
  "--session",
  "x",
  "",
  " ",
  "é",
  "💥",
  "--json",
  "--profile",
  "/tmp/p"
]
const HOSTILE = [
  "$(rm -rf /)",
  "`id`",
  "; ls",
  "a\nb",
  "<script>",
  "\"'",
  "%00",
  "../../etc/passwd",
  "*",
  ">>",
  "text=Go",
  "[[",
  "\\",
  "--",
  "-"
]
const DEPTH = 10_000

/** `leaf` wrapped in `levels` arrays (or objects), built without recursion. */
const nested = (levels: number, leaf: unknown, asObject: boolean): unknown => {
  let value = leaf
  for (let i = 0; i < levels; i++) value = asObject ? { a: value } : [value]
  return value
}

type Gen = () => unknown

const makeGenerators = (r: () => number) => {
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(r() * xs.length)] as A
  const str = (): string =>
    Array.from({ length: Math.floor(r() * 12) }, () => String.fromCharCode(32 + Math.floor(r() * 2000))).join("")
  const args = (): Array<string> => [
    pick(COMMANDS),
    ...Array.from({ length: Math.floor(r() * 4) }, () => (r() < 0.8 ? pick(TOKENS) : str()))
  ]
  const anyValue = (): unknown => pick([null, 1, -1, 1.5, "s", true, [], {}, [1], { a: 1 }, undefined, Number.NaN])
  const deep = (): unknown => nested(DEPTH - Math.floor(r() * 10), pick(["x", 1, null, {}]), r() < 0.5)
  /** Inputs that must be refused before anything runs. */
  const invalid: ReadonlyArray<Gen> = [
    () => ({ args: anyValue() === null ? null : pick([1, "open", true, { 0: "open" }]) }),
    () => ({ args: [...args(), pick([1, null, true, {}, []])] }),
    () => ({ args: [...args(), `a${"\0"}b`] }),
    () => ({ args: ["eval", "x".repeat(128 * 1024 + Math.floor(r() * 1000))] }),
    () => ({ args: args(), timeoutMs: pick([-1, 0, 1.5, "1000", Number.NaN, Infinity]) }),
    () => ({ args: args(), sessionMode: pick(["bogus", 1, "", "FRESH"]) }),
    () => ({ args: args(), job: { steps: [] }, qa: {} }),
    () => pick([null, 1, "open", [], true]),
    // nesting 10,000 levels deep, wherever it is put
    () => ({ args: deep() }),
    () => ({ args: ["open", deep()] }),
    () => deep(),
    () => ({
      [pick(["job", "qa", "semanticAction", "sourceLookup", "networkSourceLookup", "electron", "stdin", "x"])]: deep()
    }),
    () => ({ args: args(), [pick(["stdin", "outputPath", "timeoutMs", "extra"])]: deep() }),
    () => ({ job: { steps: [{ args: deep() }] } }),
    // batch stdin upstream cannot read: not JSON, not an array, string rows, empty rows, non-string tokens, deep
    () => ({
      args: ["batch"],
      stdin: pick([
        "",
        "{",
        "get url",
        '{"a":1}',
        '["get url"]',
        "[[]]",
        "[[1]]",
        '[["get",null]]',
        `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}`
      ])
    }),
    // flags the installed binary's help does not list, and values their form rules out
    () => ({
      args: [
        ...pick([
          ["open", "https://example.test/"],
          ["click", "#id"],
          ["get", "url"],
          ["snapshot", "-i"]
        ]),
        `--no-such-${Math.floor(r() * 1000)}`
      ]
    }),
    () => ({
      args: [
        pick(["snapshot", "snapshot -i"].map((c) => c)),
        pick(["--depth", "-d"]),
        pick(["abc", "1.5", "-", "ten"])
      ].flatMap((t) => t.split(" "))
    })
  ]
  /** Anything at all: must end in a result, never a throw. */
  const anything: Gen = () =>
    r() < 0.5
      ? {
          args: args(),
          ...(r() < 0.3 ? { stdin: str() } : {}),
          ...(r() < 0.2 ? { timeoutMs: Math.floor(r() * 60_000) } : {}),
          ...(r() < 0.1 ? { sessionMode: "fresh" } : {})
        }
      : { [pick(["args", "job", "qa", "semanticAction", "stdin", "outputPath", "x"])]: r() < 0.5 ? anyValue() : args() }
  /** A command line with hostile or odd tokens (selectors, shell text): upstream answers it; never a parse failure. */
  const commandLine: Gen = () => ({
    args: [
      pick(["get", "click", "fill", "snapshot", "is", "hover", "find"]),
      pick(["text", "html", "visible", "value", "role", ...HOSTILE]),
      ...Array.from({ length: Math.floor(r() * 3) }, () => pick(HOSTILE))
    ]
  })
  return { invalid, anything, commandLine, pick }
}

/** Every request is answered as upstream would: a batch with one successful row per step, else a plain success. */
const upstream = [batchRows(() => ({})), { reply: FakeAgentBrowser.ok({}), repeat: true }]

describe("fuzzed tool input", () => {
  it.scoped(
    "5,000 inputs: no throw; invalid ones (incl. 10,000-deep nesting) are validation errors that start no process; command lines never parse-failure",
    () =>
      Effect.gen(function* () {
        const r = rng(20_251_123)
        const { invalid, anything, commandLine } = makeGenerators(r)
        const fake = yield* FakeAgentBrowser
        const seen = { invalid: 0, deep: 0, lines: 0 }
        for (let i = 0; i < 5_000; i++) {
          // invalid inputs are cheap (refused before anything runs); the others run the whole pipeline over the fake
          const kind = i % 10 < 8 ? "invalid" : i % 10 === 8 ? "anything" : "line"
          const family = kind === "invalid" ? Math.floor(r() * invalid.length) : -1
          const input =
            kind === "invalid" ? (invalid[family] ?? invalid[0]!)() : kind === "line" ? commandLine() : anything()
          const shown = () => {
            try {
              return `input ${i}: ${String(JSON.stringify(input)).slice(0, 200)}`
            } catch {
              return `input ${i}: nested too deep to print (family ${family})`
            }
          }
          /** Fails with the input named; the message is only built for a failure (printing a deep input is costly). */
          const check = (holds: boolean, what: string) => {
            if (!holds) expect.fail(`${shown()}: ${what}`)
          }
          const before = (yield* fake.requests).length
          const exit = yield* Effect.exit(
            Effect.suspend(() => runToResult(input, { ...call, piSessionId: `fuzz-${i % 7}` }))
          )
          check(Exit.isSuccess(exit), "threw")
          if (!Exit.isSuccess(exit)) continue
          const details = exit.value.details
          if (kind === "line") {
            seen.lines++
            check(details.failureCategory !== "parse-failure", "ended as parse-failure")
            continue
          }
          if (kind !== "invalid") continue
          seen.invalid++
          if (family >= 8 && family <= 13) seen.deep++
          check(
            details.failureCategory === "validation-error",
            `is ${details.failureCategory ?? "a success"}, not validation-error`
          )
          check((details.nextActions?.length ?? 0) > 0, "has no next action")
          check((yield* fake.requests).length === before, "started a process")
        }
        expect(seen.invalid).toBe(4_000)
        expect(seen.deep).toBeGreaterThan(1_200)
        expect(seen.lines).toBe(500)
      }).pipe(Effect.provide(fakeLayer(temp.root, upstream))),
    900_000
  )
})
