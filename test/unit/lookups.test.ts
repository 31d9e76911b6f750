/** sourceLookup / networkSourceLookup: compilers, evidence readers, the bounded workspace scan and network follow-ups. */
import { it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect } from "vitest"
import { matchesPage, pageFilterOf } from "../../src/compilers/networkPageFilter.js"
import { compileNetworkSourceLookup, compileSourceLookup } from "../../src/compilers/compileSourceLookup.js"
import { resolveInputMode } from "../../src/program/pipeline/prepare.js"
import {
  displayUrl,
  failedRows,
  initiatorCandidates,
  requestRows,
  urlNeedle
} from "../../src/program/lookups/networkEvidence.js"
import {
  declarationLines,
  domCandidates,
  inspectCandidates,
  ownAttributeCandidate,
  treeFibers
} from "../../src/program/lookups/sourceEvidence.js"
import { scanWorkspace } from "../../src/program/lookups/workspaceScan.js"
import { networkFollowUps } from "../../src/presenters/text/networkFollowUps.js"
import { MAX_WORKSPACE_CANDIDATES, SOURCE_ATTRS } from "../../src/domain/Lookup.js"
import { decodeToolInput } from "../../src/schema/ToolInput.js"

const message = <E extends { message: string }>(e: Either.Either<unknown, E>) =>
  Either.isLeft(e) ? e.left.message : "compiled"

describe("lookup compilers", () => {
  it("sourceLookup: selector → is visible + its own source attributes (get attr) + get html (unless includeDomHints false), fiber → react inspect, name → react tree; batch without --bail", () => {
    const c = Either.getOrThrow(
      compileSourceLookup({ selector: "#save", reactFiberId: "2", componentName: "SaveButton" })
    )
    expect(c.args).toEqual(["batch"])
    const own = SOURCE_ATTRS.map((name) => ["get", "attr", "#save", name])
    expect(c.rows).toEqual([
      ["is", "visible", "#save"],
      ...own,
      ["get", "html", "#save"],
      ["react", "inspect", "2"],
      ["react", "tree"]
    ])
    expect(JSON.parse(c.stdin)).toEqual(c.rows)
    expect(Either.getOrThrow(compileSourceLookup({ selector: "#a", includeDomHints: false })).rows).toEqual([
      ["is", "visible", "#a"]
    ])
    expect(message(compileSourceLookup({}))).toContain("at least one of selector, reactFiberId or componentName")
    expect(message(compileSourceLookup({ componentName: "X", maxWorkspaceFiles: 5001 }))).toContain("from 1 to 5000")
    expect(message(compileSourceLookup({ componentName: "X", maxWorkspaceFiles: 2.5 }))).toContain("from 1 to 5000")
  })

  it("networkSourceLookup: request detail plus filtered list (filter wins over url), --session before batch", () => {
    expect(Either.getOrThrow(compileNetworkSourceLookup({ requestId: "req-1", url: "/api/fail" })).rows).toEqual([
      ["network", "request", "req-1"],
      ["network", "requests", "--filter", "/api/fail"]
    ])
    expect(Either.getOrThrow(compileNetworkSourceLookup({ filter: "api", url: "/api/fail" })).rows).toEqual([
      ["network", "requests", "--filter", "api"]
    ])
    expect(Either.getOrThrow(compileNetworkSourceLookup({ requestId: "r", session: "s1" })).args).toEqual([
      "--session",
      "s1",
      "batch"
    ])
    expect(message(compileNetworkSourceLookup({ maxWorkspaceFiles: 10 }))).toContain(
      "at least one of requestId, filter or url"
    )
  })

  it("input modes: exclusive with the others, own their stdin; the page-filter flags leave args before upstream", () => {
    const input = (raw: unknown) => Either.getOrThrow(decodeToolInput(raw))
    expect(message(resolveInputMode(input({ args: ["snapshot"], sourceLookup: { selector: "#a" } }), "/w"))).toContain(
      "exactly one of"
    )
    expect(message(resolveInputMode(input({ networkSourceLookup: { url: "/x" }, stdin: "[]" }), "/w"))).toContain(
      "drop stdin"
    )
    const resolved = Either.getOrThrow(resolveInputMode(input({ sourceLookup: { componentName: "App" } }), "/w"))
    expect(resolved.input.args).toEqual(["batch"])
    expect(resolved.compiled.mode).toBe("sourceLookup")
    const filtered = Either.getOrThrow(
      resolveInputMode(input({ args: ["network", "requests", "--current-page", "--type", "fetch"] }), "/w")
    )
    expect(filtered.input.args).toEqual(["network", "requests", "--type", "fetch"])
    expect(filtered.compiled).toEqual({ mode: "args", pageFilter: "current-page" })
    expect(pageFilterOf(["console", "--current-page"]).mode).toBeUndefined()
    expect(matchesPage("current-origin", "http://a.test/x", "http://a.test/api?q=1")).toBe(true)
    expect(matchesPage("current-page", "http://a.test/x", "http://b.test/x")).toBe(false)
    expect(matchesPage("current-url", "http://a.test/x#top", "http://a.test/x")).toBe(true)
    expect(matchesPage("current-url", "http://a.test/x", "http://a.test/y")).toBe(false)
  })
})

describe("evidence readers", () => {
  it("DOM attributes (high with a line, medium without) and source paths in text (low)", () => {
    const html = `<button data-source-file="src/Save.tsx" data-source-line="3" id="save"><span data-file="src/Label.jsx">Save</span></button><p>see lib/util.ts:12</p>`
    const found = domCandidates(html)
    expect(found.map((c) => [c.file, c.line, c.confidence])).toEqual([
      ["src/Save.tsx", 3, "high"],
      ["src/Label.jsx", undefined, "medium"],
      ["lib/util.ts", 12, "low"]
    ])
    expect(domCandidates(`<b data-source="src/A.tsx:4:7">x</b>`)[0]).toMatchObject({
      file: "src/A.tsx",
      line: 4,
      column: 7
    })
    expect(domCandidates("Save")).toEqual([])
  })

  it("the element's own attributes (get attr): a candidate of their own, not found again in its inner HTML", () => {
    const own = ownAttributeCandidate(
      new Map([
        ["data-source-file", "src/Save.tsx"],
        ["data-source-line", "12"]
      ]),
      "#save"
    )
    expect(own).toMatchObject({
      source: "dom-attribute",
      confidence: "high",
      file: "src/Save.tsx",
      line: 12,
      evidence: [`get attr on #save: data-source-file="src/Save.tsx" data-source-line="12"`]
    })
    expect(ownAttributeCandidate(new Map(), "#save")).toBeUndefined()
    expect(ownAttributeCandidate(new Map([["data-file", "not a path"]]), "#save")).toBeUndefined()
    expect(
      domCandidates(
        `<i data-source-file="src/Save.tsx" data-source-line="12"></i><b data-file="src/B.tsx"></b>`,
        own !== undefined ? [own] : []
      ).map((c) => c.file)
    ).toEqual(["src/B.tsx"])
  })

  it("react inspect: source props are high, a served bundle location is low and shown without its query", () => {
    const props = inspectCandidates(
      {
        source: null,
        text: 'main #3\nprops:\n  data-source-file: "src/App.tsx"\n  data-source-line: "6"\nrendered by: App'
      },
      "3"
    )
    expect(props).toEqual([
      expect.objectContaining({
        source: "react-inspect",
        confidence: "high",
        file: "src/App.tsx",
        line: 6,
        componentName: "main"
      })
    ])
    const bundle = inspectCandidates({ source: ["http://127.0.0.1:1/app.js?v=secret", 10, 3], text: "Toolbar #5" }, "5")
    expect(bundle).toEqual([
      expect.objectContaining({
        confidence: "low",
        file: "http://127.0.0.1:1/app.js?[query hidden]",
        line: 10,
        column: 3,
        componentName: "Toolbar"
      })
    ])
  })

  it("react tree rows and component declarations", () => {
    expect(
      treeFibers({ tree: "# header\n0 1 - Root\n1 5 1 Toolbar\n2 7 5 SaveButton\n3 9 7 SaveButton" }, "SaveButton")
    ).toEqual(["7", "9"])
    const lines = declarationLines("SaveButton")
    expect(
      lines("import x\nexport const SaveButton = () => null\nfunction SaveButtonLike() {}\nclass SaveButton {}\n")
    ).toEqual([2, 4])
  })

  it("failed requests: status >= 400, failed, error; icon probes and duplicates left out; URLs without query", () => {
    const rows = requestRows({
      requests: [
        { requestId: "1", url: "http://h/api/a?token=abc", status: 500, method: "GET" },
        { requestId: "1", url: "http://h/api/a?token=abc", status: 500 },
        { requestId: "2", url: "http://h/ok", status: 200 },
        { requestId: "3", url: "http://h/favicon.ico", status: 404 },
        { requestId: "4", url: "http://h/x", failed: true },
        { requestId: "5", url: "http://h/y", error: "net::ERR_FAILED" }
      ]
    })
    expect(failedRows(rows).map((r) => r["requestId"])).toEqual(["1", "4", "5"])
    expect(requestRows({ request: { requestId: "9", url: "http://h/z" }, status: 502 })[0]).toMatchObject({
      requestId: "9",
      status: 502
    })
    expect(displayUrl("http://h/api/a?token=abc")).toBe("http://h/api/a?[query hidden]")
    expect(urlNeedle("http://h/api/a?token=abc")).toBe("/api/a")
    expect(urlNeedle("http://h/")).toBeUndefined()
  })

  it("initiator metadata: CDP call frames (0-based lines) and stack text", () => {
    const found = initiatorCandidates({
      url: "http://h/api?k=1",
      initiator: {
        type: "script",
        stack: { callFrames: [{ url: "src/api/client.ts", lineNumber: 6, columnNumber: 2 }] }
      },
      stack: "Error\n    at load (webpack:///src/x.tsx:12:5)"
    })
    expect(found).toEqual([
      expect.objectContaining({
        source: "initiator",
        file: "src/api/client.ts",
        line: 7,
        requestUrl: "http://h/api?[query hidden]",
        confidence: "medium"
      }),
      expect.objectContaining({ source: "initiator", file: "webpack:///src/x.tsx", line: 12, confidence: "low" })
    ])
  })
})

describe("workspace scan bounds", () => {
  const tree = () => {
    const root = mkdtempSync(join(tmpdir(), "piab-scan-"))
    mkdirSync(join(root, "src"), { recursive: true })
    for (let i = 0; i < 30; i++)
      writeFileSync(join(root, "src", `f${String(i).padStart(2, "0")}.ts`), "export function Target() {}\n")
    for (const skipped of ["node_modules", ".git", "dist", "build", "coverage", ".next", "out", "tmp", "temp"]) {
      mkdirSync(join(root, skipped), { recursive: true })
      writeFileSync(join(root, skipped, "Skipped.tsx"), "export function Target() {}\n")
    }
    writeFileSync(join(root, "notes.md"), "function Target() {}\n")
    return root
  }

  it.effect("reads at most maxFiles source files, skips build/dependency folders, keeps at most ten hits", () =>
    Effect.gen(function* () {
      const root = tree()
      try {
        const all = yield* scanWorkspace(root, 2_000, declarationLines("Target"))
        expect(all.hits).toHaveLength(MAX_WORKSPACE_CANDIDATES)
        expect(all.hits.every((h) => h.file.startsWith("src/"))).toBe(true)
        const few = yield* scanWorkspace(root, 3, declarationLines("Target"))
        expect(few).toMatchObject({ filesScanned: 3, truncated: true })
        expect(few.hits).toHaveLength(3)
        const none = yield* scanWorkspace(root, 100, declarationLines("Nothing"))
        expect(none).toMatchObject({ filesScanned: 30, truncated: false, hits: [] })
        const capped = yield* scanWorkspace(root, 1_000_000, () => [])
        expect(capped.filesScanned).toBe(30)
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    })
  )
})

describe("network requests follow-ups", () => {
  const data = {
    requests: [
      { requestId: "1.1", url: "http://h/", resourceType: "Document", status: 200 },
      { requestId: "1.2", url: "http://h/favicon.ico", resourceType: "Other", status: 404 },
      { requestId: "1.3", url: "http://h/api/items", resourceType: "Fetch", status: 200 },
      { requestId: "1.4", url: "http://h/api/broken?token=abc", resourceType: "Fetch", status: 500 }
    ]
  }

  it("picks the actionable failure: detail, source lookup, path filter, current page, clear, HAR", () => {
    const actions = networkFollowUps("s1", data, undefined)
    expect(actions.map((a) => a.id)).toEqual([
      "inspect-network-request",
      "find-failed-request-source",
      "filter-network-requests",
      "filter-current-page-network-requests",
      "clear-network-requests-before-repro",
      "start-network-har-capture"
    ])
    expect(actions[0]?.params?.args).toEqual(["--session", "s1", "network", "request", "1.4"])
    expect(actions[1]?.params).toEqual({ networkSourceLookup: { requestId: "1.4", session: "s1" } })
    expect(actions[2]?.params?.args).toEqual(["--session", "s1", "network", "requests", "--filter", "/api/broken"])
    expect(JSON.stringify(actions)).not.toContain("token")
  })

  it("without failures prefers fetch rows and offers no source lookup; sensitive paths get no filter; route mocks come first", () => {
    const ok = networkFollowUps(undefined, { requests: data.requests.slice(0, 3) }, undefined)
    expect(ok[0]?.params?.args).toEqual(["network", "request", "1.3"])
    expect(ok.map((a) => a.id)).not.toContain("find-failed-request-source")
    const secret = networkFollowUps(
      undefined,
      { requests: [{ requestId: "7", url: "http://h/reset/password/abc", status: 500, resourceType: "Fetch" }] },
      undefined
    )
    expect(secret.map((a) => a.id)).not.toContain("filter-network-requests")
    const routed = networkFollowUps(undefined, data, [
      {
        routePattern: "**/api/*",
        requestId: "1.4",
        requestUrl: "http://h/api/broken",
        reason: "failed-routed-request",
        mode: "fulfill",
        summary: "s"
      }
    ])
    expect(routed.slice(0, 2).map((a) => a.id)).toEqual([
      "inspect-routed-network-request",
      "start-network-har-capture-for-route-mock"
    ])
    expect(routed.map((a) => a.id)).not.toContain("start-network-har-capture")
    expect(networkFollowUps(undefined, { requests: [] }, undefined).map((a) => a.id)).toEqual([
      "filter-current-page-network-requests",
      "clear-network-requests-before-repro",
      "start-network-har-capture"
    ])
  })
})
