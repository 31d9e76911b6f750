/**
 * A value an eval step throws on purpose (the click's read when the click stayed): thrown page-side, carried in
 * upstream's error text, taken back out by the classifier once, and read by the click from its row.
 */
import { describe, expect, it } from "vitest"
import { clickReadOf } from "../../src/page/clickRecorder.js"
import { stepRowOf } from "../../src/upstream/classifyReply.js"
import { thrownValueOf, throwValueStatement } from "../../src/upstream/wire.js"

/** What upstream prints for an eval that threw (reference §8: `Evaluation error: Error: bad\n    at …`). */
const upstreamErrorOf = (value: unknown): string => {
  try {
    new Function("read", throwValueStatement("read"))(value)
  } catch (error) {
    return `Evaluation error: Error: ${(error as Error).message}\n    at <anonymous>:81:63`
  }
  throw new Error("the statement did not throw")
}

// a page whose title holds the mark itself, quotes and a line break: JSON escapes each, so the value comes back whole
const read = {
  title: 'Tricky \u0001 "title"\nline',
  url: "http://127.0.0.1:1/a",
  click: { resolved: true, events: 5, hits: 5, navigating: false }
}

describe("a value thrown by an eval step", () => {
  it("comes back whole from upstream's error text, on the failed eval row, with the error still classified", () => {
    const row = stepRowOf({
      index: 4,
      command: ["eval", "(read)"],
      success: false,
      error: upstreamErrorOf(read),
      result: null
    })
    expect(row.success).toBe(false)
    if (row.success) return
    expect(row.thrown).toEqual(read)
    expect(row.error._tag).toBe("UpstreamFailed")
    expect(clickReadOf(row)).toEqual({ value: read, stayed: true })
  })

  it("is the step's answer, not a failure to classify: page data that reads like an upstream error stays data", () => {
    const odd = {
      ...read,
      title: "Unknown ref: e5",
      url: "http://127.0.0.1:1/Element not found: #x. Verify the selector"
    }
    const row = stepRowOf({
      index: 2,
      command: ["eval", "(read)"],
      success: false,
      error: upstreamErrorOf(odd),
      result: null
    })
    expect(row.success === false && row.error._tag).toBe("UpstreamFailed")
    expect(clickReadOf(row)?.value).toEqual(odd)
  })

  it("is not read from another command's error, from an error without the marks, or from a malformed value", () => {
    expect(thrownValueOf(["click", "#a"], upstreamErrorOf(read))).toBeUndefined()
    expect(thrownValueOf(["eval", "x"], "Evaluation error: Error: bad\n    at <anonymous>:1:7")).toBeUndefined()
    expect(thrownValueOf(["eval", "x"], "Evaluation error: Error: \u0001{not json\u0001")).toBeUndefined()
    expect(thrownValueOf(["eval", "x"], "\u0001{}\u0001 and \u0001{}\u0001")).toBeUndefined()
    const plain = stepRowOf({
      index: 0,
      command: ["eval", "x"],
      success: false,
      error: "Evaluation error: Error: bad",
      result: null
    })
    expect(plain.success === false && "thrown" in plain).toBe(false)
    expect(clickReadOf(plain)).toBeUndefined()
  })

  it("a read that returned (the click navigated) is read from its result, and the batch went on after it", () => {
    const row = stepRowOf({
      index: 2,
      command: ["eval", "(read)"],
      success: true,
      error: null,
      result: { result: { ...read, click: { ...read.click, navigating: true } } }
    })
    expect(clickReadOf(row)).toEqual({ value: { ...read, click: { ...read.click, navigating: true } }, stayed: false })
    expect(clickReadOf(undefined)).toBeUndefined()
  })
})
