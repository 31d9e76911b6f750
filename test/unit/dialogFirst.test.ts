/**
 * A result that leaves a JavaScript confirm or prompt open offers first what makes progress (`dialog dismiss`, then
 * `dialog accept`) and no follow-up the dialog blocks (a snapshot, a read): a click, typing and a key press through the
 * tool over FakeAgentBrowser, each first action then run through the tool; and the rule itself. A key press whose key
 * opened the dialog says its key was sent (upstream's key fails after about 30 s beside its warning). Real-browser
 * counterparts: test/integration/saidEffects.test.ts ("answering it first", "offers to answer it first").
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { dialogFirst } from "../../src/presenters/actions/pageChange.js"
import { nextActions } from "../../src/presenters/actions/nextActions.js"
import { pressedRowOf } from "../../src/page/typeReadback.js"
import { UpstreamFailed } from "../../src/schema/ToolError.js"
import { contentText, fakeLayer, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

const WARNING =
  'A JavaScript confirm dialog is blocking the page: "Sure?" — use `dialog accept` or `dialog dismiss` to resolve it'
const REFUSED =
  'A JavaScript confirm dialog is blocking the page: "Sure?". Resolve it with `dialog accept` or `dialog dismiss`, ' +
  "then retry `evaluate`."

/**
 * upstream 0.41 around a confirm: a click that opens it succeeds beside the warning; a key whose keydown opens it
 * (`press y`) waits until DevTools gives up and fails beside it; every row after it is refused. `dialog dismiss`
 * closes it (kept in `answered`).
 */
const confirmFake = (answered: Array<ReadonlyArray<string>>) =>
  fakeLayer(temp.root, [
    {
      when: (r) => r.args.includes("dialog"),
      reply: (r) => {
        answered.push(r.args)
        return FakeAgentBrowser.ok({ accepted: false, handled: true })
      },
      repeat: true
    },
    {
      // a click in a session whose page is not known yet runs alone (program/page/clickCommand.ts)
      when: (r) => r.args.includes("click") && !r.args.includes("batch"),
      reply: {
        exitCode: 0,
        stdout: `${JSON.stringify({ success: true, data: { clicked: "#del" }, warning: WARNING })}\n`
      },
      repeat: true
    },
    {
      when: (r) => r.args.includes("batch"),
      reply: (r) => {
        let open = false
        const rows = stepsOf(r).map((command) => {
          if (open) return { command, success: false, result: null, error: REFUSED }
          if (command[0] === "click") {
            open = true
            return { command, success: true, error: null, result: { clicked: command[1] }, warning: WARNING }
          }
          if (command[0] === "press" && command[1] === "y") {
            open = true
            const error = "CDP command timed out: Input.dispatchKeyEvent"
            return { command, success: false, result: null, error, warning: WARNING }
          }
          return { command, success: true, error: null, result: command[0] === "eval" ? { result: true } : {} }
        })
        return { exitCode: open ? 1 : 0, stdout: `${JSON.stringify(rows)}\n` }
      },
      repeat: true
    },
    { reply: FakeAgentBrowser.ok({}), repeat: true }
  ])

/** The call's first next action, run through the tool: it answers the dialog (the fake saw `dialog dismiss`). */
const firstActionAnswers = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const answered: Array<ReadonlyArray<string>> = []
    const layer = confirmFake(answered)
    const result = yield* runToResult({ args: [...args] }, here).pipe(Effect.provide(layer))
    const actions = result.details.nextActions ?? []
    expect(actions.map((a) => a.id)).toEqual(["dismiss-dialog", "accept-dialog"])
    const first = actions[0]?.params?.args ?? []
    const next = yield* runToResult({ args: [...first] }, here).pipe(Effect.provide(layer))
    expect(next.isError, contentText(next.content)).toBe(false)
    expect(answered.map((a) => a.slice(-2))).toEqual([["dialog", "dismiss"]])
    return result
  })

describe("a dialog left open: answering it comes first (#45)", () => {
  it("the rule: the answers first, then only other dialog calls and saved files (no snapshot, read or retry)", () => {
    const snapshot = nextActions.inspectAfterMutation("s")
    const file = nextActions.useSavedArtifact("/tmp/a.png")
    const actions = dialogFirst("s", [snapshot, nextActions.checkPageState("s"), file])
    expect(actions.map((a) => a.id)).toEqual(["dismiss-dialog", "accept-dialog", file.id])
    expect(actions[0]?.params?.args).toEqual(["--session", "s", "dialog", "dismiss"])
  })

  it.scoped("a click that opened a confirm: dismiss first, no snapshot; run, it answers the dialog", () =>
    Effect.gen(function* () {
      const clicked = yield* firstActionAnswers(["click", "#del"])
      expect(contentText(clicked.content)).toContain(`Warning: ${WARNING}`)
      expect(clicked.details.pageChangeSummary).toMatchObject({ nextActionIds: ["dismiss-dialog", "accept-dialog"] })
    })
  )

  it.scoped("typing whose key opened a confirm: dismiss first, no snapshot; run, it answers the dialog", () =>
    Effect.gen(function* () {
      const typed = yield* firstActionAnswers(["type", "#c", "xyz"])
      expect(contentText(typed.content)).toContain(
        'Typed 1 of 3 keys into #c (keydown, input, keyup each); the keydown of "y"'
      )
    })
  )

  it.scoped("a key press whose key opened a confirm says its key was sent and the dialog, not a failure", () =>
    Effect.gen(function* () {
      const pressed = yield* firstActionAnswers(["press", "y"])
      expect(pressed.isError).toBe(false)
      expect(contentText(pressed.content)).toBe(`Pressed y; the key opened the dialog below.\nWarning: ${WARNING}`)
    })
  )

  it("a press that failed beside the warning is the key that opened the dialog only when the row before it ran", () => {
    const error = new UpstreamFailed({ upstreamMessage: REFUSED, stderr: "", exitCode: 1 })
    const press = { command: ["press", "y"], success: false as const, error, warning: WARNING }
    const ran = { command: ["eval", "1"], success: true as const, result: { result: true } }
    expect(pressedRowOf(press, ran)).toEqual({
      command: ["press", "y"],
      success: true,
      result: { pressed: "y", dialogAt: "y" },
      warning: WARNING
    })
    // a dialog already open refused the row before too: the press did not open it
    expect(pressedRowOf(press, { command: ["eval", "1"], success: false, error, warning: WARNING })).toBe(press)
  })
})
