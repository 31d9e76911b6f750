/**
 * The tool's own input commands (issue #42): how their argv is read (compilers/inputCommand.ts), how job steps compile
 * to them, which flags the flag check lets through, which drop files the upload path rules see, how their answers are
 * worded, and how a call runs or is refused over the fake upstream (no DevTools endpoint, held actions).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { INPUT_USAGE, type InputParse, inputCommandOf, withInputUsage } from "../../src/compilers/inputCommand.js"
import { compileJob } from "../../src/compilers/compileJob.js"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { formatInput } from "../../src/presenters/text/formatInput.js"
import { dropSeenOf, hitOf, hitTestExpression } from "../../src/page/inputReads.js"
import { uploadPaths } from "../../src/security/preflight.js"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { flagProblem } from "../../src/upstream/flagCheck.js"
import { call, fakeLayer, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** Any upstream request answered with an empty success. */
const ANY_OK = {
  reply: { exitCode: 0, stdout: `${JSON.stringify({ success: true, data: {}, error: null })}\n` },
  repeat: true
}

const click = (target: object, button: string, clickCount: number, modifiers: ReadonlyArray<string>): InputParse =>
  ({ command: { kind: "click", target, button, clickCount, modifiers } }) as InputParse

const problemOf = (argv: ReadonlyArray<string>) => {
  const read = inputCommandOf(argv)
  return read !== undefined && "problem" in read ? read.problem : undefined
}

describe("inputCommandOf", () => {
  it("reads clicks with keys, buttons and counts, at an element or a point", () => {
    expect(inputCommandOf(["click", "@e1", "--modifiers", "ctrl+Shift"])).toEqual(
      click({ kind: "element", selector: "@e1" }, "left", 1, ["Control", "Shift"])
    )
    expect(inputCommandOf(["dblclick", "#a", "--button=right", "--modifiers", "Meta,Alt"])).toEqual(
      click({ kind: "element", selector: "#a" }, "right", 2, ["Alt", "Meta"])
    )
    expect(inputCommandOf(["mouse", "dblclick", "10", "20.5"])).toEqual(
      click({ kind: "point", x: 10, y: 20.5 }, "left", 2, [])
    )
  })

  it("leaves upstream's own forms to upstream", () => {
    expect(inputCommandOf(["click", "@e1"])).toBeUndefined()
    expect(inputCommandOf(["click", "@e1", "--new-tab"])).toBeUndefined()
    expect(inputCommandOf(["dblclick", "@e1"])).toBeUndefined()
    expect(inputCommandOf(["mouse", "down", "right"])).toBeUndefined()
    expect(inputCommandOf(["storage", "local", "set", "k", "v"])).toBeUndefined()
  })

  it("reads drops and storage removals", () => {
    expect(inputCommandOf(["drop", "@e5", "--files", "a.txt, b.png", "--text", "hi"])).toEqual({
      command: { kind: "drop", selector: "@e5", files: ["a.txt", "b.png"], text: "hi" }
    })
    expect(inputCommandOf(["storage", "session", "remove", "token"])).toEqual({
      command: { kind: "storage-remove", area: "session", key: "token" }
    })
  })

  it("names the valid forms when the input is malformed", () => {
    expect(problemOf(["click", "@e1", "--modifiers", "Hyper"])).toContain('unknown modifier "Hyper"')
    expect(problemOf(["click", "@e1", "--button", "back"])).toContain("--button takes left, right or middle")
    expect(problemOf(["click", "@e1", "--new-tab", "--modifiers", "Shift"])).toContain("no other flag")
    expect(problemOf(["click", "--modifiers"])).toContain("--modifiers needs a value")
    expect(problemOf(["mouse", "click", "x", "1"])).toContain("mouse click <x> <y>")
    expect(problemOf(["drop", "@e1"])).toContain("needs something to drop")
    expect(problemOf(["storage", "cookies", "remove", "k"])).toContain("storage local remove <key>")
    expect(problemOf(["storage", "local", "remove"])).toContain("one key")
  })
})

describe("flag check and policy paths", () => {
  it("lets the tool's flags through and checks the tool's own command like upstream's", () => {
    expect(flagProblem(["click", "@e1", "--modifiers", "Control", "--button", "right"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["mouse", "click", "1", "2", "--modifiers", "Shift"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["drop", "@e1", "--files", "a"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["drop", "@e1", "--bogus"], COMMAND_FLAGS)?.message).toContain(
      "drop takes --files <paths>, --text <text>"
    )
  })

  it("hands a drop's files to the upload path rules, in args and in compiled job rows", () => {
    expect(uploadPaths([{ argv: ["drop", "@e1", "--files", "a.txt,../b.png"], authored: true }])).toEqual([
      "a.txt",
      "../b.png"
    ])
    expect(uploadPaths([{ argv: ["drop", "@e1", "--files=/etc/passwd"], authored: false }])).toEqual(["/etc/passwd"])
    expect(uploadPaths([{ argv: ["drop", "@e1", "--text", "x"], authored: true }])).toEqual([])
  })
})

describe("job steps", () => {
  it("compile rightclick, press as modifier keys and drop", () => {
    const job = compileJob(
      {
        steps: [
          { action: "click", selector: "@e1", press: "Control+Shift" },
          { action: "rightclick", selector: "#menu" },
          { action: "dblclick", selector: "#a" },
          { action: "drop", selector: "#zone", path: "a.txt,b.png", text: "hi" }
        ]
      },
      "/work"
    )
    expect(Either.map(job, (j) => j.rows)).toEqual(
      Either.right([
        ["click", "@e1", "--modifiers", "Control+Shift"],
        ["click", "#menu", "--button", "right"],
        ["dblclick", "#a"],
        ["drop", "#zone", "--files", "a.txt,b.png", "--text", "hi"]
      ])
    )
    expect(Either.isLeft(compileJob({ steps: [{ action: "drop", selector: "#zone" }] }, "/work"))).toBe(true)
    const located = compileJob({ steps: [{ action: "rightclick", locator: "text", value: "Menu" }] }, "/work")
    expect(Either.isLeft(located)).toBe(true)
  })
})

describe("texts", () => {
  it("say what was sent and what the page's drop event carried", () => {
    const at = { x: 10, y: 20 }
    const edit = { target: "@e3", described: 'button "Edit"' }
    expect(
      formatInput({ toolInput: "click", ...edit, ...at, button: "left", clickCount: 2, modifiers: [] })?.text
    ).toBe('Double-clicked @e3 (button "Edit") at (10, 20)')
    const keys = ["Control", "Shift"]
    expect(formatInput({ toolInput: "click", ...at, button: "right", clickCount: 1, modifiers: keys })?.text).toBe(
      "Clicked at (10, 20) with Control+Shift (right button)"
    )
    const files = [
      { name: "a.txt", size: 3, type: "text/plain" },
      { name: "b", size: 0, type: "" }
    ]
    expect(formatInput({ toolInput: "drop", target: "@e5", files, pageSaw: true })?.text).toBe(
      "Dropped 2 files on @e5; the page's drop event carried: a.txt (3 bytes, text/plain), b (0 bytes)"
    )
    expect(formatInput({ toolInput: "storage-remove", area: "session", key: "k", removed: false })?.text).toBe(
      'sessionStorage had no key "k"; nothing was removed.'
    )
    expect(formatInput({ clicked: "@e1" })).toBeUndefined()
  })

  it("add the tool's forms to upstream's help; drop's help is the tool's alone", () => {
    const usage = INPUT_USAGE["click"]
    const added = `Added by the agent_browser tool:\n  ${usage?.form ?? ""}: ${usage?.does ?? ""}`
    expect(withInputUsage("click", "agent-browser click - Click an element\n")).toBe(
      `agent-browser click - Click an element\n\n${added}`
    )
    expect(withInputUsage("drop", "agent-browser - overview")).not.toContain("overview")
    expect(withInputUsage("fill", "x")).toBeUndefined()
  })
})

describe("calls over the fake upstream", () => {
  const answer = JSON.stringify({ had: true, left: false })
  const removed = JSON.stringify({ success: true, data: { result: answer }, error: null })

  it.effect("storage remove runs one eval that removes the key and words the answer", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["storage", "local", "remove", 'to"ken'] }, call)
      expect(resultText(result)).toBe('Removed "to\\"ken" from localStorage.')
      const requests = yield* (yield* FakeAgentBrowser).requests
      const evals = requests.filter((r) => r.args.includes("eval"))
      expect(evals).toHaveLength(1)
      expect(evals[0]?.args.at(-1)).toContain('const k = "to\\"ken"; const had = s.getItem(k) !== null;')
      expect(evals[0]?.args.at(-1)).toContain("s.removeItem(k)")
      expect(requests.some((r) => r.args.includes("remove"))).toBe(false)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { when: (r) => r.args.includes("eval"), reply: { exitCode: 0, stdout: `${removed}\n` } },
          ANY_OK
        ])
      )
    )
  )

  it.effect("a click with modifiers and no DevTools endpoint is refused, naming the plain click", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["click", "#go", "--modifiers", "Shift"] }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      expect(resultText(result)).toContain("no DevTools endpoint")
      expect(resultText(result)).toContain("Instead: click #go (no modifiers, left button).")
      const requests = yield* (yield* FakeAgentBrowser).requests
      expect(requests.some((r) => r.args.includes("click") || (r.stdin ?? "").includes("click"))).toBe(false)
    }).pipe(Effect.provide(fakeLayer(temp.root, [ANY_OK])))
  )

  it.effect("under held actions (--confirm-actions) the tool sends no input of its own", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["--confirm-actions", "click", "mouse", "click", "5", "5"] }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      expect(resultText(result)).toContain("while upstream holds actions for approval")
      expect(resultText(result)).toContain("Instead: mouse move <x> <y>, then mouse down")
    }).pipe(Effect.provide(fakeLayer(temp.root, [ANY_OK])))
  )
})

describe("page reads", () => {
  it("read the hit test and the drop recorder's answers, and nothing else", () => {
    expect(hitOf(JSON.stringify({ reached: false, hit: "h1" }))).toEqual({ reached: false, hit: "h1" })
    expect(hitOf("not json")).toBeUndefined()
    expect(hitOf(undefined)).toBeUndefined()
    const files = [{ name: "a", size: 2, type: "" }]
    const seen = { installed: true, drop: 1, accepted: true, target: "div#z", files, textLength: 3 }
    expect(dropSeenOf(JSON.stringify(seen))).toEqual(seen)
    expect(dropSeenOf(JSON.stringify({ installed: false }))).toBeUndefined()
    expect(hitTestExpression({ x: 1, y: 2, width: 3, height: 4 }, { x: 2, y: 4 })).toContain(
      "document.elementFromPoint(2, 4)"
    )
  })
})
