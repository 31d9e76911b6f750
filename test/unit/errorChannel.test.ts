/**
 * The error channel as the compiler sees it: a tool call can end with exactly the errors its programs raise, and
 * one upstream reply (through any mode) can only be an UpstreamReplyError. These are type-level facts checked by
 * `tsc` (the test command typechecks first); the runtime assertions pin the tag lists so a change is visible.
 */
import { describe, expect, it } from "@effect/vitest"
import type { CallError } from "../../src/program/call/ToolCall.js"
import type { execute } from "../../src/program/pipeline/execute.js"
import type { Effect } from "effect/Effect"
import { type CleanupFailed, errorTags, type UpstreamReplyError } from "../../src/schema/ToolError.js"

type Equals<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

type ExecuteError = Effect.Error<ReturnType<typeof execute>>
/** A browser call never fails with CleanupFailed (a replaced browser's failed close is a warning); only electron cleanup does. */
const callNeverCleanupFailed: Equals<Extract<ExecuteError, CleanupFailed>, never> = true
const electronCleanupCanFail: Equals<Extract<CallError, CleanupFailed>, CleanupFailed> = true
/** Every reply error can end a call unchanged (job/qa/batch steps keep the tag their reply was classified as). */
const replyErrorsReachTheCall: Equals<Extract<CallError, UpstreamReplyError>, UpstreamReplyError> = true

const replyTags: ReadonlyArray<UpstreamReplyError["_tag"]> = [
  "ConfirmationRequired", "ParseFailure", "PolicyBlocked", "SelectorNotFound", "SelectorUnsupported", "StaleRef", "TimedOut", "UpstreamFailed"
]

describe("error channel", () => {
  it("a browser call ends with every tag but CleanupFailed, electron cleanup with it too; a reply with the eight reply tags", () => {
    expect([callNeverCleanupFailed, electronCleanupCanFail, replyErrorsReachTheCall]).toEqual([true, true, true])
    expect(replyTags.every((t) => errorTags.includes(t))).toBe(true)
  })
})
