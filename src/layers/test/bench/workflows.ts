/**
 * Representative workflows, run the way an agent runs them (A7): each is a short task over the scripted page, its
 * calls chosen from what the tool showed (refs read from the text, the first next action followed after a failure).
 * Per workflow: whether the task got done, how many tool calls it took, how many upstream processes they ran and how
 * many bytes the model read. The workflow decides success by the end state, not by the last call alone.
 */
import * as Effect from "effect/Effect"
import type { ToolResult } from "../../../schema/ToolResult.js"
import { runToResult } from "../../../program/call/ToolCall.js"
import { FakeAgentBrowser } from "../FakeAgentBrowser.js"
import { BENCH_CALL, type BenchServices, inWorld, modelVisibleBytes, textOf } from "./benchWorld.js"
import { fakePage, type PageElement } from "./fakePage.js"
import { refInText } from "./staleRefRecovery.js"

/** One tool call, counted. */
export type CountedCall = (input: unknown) => Effect.Effect<ToolResult, never, BenchServices>

export interface Workflow {
  readonly name: string
  /** The task's calls; true when the task got done. */
  readonly run: (call: CountedCall) => Effect.Effect<boolean, never, BenchServices>
}

export interface WorkflowOutcome {
  readonly name: string
  readonly succeeded: boolean
  readonly toolCalls: number
  readonly upstreamCalls: number
  readonly modelBytes: number
}

const URL = "http://shop.test/cart"
const FORM: ReadonlyArray<PageElement> = [
  { role: "heading", name: "Checkout" },
  { role: "textbox", name: "Email" },
  { role: "button", name: "Submit" }
]
const EMAIL = { role: "textbox", name: "Email" }
const SUBMIT = { role: "button", name: "Submit" }
const ok = (result: ToolResult): boolean => result.isError !== true

export const WORKFLOWS: ReadonlyArray<Workflow> = [
  {
    name: "read a page's title",
    run: (call) =>
      Effect.gen(function* () {
        yield* call({ args: ["open", URL] })
        const title = yield* call({ args: ["get", "title"] })
        return ok(title) && textOf(title).startsWith("Page")
      })
  },
  {
    name: "fill and submit a form by refs (one call each)",
    run: (call) =>
      Effect.gen(function* () {
        yield* call({ args: ["open", URL] })
        const shown = textOf(yield* call({ args: ["snapshot", "-i"] }))
        const [email, submit] = [refInText(shown, EMAIL), refInText(shown, SUBMIT)]
        if (email === undefined || submit === undefined) return false
        const filled = yield* call({ args: ["fill", `@${email}`, "a@b.test"] })
        return ok(filled) && ok(yield* call({ args: ["click", `@${submit}`] }))
      })
  },
  {
    name: "fill and submit the same form as one job",
    run: (call) =>
      Effect.map(
        call({
          job: {
            steps: [
              { action: "open", url: URL },
              { action: "fill", selector: "#email", text: "a@b.test" },
              { action: "click", selector: "#submit" }
            ]
          }
        }),
        ok
      )
  },
  {
    name: "a ref gone stale after navigation, recovered by the first next action",
    run: (call) =>
      Effect.gen(function* () {
        yield* call({ args: ["open", URL] })
        const old = refInText(textOf(yield* call({ args: ["snapshot", "-i"] })), SUBMIT)
        yield* call({ args: ["open", "http://shop.test/checkout"] })
        const stale = yield* call({ args: ["click", `@${old ?? "e0"}`] })
        const next = stale.details.nextActions?.[0]?.params
        if (ok(stale) || next === undefined) return false
        const fresh = refInText(textOf(yield* call(next)), SUBMIT)
        return fresh !== undefined && ok(yield* call({ args: ["click", `@${fresh}`] }))
      })
  }
]

export const runWorkflow = (workflow: Workflow): Effect.Effect<WorkflowOutcome> =>
  inWorld(fakePage(URL, FORM).script, () =>
    Effect.gen(function* () {
      let toolCalls = 0
      let modelBytes = 0
      const call: CountedCall = (input) =>
        Effect.tap(Effect.orDie(runToResult(input, BENCH_CALL)), (result) =>
          Effect.sync(() => {
            toolCalls += 1
            modelBytes += modelVisibleBytes(result)
          })
        )
      const succeeded = yield* workflow.run(call)
      const upstreamCalls = (yield* (yield* FakeAgentBrowser).requests).length
      return { name: workflow.name, succeeded, toolCalls, upstreamCalls, modelBytes }
    })
  )
