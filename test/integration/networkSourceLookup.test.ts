/**
 * networkSourceLookup and the `network requests` follow-ups against the live React app: its failing report request
 * (500, a secret in the query) is found, correlated with the workspace file that issues it, and never shown with
 * its query; every follow-up nextAction runs as given.
 */
import { describe, expect, it } from "vitest"
import type { NextAction } from "../../src/schema/NextAction.js"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { reactAppWorld } from "../support/reactAppWorld.js"

const live = reactAppWorld("pi-network-lookups")

type Report = {
  status: string
  failedRequests: ReadonlyArray<Record<string, unknown>>
  candidates: ReadonlyArray<Record<string, unknown>>
  summary: string
}
const reportOf = (result: ToolResult) => result.details.networkSourceLookup as Report
const action = (result: ToolResult, id: string): NextAction => {
  const found = result.details.nextActions?.find((a) => a.id === id)
  if (found === undefined)
    throw new Error(`no ${id} in ${JSON.stringify(result.details.nextActions?.map((a) => a.id))}`)
  return found
}
const SECRET = "abc123secret"

describe("network requests follow-ups and networkSourceLookup", () => {
  it("network requests offers detail, source lookup, filters, clear and HAR for the failed API request", async () => {
    const list = await live.tool.call({ args: ["network", "requests"] })
    expect(list.details.nextActions?.map((a) => a.id)).toEqual([
      "inspect-network-request",
      "find-failed-request-source",
      "filter-network-requests",
      "filter-current-page-network-requests",
      "clear-network-requests-before-repro",
      "start-network-har-capture"
    ])
    const lookup = action(list, "find-failed-request-source")
    expect(JSON.stringify(list.details.nextActions)).not.toContain(SECRET)

    const detail = await live.tool.call(action(list, "inspect-network-request").params)
    expect(detail.isError, textOf(detail)).toBe(false)
    // agent-browser 0.41 reports no initiator or stack for a request (list or detail), so the `initiator` candidate
    // source (unit-tested on the contract's shapes) stays dormant here; this fails the day upstream starts sending one
    const keys = (value: unknown): ReadonlyArray<string> =>
      Array.isArray(value)
        ? value.flatMap(keys)
        : value !== null && typeof value === "object"
          ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
          : []
    expect(keys([list.details.data, detail.details.data]).filter((k) => /initiator|stack|callFrames/i.test(k))).toEqual(
      []
    )
    expect(action(list, "filter-network-requests").params?.args).toEqual([
      "--session",
      list.details.sessionName,
      "network",
      "requests",
      "--filter",
      "/api/broken-report"
    ])
    expect(textOf(await live.tool.call(action(list, "filter-network-requests").params))).toMatch(
      /^1 requests \(session aggregate since the last --clear\): 1 failed \(1 actionable/
    )

    const found = await live.tool.call(lookup.params)
    expect(found.isError).toBe(false)
    const report = reportOf(found)
    expect(report.status).toBe("failed-requests-found")
    expect(report.failedRequests).toEqual([
      expect.objectContaining({
        status: 500,
        method: "GET",
        url: `${live.app.origin}/api/broken-report?[query hidden]`
      })
    ])
    expect(report.candidates).toEqual([
      expect.objectContaining({
        source: "workspace-search",
        confidence: "medium",
        file: "src/api/client.ts",
        line: 7,
        requestUrl: `${live.app.origin}/api/broken-report?[query hidden]`
      })
    ])
    expect(textOf(found)).toMatch(
      /^Network source lookup: 1 failed request\(s\) \(500 GET http:\/\/127\.0\.0\.1:\d+\/api\/broken-report\?\[query hidden\]\); 1 candidate\(s\), best src\/api\/client\.ts:7/
    )
    expect((found.details.compiledNetworkSourceLookup as { steps: unknown }).steps).toEqual([
      [
        "network",
        "request",
        (lookup.params as { networkSourceLookup: { requestId: string } }).networkSourceLookup.requestId
      ]
    ])
    expect(JSON.stringify(found)).not.toContain(SECRET)
  })

  it("by url: a matching request that did not fail is no-failed-requests; a failure no file mentions is no-candidates", async () => {
    expect(reportOf(await live.tool.call({ networkSourceLookup: { url: "/api/items" } })).status).toBe(
      "no-failed-requests"
    )
    await live.tool.call({ args: ["eval", "fetch('/api/orphan-endpoint').then((r) => r.status)"] })
    const orphan = reportOf(
      await live.tool.call({ networkSourceLookup: { url: "/api/orphan-endpoint", maxWorkspaceFiles: 100 } })
    )
    expect(orphan).toMatchObject({ status: "no-candidates", candidates: [] })
    expect(orphan.failedRequests[0]).toMatchObject({ status: 404 })
  })

  it("--current-page keeps only the active page's rows; clear empties the buffer before a repro; HAR capture starts and stops", async () => {
    const page = await live.tool.call({ args: ["network", "requests", "--current-page"] })
    expect(page.isError).toBe(false)
    expect(page.details.effectiveArgs).not.toContain("--current-page")
    expect(page.details.networkRequestsPageFilter).toMatchObject({
      mode: "current-page",
      cleanArgs: ["network", "requests"],
      currentUrl: `${live.app.origin}/`
    })
    expect(textOf(page)).toMatch(/^Filtered \(current-page\) to http:\/\/127\.0\.0\.1:\d+\/: \d+ of \d+ requests\./)

    const list = await live.tool.call({ args: ["network", "requests"] })
    expect((await live.tool.call(action(list, "clear-network-requests-before-repro").params)).isError).toBe(false)
    expect(textOf(await live.tool.call({ args: ["network", "requests"] }))).toMatch(/^0 requests/)

    expect((await live.tool.call(action(list, "start-network-har-capture").params)).isError).toBe(false)
    const har = `${live.world.root}/capture.har`
    const stopped = await live.tool.call({ args: ["network", "har", "stop", har] })
    expect(stopped.isError, textOf(stopped)).toBe(false)
  })

  it("an active route mock puts route inspection and HAR first", async () => {
    expect((await live.tool.call({ args: ["network", "route", "**/api/items", "--abort"] })).isError).toBe(false)
    await live.tool.call({ args: ["reload"] })
    await live.tool.call({ args: ["wait", "#load-error"] })
    const list = await live.tool.call({ args: ["network", "requests", "--filter", "/api/items"] })
    expect(list.details.nextActions?.slice(0, 2).map((a) => a.id)).toEqual([
      "inspect-routed-network-request",
      "start-network-har-capture-for-route-mock"
    ])
    expect((await live.tool.call(action(list, "inspect-routed-network-request").params)).isError).toBe(false)
    await live.tool.call({ args: ["network", "unroute"] })
  })
})
