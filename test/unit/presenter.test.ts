/** Presenter over the fake graph: what a success, a failure and a step failure look like, with secrets scrubbed. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { run } from "../../src/program/call/ToolCall.js"
import type { Executed } from "../../src/domain/Executed.js"
import { InvalidInput, QaFailed, StaleRef } from "../../src/schema/ToolError.js"
import { Presenter } from "../../src/services/Presenter.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { call, contentText, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const SECRET = "pw-Presenter-77x"

/** A real Executed for `raw`, from the program over the fake. */
const executedOf = (raw: unknown) => run(raw, call)
const presentExecuted = (
  executed: Executed,
  extra:
    | { readonly error?: never }
    | { readonly error: InvalidInput | QaFailed | StaleRef | ReturnType<typeof classifyErrorText> } = {},
  secrets: ReadonlyArray<string> = []
) =>
  Effect.flatMap(Presenter, (presenter) =>
    presenter.present({
      plan: executed.plan,
      args: executed.plan.args,
      sessionMode: "auto",
      executed,
      secrets,
      owner: {},
      ...extra
    })
  )

/** A password fill with its guard and read-back (page/fillProbe.ts): the read answers the length only. */
const PASSWORD_FILL_ROWS = [
  { command: ["eval"], success: true, result: { result: true }, error: null },
  { command: ["fill"], success: true, result: { filled: true }, error: null },
  { command: ["eval"], success: true, result: { result: { password: true, length: SECRET.length } }, error: null }
]

describe("Presenter", () => {
  it.scoped("a success: text from the outcome, success category, command facts in details", () =>
    Effect.gen(function* () {
      const executed = yield* executedOf({ args: ["get", "title"] })
      const result = yield* presentExecuted(executed)
      expect(result.isError).toBe(false)
      expect(result.details).toMatchObject({
        resultCategory: "success",
        successCategory: "completed",
        command: "get",
        subcommand: "title",
        args: ["get", "title"]
      })
      expect(contentText(result.content)).toContain("Dashboard")
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ title: "Dashboard" }), repeat: true }]))
    )
  )

  it.scoped("a failure without a plan: the category of its error, the caller's args, no upstream facts", () =>
    Effect.gen(function* () {
      const presenter = yield* Presenter
      const result = yield* presenter.present({
        plan: undefined,
        args: ["click"],
        sessionMode: "auto",
        error: new InvalidInput({ field: "args", detail: "click needs a selector" }),
        secrets: [],
        owner: {}
      })
      expect(result.isError).toBe(true)
      expect(result.details).toMatchObject({
        resultCategory: "failure",
        failureCategory: "validation-error",
        args: ["click"],
        validationError: "click needs a selector"
      })
      expect(result.details.sessionName).toBeUndefined()
      expect(contentText(result.content)).toContain("click needs a selector")
    }).pipe(Effect.provide(fakeLayer(temp.root, [])))
  )

  it.scoped("a failed batch step keeps its own category, in batchSteps, batchFailure and the call", () =>
    Effect.gen(function* () {
      const ok = yield* executedOf({
        args: ["batch"],
        stdin: JSON.stringify([
          ["get", "title"],
          ["click", "#x"]
        ])
      })
      const stepError = classifyErrorText("Element not found: #x. Verify the selector", { stderr: "", exitCode: 1 })
      const executed: Executed = {
        ...ok,
        outcome: {
          kind: "batch",
          rows: [
            { command: ["get", "title"], success: true, result: { title: "T" } },
            { command: ["click", "#x"], success: false, error: stepError }
          ]
        }
      }
      const result = yield* presentExecuted(executed, { error: stepError })
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("selector-not-found")
      expect(result.details.batchFailure?.failedStep).toMatchObject({
        index: 1,
        command: ["click", "#x"],
        failureCategory: "selector-not-found"
      })
      expect(result.details.batchSteps?.map((s) => s.failureCategory ?? s.resultCategory)).toEqual([
        "success",
        "selector-not-found"
      ])
      // not all succeeded: the count in words, never the all-done check mark
      expect(contentText(result.content)).toMatch(/^1\/2 steps succeeded\n/m)
      expect(contentText(result.content)).not.toContain("✓ 2/2")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          {
            reply: {
              exitCode: 0,
              stdout: JSON.stringify([
                { command: ["get", "title"], success: true, result: { title: "T" }, error: null }
              ])
            },
            repeat: true
          }
        ])
      )
    )
  )

  it.scoped("a qa failure is qa-failure; the verdict is the executed one and the failed step keeps its category", () =>
    Effect.gen(function* () {
      const passed = yield* executedOf({
        qa: {
          url: "http://a.test/",
          expectedText: "Welcome",
          checkNetwork: false,
          checkConsole: false,
          checkErrors: false
        }
      })
      const waitError = classifyErrorText("Wait timed out after 5000ms", { stderr: "", exitCode: 1 })
      const check = "step 3 (wait --text Welcome --timeout 5000) failed: Wait timed out after 5000ms"
      const executed: Executed = {
        ...passed,
        qa: { passed: false, failedChecks: [check], warnings: [], summary: "QA failed: 1 check(s)" },
        outcome: {
          kind: "batch",
          rows: [
            { command: ["network", "requests", "--clear"], success: true, result: { cleared: true } },
            { command: ["open", "http://a.test/"], success: true, result: { url: "http://a.test/" } },
            { command: ["wait", "--load", "domcontentloaded"], success: true, result: { state: "domcontentloaded" } },
            { command: ["wait", "--text", "Welcome", "--timeout", "5000"], success: false, error: waitError }
          ]
        }
      }
      const result = yield* presentExecuted(executed, { error: new QaFailed({ failedChecks: [check] }) })
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("qa-failure")
      expect(result.details.qaPreset?.passed).toBe(false)
      expect(result.details.qaPreset?.failedChecks.join("\n")).toContain("Wait timed out")
      expect(result.details.batchSteps?.[3]).toMatchObject({ resultCategory: "failure", failureCategory: "timeout" })
      expect(contentText(result.content)).toContain("Welcome")
      // its steps as a model reads them: no buffer-clearing bookkeeping, no raw JSON of internal replies
      const text = contentText(result.content)
      expect(text).not.toContain("--clear")
      expect(text).not.toMatch(/→ \{|"cleared"|"state"/)
      expect(text).toContain("2. ✓ open http://a.test/ → ")
      expect(text).toMatch(/4\. ✗ wait --text Welcome --timeout 5000: .*Wait timed out/)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({}), repeat: true }])))
  )

  it.scoped("secrets given to present, or learned from an earlier call, appear nowhere in text or details", () =>
    Effect.gen(function* () {
      // presenting the fill teaches the Redactor the typed password; the next reply echoes it back
      const fill = yield* presentExecuted(yield* executedOf({ args: ["fill", "#password", SECRET] }))
      expect(fill.details.args).toEqual(["fill", "#password", "[REDACTED]"])
      const executed = yield* executedOf({ args: ["get", "text", "body"] })
      const echoed = yield* presentExecuted(executed)
      const error = yield* presentExecuted(
        executed,
        { error: classifyErrorText(`daemon said ${SECRET} and pw-extra-9 were wrong`, { stderr: "", exitCode: 1 }) },
        ["pw-extra-9"]
      )
      for (const result of [fill, echoed, error]) {
        const all = JSON.stringify(result)
        expect(all).not.toContain(SECRET)
        expect(all).not.toContain("pw-extra-9")
      }
      expect(contentText(echoed.content)).toContain("[REDACTED]")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: (r) => r.args.includes("fill"), reply: FakeAgentBrowser.ok({ filled: true }) },
          // a password fill is read back by its length only (page/fillReadback.ts): guard, fill, read
          { when: (r) => r.args.includes("batch"), reply: { exitCode: 0, stdout: JSON.stringify(PASSWORD_FILL_ROWS) } },
          { reply: FakeAgentBrowser.ok({ text: `Welcome back, your password is ${SECRET}` }), repeat: true }
        ])
      )
    )
  )
})
