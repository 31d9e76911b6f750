/**
 * Upstream's "Stale ref for role=… name=…" (a ref whose element it cannot find again, several sharing its role and
 * name): the ref is the command's own, the sentence is whole, and with a reachable twin the first next action is
 * the same command on the twin (not a snapshot that lists the same pair again).
 */
import { describe, expect, it } from "vitest"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { StaleRef } from "../../src/schema/ToolError.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"

const UPSTREAM =
  "Stale ref for role=option name=France cannot be recovered: the snapshot had several matching elements. Run snapshot again and use a fresh ref."

describe("stale ref for a duplicate", () => {
  it("is classified with the command's ref, not the word after 'Stale ref'", () => {
    const error = classifyErrorText(UPSTREAM, { stderr: "", exitCode: 1, argv: ["click", "@e9"] })
    expect(error).toMatchObject({ _tag: "StaleRef", ref: "e9", source: "upstream" })
    expect(classifyErrorText("Unknown ref: e2", { stderr: "", exitCode: 1 })).toMatchObject({
      _tag: "StaleRef",
      ref: "e2"
    })
  })

  it("says the ref and, with a twin, offers the twin first", () => {
    const plain = formatFailure(
      undefined,
      new StaleRef({ ref: "e9", reason: "upstream", upstreamMessage: "it is gone." })
    )
    expect(plain.text).toMatch(/^Ref @e9 is stale: it is gone\. Refs change/)
    const twin = new StaleRef({
      ref: "e9",
      reason: "upstream",
      upstreamMessage: "several elements share its role and name",
      twin: { ref: "e19", role: "option", name: "France" }
    })
    const shown = formatFailure(undefined, twin)
    expect(shown.text).toContain("@e19 has the same role and name and a pointer can reach it: use @e19.")
    expect(shown.nextActions[0]?.params?.args).toEqual(["click", "@e19"])
    expect(shown.nextActions[1]?.id).toBe("refresh-interactive-refs")
  })
})
