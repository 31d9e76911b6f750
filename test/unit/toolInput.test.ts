/** The input schema: one source for decoding and for the JSON Schema pi validates with. */
import * as Either from "effect/Either"
import { Compile } from "typebox/compile"
import { describe, expect, it } from "vitest"
import { fieldDescriptions } from "../../src/playbook.js"
import {
  decodeToolInput,
  JobStep,
  MAX_INPUT_DEPTH,
  nestingDepth,
  SemanticAction,
  toolInputJsonSchema
} from "../../src/schema/ToolInput.js"

describe("ToolInput", () => {
  it("decodes a minimal call", () => {
    expect(decodeToolInput({ args: ["open", "http://x"] })).toEqual(Either.right({ args: ["open", "http://x"] }))
  })

  it("reports every problem at once, by field", () => {
    const result = decodeToolInput({ args: [], sessionMode: "later", timeoutMs: 5, extra: true })
    expect(Either.isLeft(result)).toBe(true)
    const message = Either.isLeft(result) ? result.left.message : ""
    expect(message).toContain("args: must be a non-empty array of strings")
    expect(message).toContain('sessionMode: expected "auto" or "fresh", got "later"')
    expect(message).toContain("timeoutMs: must be an integer number of milliseconds between 1000 and 600000")
    expect(message).toContain("extra: is unexpected")
  })

  it("refuses nesting past the depth limit without recursion, naming the field (10,000 levels: no stack overflow)", () => {
    let deep: unknown = "x"
    for (let i = 0; i < 10_000; i++) deep = i % 2 === 0 ? [deep] : { a: deep }
    for (const [input, field] of [
      [{ args: deep }, "args"],
      [{ args: ["open"], job: deep }, "job"],
      [[deep], "input"],
      [deep, "a"]
    ] as const) {
      const result = decodeToolInput(input)
      expect(Either.isLeft(result) && result.left.field).toBe(field)
      expect(Either.isLeft(result) && result.left.message).toContain(`nested more than ${MAX_INPUT_DEPTH} levels deep`)
    }
    expect(nestingDepth({ job: { steps: [{ args: ["a"] }] } })).toBe(5)
  })

  it("derives a plain JSON Schema that pi's validator (typebox Compile) accepts and enforces", () => {
    const schema = toolInputJsonSchema()
    expect(Object.keys(schema["properties"] as object)).toEqual([
      "args",
      "semanticAction",
      "job",
      "qa",
      "sourceLookup",
      "networkSourceLookup",
      "electron",
      "stdin",
      "sessionMode",
      "outputPath",
      "timeoutMs"
    ])
    expect(JSON.stringify(schema)).not.toContain("$ref")
    const validator = Compile(schema as never)
    expect(validator.Check({ args: ["snapshot", "-i"], sessionMode: "fresh", timeoutMs: 5000 })).toBe(true)
    expect(validator.Check({ args: [] })).toBe(false)
    expect(validator.Check({ semanticAction: { action: "click", locator: "text", value: "Go" } })).toBe(true)
    expect(validator.Check({ job: { steps: [{ action: "open", url: "http://x" }, { url: "http://y" }] } })).toBe(false)
    expect(validator.Check({ args: ["x"], sessionMode: "later" })).toBe(false)
    expect(validator.Check({ args: ["x"], timeoutMs: 1.5 })).toBe(false)
    expect(validator.Check({ args: ["x"], bogus: 1 })).toBe(false)
  })

  it("lists each closed set once: semanticAction's and a job step's actions are named in descriptions, the decoder names them on a miss", () => {
    const props = (node: unknown, ...path: ReadonlyArray<string>): Record<string, Record<string, unknown>> =>
      path.reduce((n, key) => (n as Record<string, unknown>)[key], node) as Record<string, Record<string, unknown>>
    const schema = toolInputJsonSchema()
    const step = props(schema, "properties", "job", "properties", "steps", "items", "properties")
    expect(step["action"]).toEqual({ type: "string" })
    expect(step["locator"]).toEqual({ type: "string" })
    expect(props(schema, "properties", "qa", "properties")["loadState"]).toEqual({ type: "string" })
    // semanticAction's actions are named in its description; every step action is one of them (the job description
    // says "element actions as semanticAction") or named in the job description
    const elementActions = SemanticAction.fields.action.literals as ReadonlyArray<string>
    expect(props(schema, "properties", "semanticAction", "properties")["action"]).toEqual({ type: "string" })
    expect(fieldDescriptions.semanticAction).toContain(elementActions.join("|"))
    const stepActions = JobStep.fields.action.literals as ReadonlyArray<string>
    for (const action of stepActions.filter((a) => !elementActions.includes(a))) {
      expect(fieldDescriptions.job).toMatch(new RegExp(`[ ;|]${action}[{;.|]`))
    }
    const miss = decodeToolInput({ job: { steps: [{ action: "fly" }] }, args: ["x"] })
    expect(Either.isLeft(miss) && miss.left.message).toContain(`job.steps.0.action: expected "open" or "click"`)
  })

  it("agrees with the decoder on every sample", () => {
    const validator = Compile(toolInputJsonSchema() as never)
    const samples: ReadonlyArray<unknown> = [
      { args: ["a"] },
      { args: ["a"], stdin: "x" },
      { args: [1] },
      { args: ["a"], timeoutMs: 999 },
      { args: ["a"], timeoutMs: 600_000 },
      { args: ["a"], timeoutMs: 600_001 },
      { stdin: "x" },
      { args: ["a"], sessionMode: "auto" }
    ]
    for (const sample of samples) expect(validator.Check(sample)).toBe(Either.isRight(decodeToolInput(sample)))
  })
})
