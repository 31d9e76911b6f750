/**
 * docs/TOOL_CONTRACT.md states the input modes and the watchdogs the code has: each value is read from the code's own
 * constant and must appear in the sentence that states it, so changing a mode or a watchdog without the doc fails.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ASSERT_TIMEOUT_MS } from "../../src/compilers/compileJob.js"
import { QA_ASSERT_TIMEOUT_MS } from "../../src/compilers/compileQa.js"
import { KILL_GRACE_MS } from "../../src/layers/ProcessRunnerLive.js"
import { DEFAULT_TIMEOUT_MS, UPSTREAM_DEFAULT_TIMEOUT_CAP_MS } from "../../src/layers/ToolConfigLive.js"
import { QUICK_CHECK_TIMEOUT_MS } from "../../src/presenters/actions/nextActions.js"
import { INPUT_MODES, MAX_TIMEOUT_MS, ToolInput } from "../../src/schema/ToolInput.js"
import { DEFAULT_DIALOG_TIMEOUT_MS, DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS } from "../../src/upstream/timeoutPolicy.js"

/** The doc as one line: sentences wrap at 120 columns, so line breaks are spaces here. */
const doc = readFileSync(new URL("../../docs/TOOL_CONTRACT.md", import.meta.url), "utf8").replace(/\s+/g, " ")
const seconds = (ms: number): string => `${ms / 1000} s`
/** The fields that modify a mode rather than being one. */
const MODIFIERS = ["stdin", "sessionMode", "outputPath", "timeoutMs"]

/** The backticked names in the first match of `sentence` (its group 1). */
const namesIn = (sentence: RegExp): Array<string> => {
  const match = sentence.exec(doc)
  expect(match, `sentence ${sentence} not found in docs/TOOL_CONTRACT.md`).not.toBeNull()
  return [...(match?.[1] ?? "").matchAll(/`(\w+)`/g)].map((m) => m[1] ?? "")
}

describe("docs/TOOL_CONTRACT.md says what the code does", () => {
  it("the input modes are the schema's fields other than the modifiers", () => {
    const fields = Object.keys(ToolInput.fields)
    expect([...INPUT_MODES].sort()).toEqual(fields.filter((f) => !MODIFIERS.includes(f)).sort())
  })

  it("the intro and the one-mode rule name every mode the schema accepts, and no other", () => {
    expect(namesIn(/Input modes (.*?) are all implemented/).sort()).toEqual([...INPUT_MODES].sort())
    expect(namesIn(/Exactly one of (.*?) per call/).sort()).toEqual([...INPUT_MODES].sort())
    expect(/rejected by the schema/.test(doc), "a mode said to be rejected").toBe(false)
    for (const mode of INPUT_MODES) expect(doc.includes(`| \`${mode}\` |`), `no Input row for ${mode}`).toBe(true)
  })

  it("each watchdog the doc states is the code's value", () => {
    const stated: ReadonlyArray<readonly [string, string]> = [
      [`\`dialog\` commands get a ${seconds(DEFAULT_DIALOG_TIMEOUT_MS)} watchdog`, "DEFAULT_DIALOG_TIMEOUT_MS"],
      [`an eval that calls one) ${seconds(DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS)}`, "DEFAULT_DIALOG_TRIGGER_TIMEOUT_MS"],
      [`Watchdog (default ${DEFAULT_TIMEOUT_MS})`, "DEFAULT_TIMEOUT_MS"],
      [`timeoutMs: Watchdog ms (default ${DEFAULT_TIMEOUT_MS})`, "DEFAULT_TIMEOUT_MS (playbook)"],
      [`integer 1000–${MAX_TIMEOUT_MS}`, "MAX_TIMEOUT_MS"],
      [`then SIGKILL after ${seconds(KILL_GRACE_MS)}`, "KILL_GRACE_MS"],
      [`assertions wait at most ${seconds(ASSERT_TIMEOUT_MS)}`, "ASSERT_TIMEOUT_MS"],
      [`asserts text/selector (${seconds(QA_ASSERT_TIMEOUT_MS)};`, "QA_ASSERT_TIMEOUT_MS"],
      [`(not visible within ${QA_ASSERT_TIMEOUT_MS} ms)`, "QA_ASSERT_TIMEOUT_MS (text)"],
      [
        `above ${seconds(UPSTREAM_DEFAULT_TIMEOUT_CAP_MS)} is clamped to ${seconds(UPSTREAM_DEFAULT_TIMEOUT_CAP_MS)}`,
        "UPSTREAM_DEFAULT_TIMEOUT_CAP_MS"
      ],
      [`\`get url\` with a ${seconds(QUICK_CHECK_TIMEOUT_MS)} timeout`, "QUICK_CHECK_TIMEOUT_MS"]
    ]
    for (const [sentence, constant] of stated) expect(doc.includes(sentence), `${constant}: "${sentence}"`).toBe(true)
  })
})
