import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { blockingDialogOf, waitsOutDialogs } from "../../src/program/lifecycle/blockingDialog.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { failureText } from "../../src/upstream/classifyReply.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"

const WARNING =
  'A JavaScript confirm dialog is blocking the page: "Discard?" — use `dialog accept` or `dialog dismiss` to resolve it'

describe("a dialog left blocking the page", () => {
  it("a failure that carries the dialog only in its warning is said as the dialog (upstream's get title waits it out)", () => {
    const text = failureText("CDP command timed out: Runtime.evaluate", WARNING)
    expect(text).toContain('A JavaScript confirm dialog is blocking the page: "Discard?"')
    expect(text).toContain("(upstream: CDP command timed out: Runtime.evaluate)")
    // a refusal that names the dialog itself, or a warning about something else, is left as upstream said it
    const refusal = 'A JavaScript confirm dialog is blocking the page: "Discard?". Resolve it with …'
    expect(failureText(refusal, WARNING)).toBe(refusal)
    expect(failureText("Element not found", "Navigation took 3 s")).toBe("Element not found")
    expect(failureText("Element not found", undefined)).toBe("Element not found")
  })

  it("is remembered from a single command's warning or refusal, and forgotten by a reply that names none", () => {
    const warned = Either.right({ kind: "single" as const, data: { clicked: "#b" }, warning: WARNING })
    expect(blockingDialogOf(warned)).toBe(WARNING)
    const refused = Either.left(
      classifyErrorText('A JavaScript prompt dialog is blocking the page: "Name?". Resolve …', {
        stderr: "",
        exitCode: 1,
        argv: ["get", "title"]
      })
    )
    expect(blockingDialogOf(refused)).toContain("prompt dialog")
    expect(blockingDialogOf(Either.right({ kind: "single" as const, data: {}, warning: undefined }))).toBeUndefined()
    expect(
      blockingDialogOf(Either.left(classifyErrorText("Navigation failed", { stderr: "", exitCode: 1, argv: ["open"] })))
    ).toBeUndefined()
  })

  it("only the commands upstream lets wait out a dialog are checked first (the others it refuses at once)", () => {
    const waits = (argv: ReadonlyArray<string>) => waitsOutDialogs(parseCommandLine(argv))
    expect([waits(["get", "title"]), waits(["get", "url"]), waits(["screenshot", "a.png"])]).toEqual([true, true, true])
    expect([waits(["get", "text", "#b"]), waits(["snapshot", "-i"]), waits(["dialog", "dismiss"])]).toEqual([
      false,
      false,
      false
    ])
  })
})
