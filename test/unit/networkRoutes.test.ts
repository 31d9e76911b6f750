/** `network route` flags, the route book's texts and `network request --save` parsing (issue 42, item 3). */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, openBatch, tempRoot } from "../support/fakeHarness.js"
import { formatRoutes, formatSavedBody } from "../../src/presenters/text/routeText.js"
import { afterRoute } from "../../src/session/captures.js"
import { artifactRequest } from "../../src/upstream/artifactPaths.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { flagProblem } from "../../src/upstream/flagCheck.js"
import { routeFlagProblem, routeGlobalFlagProblem } from "../../src/upstream/routeFlags.js"

describe("network route flags", () => {
  it("a status code or headers are refused with the flag and its value, naming what works", () => {
    const problem = routeFlagProblem(["network", "route", "**/a", "--body", "{}", "--status", "404"])
    expect(problem?.tokens).toEqual(["--status", "404"])
    expect(problem?.message).toContain("answers a mocked route with HTTP 200 and Content-Type application/json")
    expect(routeFlagProblem(["network", "route", "**/a", "--headers={}"])?.tokens).toEqual(["--headers={}"])
    // the same flags stay valid where they mean something
    expect(routeFlagProblem(["network", "requests", "--status", "2xx"])).toBeUndefined()
    expect(flagProblem(["network", "requests", "--status", "2xx"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["network", "route", "**/a", "--status", "404"], COMMAND_FLAGS)?.message).toContain(
      "network route takes no --status"
    )
    expect(flagProblem(["network", "request", "1.2", "--save", "out/b.bin"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["network", "routes"], COMMAND_FLAGS)).toBeUndefined()
    // upstream's help leaves --resource-type out, but the binary honours it (a route for images only)
    expect(
      flagProblem(["network", "route", "**/*", "--abort", "--resource-type", "image"], COMMAND_FLAGS)
    ).toBeUndefined()
  })

  it("--headers, which upstream parses as a global flag (request headers), is refused after network route too", () => {
    // before: the route was set and the text said it answers with the --body, the headers silently dropped
    const line = parseCommandLine(["network", "route", "**/a", "--body", "{}", "--headers", '{"X-Mock":"yes"}'])
    expect(line.positionals).not.toContain("--headers")
    const problem = routeGlobalFlagProblem(line)
    expect(problem?.tokens).toEqual(["--headers", '{"X-Mock":"yes"}'])
    expect(problem?.message).toContain("network route takes no --headers")
    expect(routeGlobalFlagProblem(parseCommandLine(["open", "http://a.test", "--headers", "{}"]))).toBeUndefined()
  })

  it("--body=<json> counts as a fulfilled route", () => {
    expect(afterRoute(parseCommandLine(["network", "route", "**/a", "--body={}"]), [])).toEqual([
      { pattern: "**/a", mode: "fulfill" }
    ])
  })
})

describe("route texts", () => {
  it("route, unroute and the list say what the record holds", () => {
    const active = [{ pattern: "**/a", mode: "fulfill" }]
    expect(formatRoutes("network", "route", { routed: "**/a", activeRoutes: active })?.text).toBe(
      "Routed **/a: matching requests are answered with HTTP 200, application/json and the --body.\n" +
        "Active routes (1, as set through this tool in this session; a relaunched browser has none): **/a (fulfill)."
    )
    expect(formatRoutes("network", "unroute", { unrouted: "all", removed: active, activeRoutes: [] })?.text).toMatch(
      /^Removed 1 route\(s\): \*\*\/a \(fulfill\)\.\nNo route is active now/
    )
    expect(formatRoutes("network", "unroute", { unrouted: "**/b", removed: [], activeRoutes: active })?.text).toMatch(
      /^Removed 0 routes: \*\*\/b is not among/
    )
    expect(formatRoutes("network", "routes", { routes: [] })?.text).toMatch(/^No route is active now/)
    expect(formatRoutes("network", "requests", { requests: [] })).toBeUndefined()
  })
})

describe("network request --save", () => {
  it("is a response-body artifact at the path after --save", () => {
    expect(artifactRequest(parseCommandLine(["network", "request", "1.2", "--save", "out/b.bin"]))).toMatchObject({
      kind: "response-body",
      pathIndex: 4
    })
    expect(artifactRequest(parseCommandLine(["network", "request", "1.2"]))).toBeUndefined()
  })

  it("says how the body was had and whether its size is the captured one", () => {
    const base = { method: "GET", url: "http://a.test/p.png", status: 200 }
    expect(
      formatSavedBody("network", "request", {
        ...base,
        savedBody: { path: "/o/p.png", bytes: 70, source: "re-read", capturedBytes: 70 }
      })?.text
    ).toBe(
      "Saved the response body of GET http://a.test/p.png (HTTP 200, 70 bytes) to /o/p.png: agent-browser withholds binary bodies, so the page read the URL again (cache first); same size as the captured body."
    )
    expect(
      formatSavedBody("network", "request", {
        ...base,
        savedBody: { path: "/o/p.png", bytes: 90, source: "re-read", capturedBytes: 70 }
      })?.text
    ).toContain("the captured body was about 70 bytes: the server answered differently this time")
  })
})

const temp = tempRoot()
afterAll(() => temp.cleanup())
const textOf = (r: { readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }> }) =>
  r.content.map((c) => c.text ?? "").join("\n")

describe("network routes through the tool", () => {
  it.scoped("before any browser: a validation error that starts no process; after a route: the list, no process", () =>
    Effect.gen(function* () {
      const fake = yield* FakeAgentBrowser
      const early = yield* runToResult({ args: ["network", "routes"] }, call)
      expect(early.details.failureCategory).toBe("validation-error")
      expect(textOf(early)).toContain("this one has no browser yet: no route is active")
      expect(yield* fake.requests).toHaveLength(0)
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const routed = yield* runToResult({ args: ["network", "route", "**/a.json", "--abort"] }, call)
      expect(textOf(routed)).toContain("Routed **/a.json: matching requests are failed (--abort).")
      const before = (yield* fake.requests).length
      const listed = yield* runToResult({ args: ["network", "routes"] }, call)
      expect(textOf(listed)).toContain("Active routes (1, as set through this tool in this session")
      expect((yield* fake.requests).length).toBe(before)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
          { when: (r) => r.args.includes("route"), reply: FakeAgentBrowser.ok({ routed: "**/a.json" }), repeat: true },
          { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok([]), repeat: true },
          { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
        ])
      )
    )
  )
})
