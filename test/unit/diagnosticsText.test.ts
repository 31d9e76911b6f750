/** Diagnostic families as the model reads them: a full console buffer says that older messages were dropped. */
import { describe, expect, it } from "@effect/vitest"
import { formatDiagnostics } from "../../src/presenters/text/formatDiagnostics.js"
import { CONSOLE_BUFFER_LIMIT } from "../../src/presenters/text/logDiagnostics.js"

const messages = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: i % 10 === 0 ? "error" : "log", text: `line ${i}` }))

describe("console diagnostics", () => {
  it("a buffer below the limit is shown as it is", () => {
    const shown = formatDiagnostics("console", undefined, { messages: messages(12) })
    expect(shown?.summary).toBe("12 console messages (session aggregate since the last --clear; 2 errors, 0 warnings)")
    expect(shown?.text).not.toContain("dropped")
  })

  it("a full buffer says older messages were dropped and how to start clean", () => {
    const shown = formatDiagnostics("console", undefined, { messages: messages(CONSOLE_BUFFER_LIMIT) })
    expect(shown?.summary).toMatch(
      /^1000 console messages \(session aggregate since the last --clear; 100 errors, 0 warnings\); the buffer is full, so older messages were dropped/
    )
    expect(shown?.text).toContain("console --clear")
    // the newest lines are the ones shown: the end of the log is what a repro just printed
    expect(shown?.text).toContain("line 999")
    expect(shown?.text).toContain("960 older (see the full output)")
    expect(shown?.text).not.toContain("line 0\n")
  })
})
