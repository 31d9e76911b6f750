/** The watchdog a call gets: asked waits covered, dialog budgets, the contract's environment variables. */
import { describe, expect, it } from "vitest"
import { configFromEnv } from "../../src/layers/ToolConfigLive.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { isDialogLike, requestedWaitMs, watchdogFor } from "../../src/upstream/timeoutPolicy.js"

const budgets = { processMs: 35_000, dialogMs: 5_000, dialogTriggerMs: 8_000 }
const watchdog = (argv: Array<string>, stdin?: string) => watchdogFor(argv, parseCommandLine(argv), stdin, budgets)

describe("timeout policy", () => {
  it("covers the waits asked for", () => {
    expect(requestedWaitMs(["wait", "40000"])).toBe(40_000)
    expect(watchdog(["wait", "40000"])).toBe(45_000)
    expect(watchdog(["wait", "--text", "Done", "--timeout", "60000"])).toBe(65_000)
    expect(watchdog(["wait", "1000"])).toBe(35_000)
    expect(
      watchdog(
        ["batch", "--bail"],
        JSON.stringify([
          ["open", "x"],
          ["wait", "30000"],
          ["wait", "20000"]
        ])
      )
    ).toBe(55_000)
  })

  it("dialog commands and dialog triggers get short budgets", () => {
    expect(watchdog(["dialog", "accept"])).toBe(5_000)
    expect(watchdog(["eval", "--stdin"], "alert('hi')")).toBe(8_000)
    expect(watchdog(["click", "#confirm-delete"])).toBe(8_000)
    expect(isDialogLike(parseCommandLine(["click", "@e3"]), undefined)).toBe(false)
    expect(watchdog(["get", "url"])).toBe(35_000)
  })

  it("honours the contract's timeout variables", () => {
    const config = configFromEnv({
      PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS: "12000",
      PI_AGENT_BROWSER_DIALOG_PROCESS_TIMEOUT_MS: "2000",
      PI_AGENT_BROWSER_DIALOG_TRIGGER_PROCESS_TIMEOUT_MS: "3000",
      PI_AGENT_BROWSER_IMPLICIT_SESSION_CLOSE_TIMEOUT_MS: "4000",
      HOME: "/nonexistent-home"
    })
    expect([
      config.defaultTimeoutMs,
      config.dialogTimeoutMs,
      config.dialogTriggerTimeoutMs,
      config.closeTimeoutMs
    ]).toEqual([12_000, 2_000, 3_000, 4_000])
  })
})
