/**
 * The error channel as the compiler sees it: a tool call can end with exactly the errors its programs raise, and
 * one upstream reply (through any mode) can only be an UpstreamReplyError. These are type-level facts, checked with
 * `expectTypeOf` (the test command typechecks first); the runtime assertion pins the reply tag list.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import type { CallError } from "../../src/program/call/ToolCall.js"
import type { execute } from "../../src/program/pipeline/execute.js"
import type { Effect } from "effect/Effect"
import { type CleanupFailed, errorTags, type UpstreamReplyError } from "../../src/schema/ToolError.js"

type ExecuteError = Effect.Error<ReturnType<typeof execute>>

const replyTags: ReadonlyArray<UpstreamReplyError["_tag"]> = [
  "ConfirmationRequired",
  "ParseFailure",
  "PolicyBlocked",
  "SelectorNotFound",
  "SelectorUnsupported",
  "StaleRef",
  "TimedOut",
  "UpstreamFailed"
]

describe("error channel", () => {
  it("a browser call never fails with CleanupFailed (a replaced browser's failed close is a warning); only electron cleanup does", () => {
    expectTypeOf<Extract<ExecuteError, CleanupFailed>>().toBeNever()
    expectTypeOf<Extract<CallError, CleanupFailed>>().toEqualTypeOf<CleanupFailed>()
  })

  it("every reply error can end a call unchanged (job/qa/batch steps keep the tag their reply was classified as)", () => {
    expectTypeOf<Extract<CallError, UpstreamReplyError>>().toEqualTypeOf<UpstreamReplyError>()
    expectTypeOf<(typeof replyTags)[number]>().toEqualTypeOf<UpstreamReplyError["_tag"]>()
    expect(replyTags.every((t) => errorTags.includes(t))).toBe(true)
  })
})
