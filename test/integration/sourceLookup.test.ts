/**
 * sourceLookup against a real React 19 app (bundled at test time, source attributes on its elements) in the real
 * browser with upstream's React DevTools hook: each candidate source (dom-attribute, react-inspect,
 * workspace-search) and each status (candidates-found, no-candidates, unsupported).
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { reactAppWorld } from "../support/reactAppWorld.js"
import { SOURCE_ATTRS } from "../../src/domain/Lookup.js"

const live = reactAppWorld("pi-lookups", ["--enable", "react-devtools"])

type Report = {
  status: string
  candidates: ReadonlyArray<Record<string, unknown>>
  limitations: ReadonlyArray<string>
  summary: string
  workspaceRoot?: string
}
const reportOf = (result: { details: { sourceLookup?: unknown } }) => result.details.sourceLookup as Report

const fiberOf = async (name: string): Promise<string> => {
  const tree = String(
    (((await live.tool.call({ args: ["react", "tree"] })).details.data ?? {}) as { tree?: unknown }).tree
  )
  const row = tree.split("\n").find((line) => line.trim().split(/\s+/)[3] === name)
  if (row === undefined) throw new Error(`no ${name} in the React tree:\n${tree}`)
  return row.trim().split(/\s+/)[1]!
}

describe("sourceLookup on a live React app", () => {
  it("selector: the element's own source attributes lead (get attr; get html is its inner HTML only), then those inside it; the summary leads the text", async () => {
    const result = await live.tool.call({ sourceLookup: { selector: "#toolbar" } })
    expect(result.isError).toBe(false)
    const report = reportOf(result)
    expect(report.status).toBe("candidates-found")
    expect(report.candidates[0]).toMatchObject({
      source: "dom-attribute",
      confidence: "high",
      file: "src/components/Toolbar.tsx",
      line: 5
    })
    expect(report.candidates[0]?.["evidence"]).toEqual([
      expect.stringMatching(
        /^get attr on #toolbar: data-source-file="src\/components\/Toolbar\.tsx" data-source-line="5"$/
      )
    ])
    expect(report.candidates).toContainEqual(
      expect.objectContaining({
        source: "dom-attribute",
        confidence: "high",
        file: "src/components/SaveButton.tsx",
        line: 3
      })
    )
    expect(textOf(result)).toMatch(
      /^Source lookup: \d candidate\(s\); best src\/components\/Toolbar\.tsx:5 \(dom-attribute, high\)/
    )
    const steps = [
      ["is", "visible", "#toolbar"],
      ...SOURCE_ATTRS.map((name) => ["get", "attr", "#toolbar", name]),
      ["get", "html", "#toolbar"]
    ]
    expect(result.details.compiledSourceLookup).toEqual({
      args: ["batch"],
      stdin: JSON.stringify(steps),
      steps,
      query: { selector: "#toolbar" }
    })
  })

  it("a leaf element: its own attributes alone are found (no inner HTML to read)", async () => {
    const report = reportOf(await live.tool.call({ sourceLookup: { selector: "#plain-label" } }))
    expect(report.status).toBe("candidates-found")
    expect(report.candidates).toEqual([
      expect.objectContaining({
        source: "dom-attribute",
        confidence: "high",
        file: "src/components/Toolbar.tsx",
        line: 7
      })
    ])
  })

  it("selector without source hints on it or in its HTML: no-candidates, still a success", async () => {
    const result = await live.tool.call({ sourceLookup: { selector: "title" } })
    expect(result.isError).toBe(false)
    expect(reportOf(result)).toMatchObject({ status: "no-candidates", candidates: [] })
    expect(reportOf(result).limitations.join(" ")).toContain("No source-like attributes")
  })

  it("reactFiberId: React props with source attributes (high) and a component's bundle location (low)", async () => {
    const button = reportOf(await live.tool.call({ sourceLookup: { reactFiberId: await fiberOf("button") } }))
    expect(button.candidates[0]).toMatchObject({
      source: "react-inspect",
      confidence: "high",
      file: "src/components/SaveButton.tsx",
      line: 3,
      componentName: "button"
    })
    const toolbar = reportOf(await live.tool.call({ sourceLookup: { reactFiberId: await fiberOf("Toolbar") } }))
    expect(toolbar.status).toBe("candidates-found")
    expect(toolbar.candidates[0]).toMatchObject({
      source: "react-inspect",
      confidence: "low",
      componentName: "Toolbar"
    })
    expect(String(toolbar.candidates[0]?.["file"])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\.js$/)
  })

  it("componentName: workspace declaration confirmed by the React tree; skipped folders never read", async () => {
    const result = await live.tool.call({ sourceLookup: { componentName: "SaveButton" } })
    const report = reportOf(result)
    expect(report.status).toBe("candidates-found")
    expect(report.candidates).toEqual([
      expect.objectContaining({
        source: "workspace-search",
        confidence: "high",
        file: "src/components/SaveButton.tsx",
        line: 1,
        componentName: "SaveButton"
      })
    ])
    expect(report.candidates[0]?.["evidence"]).toEqual([
      "declares SaveButton",
      expect.stringMatching(/^react tree: SaveButton is rendered \(fiber #\d+\)$/)
    ])
    expect(report.workspaceRoot).toBe(live.app.workspace)
  })

  it("on a page without a React renderer: unsupported when nothing else is found, candidates-found (medium) from the workspace", async () => {
    const other = live.tool
    expect((await other.call({ args: ["open", `${live.app.origin}/api/items`] })).isError).toBe(false)
    const inspect = await other.call({ sourceLookup: { reactFiberId: "3" } })
    expect(inspect.isError).toBe(false)
    expect(reportOf(inspect).status).toBe("unsupported")
    expect(reportOf(inspect).limitations[0]).toMatch(
      /^react inspect failed: .*No React renderer attached.*--enable react-devtools/
    )
    expect(inspect.details.batchSteps?.[0]).toMatchObject({ resultCategory: "failure" })
    const unknown = await other.call({ sourceLookup: { componentName: "NoSuchWidget" } })
    expect(reportOf(unknown).status).toBe("unsupported")
    const declared = reportOf(
      await other.call({ sourceLookup: { componentName: "SaveButton", maxWorkspaceFiles: 50 } })
    )
    expect(declared.status).toBe("candidates-found")
    expect(declared.candidates[0]).toMatchObject({
      source: "workspace-search",
      confidence: "medium",
      file: "src/components/SaveButton.tsx"
    })
  })

  it("a selector that matches nothing is a normal tool failure", async () => {
    const result = await live.tool.call({ sourceLookup: { selector: "#nope" } })
    expect(result.isError).toBe(true)
    expect(result.details.batchFailure?.failedStep.command).toEqual(["is", "visible", "#nope"])
  })
})
