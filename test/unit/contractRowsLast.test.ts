/**
 * The last clauses of the contract's gap list (issue #28): D16 (the failure classifier's order), E3 (Electron
 * `targetType`), R4 (overlay blockers after a same-URL click), L17 (focus restored after a command). Real-binary
 * counterparts: test/integration/contractRowsLast.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { classifyErrorText } from "../../src/upstream/classifyReply.js"
import { categoryOf as categoryOfError } from "../../src/schema/ToolError.js"

const categoryOf = (message: string, argv: ReadonlyArray<string>, code?: string) => {
  const error = classifyErrorText(message, { stderr: "", exitCode: 1, argv, ...(code !== undefined ? { code } : {}) })
  return { category: categoryOfError(error), launch: error._tag === "UpstreamFailed" ? error.launch?.reason : undefined }
}

describe("D16: one ordered chain, first match wins (timeout, policy, stale ref, selector, download, upstream)", () => {
  it("a message that matches two classes takes the earlier one in the contract's order", () => {
    // first match wins: a timeout before a policy or a ref, a policy block before a ref or a selector
    expect(categoryOf("Wait timed out after 1000ms (Unknown ref: e3)", ["wait", "@e3"]).category).toBe("timeout")
    expect(categoryOf("Navigation to http://x.test/ is not in the allowed domains list; Unknown ref: e3", ["click", "@e3"]).category).toBe("policy-blocked")
    expect(categoryOf("denied by policy: Element not found: #go. Verify the selector, role, or name is correct.", ["click", "#go"]).category).toBe("policy-blocked")
    expect(categoryOf("Unknown ref: e3", ["download", "@e3", "/tmp/a.bin"]).category).toBe("stale-ref")
    expect(categoryOf("Element not found: #dl. Verify the selector, role, or name is correct and the element exists in the DOM.", ["download", "#dl", "/tmp/a.bin"]).category).toBe("selector-not-found")
    expect(categoryOf("Failed to read: Resource temporarily unavailable (os error 11)", ["click", "#go"], "outcome_unknown").category).toBe("timeout")
  })

  it("two documented exceptions: a launch failure first, and a download that timed out is download-not-verified (CF5)", () => {
    // a launch failure can quote a timeout; it is a browser that could not be reached (doctor, not a retry)
    expect(categoryOf("All CDP discovery methods failed for 127.0.0.1:9399: /json/version: Operation timed out", ["snapshot", "-i"]))
      .toEqual({ category: "upstream-error", launch: "cdp-unreachable" })
    const timedOut = "Operation timed out. The page may still be loading or the element may not exist."
    expect(categoryOf(timedOut, ["wait", "--download", "/tmp/a.bin"]).category).toBe("download-not-verified")
    expect(categoryOf(timedOut, ["wait", "#late"]).category).toBe("timeout")
  })

  it("no tab-drift or cleanup text class: 0.41.2's replaced tab (page_wedged) stays upstream-error", () => {
    expect(categoryOf("page_wedged: the active tab (about:blank) stopped responding and was replaced by a blank tab; navigate again to continue", ["get", "title"], "page_wedged").category)
      .toBe("upstream-error")
  })
})
