/** A query as a one-step batch (so a process started ahead can run it), answered back as the query's own envelope. */
import { describe, expect, it } from "vitest"
import { parseEnvelope } from "../../src/upstream/wire.js"
import { envelopeOfOneStep, oneStepBatchOf } from "../../src/upstream/oneStepBatch.js"

describe("oneStepBatch", () => {
  it("queries and page actions become their global flags, then the batch, and the step; anything else stays as it is", () => {
    expect(oneStepBatchOf(["--json", "--session", "s", "get", "text", "#a b"])).toEqual({
      args: ["--json", "--session", "s", "batch", "--omit-command", "--bail"],
      step: ["get", "text", "#a b"]
    })
    expect(oneStepBatchOf(["is", "visible", "#x", "--json", "--session=s"])).toEqual({
      args: ["--json", "--session=s", "batch", "--omit-command", "--bail"],
      step: ["is", "visible", "#x"]
    })
    expect(oneStepBatchOf(["--json", "--session", "s", "press", "Enter"])?.step).toEqual(["press", "Enter"])
    expect(oneStepBatchOf(["--json", "--session", "s", "wait", "--load", "load"])?.step).toEqual([
      "wait",
      "--load",
      "load"
    ])
    // a click runs with its own reads (clickCommand.ts); a download, screenshot, upload or eval names a file or reads
    // stdin
    for (const other of [
      ["--json", "click", "#a"],
      ["--json", "snapshot"],
      ["--json", "batch"],
      ["--json"],
      ["--json", "wait", "--download", "/tmp/f"],
      ["--json", "wait", "--download=/tmp/f"],
      ["--json", "screenshot", "/tmp/a.png"],
      ["--json", "upload", "#f", "/tmp/a"],
      ["--json", "eval", "--stdin"],
      ["--json", "tab", "new"],
      ["--json", "dialog", "accept"]
    ])
      expect(oneStepBatchOf(other)).toBeUndefined()
  })

  it("the step's row reads as the command's envelope: data, error, code, warning; an unsafe integer as the reader makes it", () => {
    const ok = envelopeOfOneStep(
      `[{"index":0,"success":true,"result":{"url":"http://a.test/","lifecycle":{"launchHash":11677035664275010974}},"error":null,"warning":"a dialog is open"}]`
    )
    expect(parseEnvelope(ok)).toEqual(
      parseEnvelope(
        `{"success":true,"data":{"url":"http://a.test/","lifecycle":{"launchHash":11677035664275010974}},"error":null,"warning":"a dialog is open"}`
      )
    )
    const failed = envelopeOfOneStep(
      `[{"index":0,"success":false,"error":"Element not found: #x. Verify the selector","code":"outcome_unknown"}]`
    )
    expect(JSON.parse(failed)).toEqual({
      success: false,
      data: null,
      error: "Element not found: #x. Verify the selector",
      code: "outcome_unknown"
    })
  })

  it("an answer outside rows (a browser that could not start) is the command's answer as it is", () => {
    const launch = `{"success":false,"data":null,"error":"Chrome exited early"}\n`
    expect(envelopeOfOneStep(launch)).toBe(launch)
    expect(envelopeOfOneStep("not json")).toBe("not json")
  })
})
