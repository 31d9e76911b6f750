/** `network route` flags, the route book's texts and `network request --save` parsing (issue 42, item 3). */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { join } from "node:path"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { FakeDaemonSocket } from "../../src/layers/test/FakeDaemonSocket.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, openBatch, resultText, stepsOf, suiteTempRoot } from "../support/fakeHarness.js"
import { routeBatch } from "../support/fakeRoutes.js"
import { formatRoutes, formatSavedBody } from "../../src/presenters/text/routeText.js"
import { afterRoute, routeDiagnostics } from "../../src/session/captures.js"
import { artifactRequest } from "../../src/upstream/artifactPaths.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { flagProblem } from "../../src/upstream/flagCheck.js"
import { redactArgs } from "../../src/redaction/redactArgs.js"
import { batchRouteProblem, routeFlagProblem, routeGlobalFlagProblem } from "../../src/upstream/routeFlags.js"
import { routeCommand, routeShapeOf } from "../../src/upstream/routeShape.js"

describe("network route flags", () => {
  it("flags a route does not read are refused with the flag and its value, naming the forms it takes", () => {
    // before: --status, --headers and --content-type were refused here too (upstream's CLI answers 200)
    const problem = routeFlagProblem(["network", "route", "**/a", "--body", "{}", "--method", "POST"])
    expect(problem?.tokens).toEqual(["--method", "POST"])
    expect(problem?.message).toContain("network route takes no --method: upstream would ignore it.")
    expect(problem?.message).toContain("--status <100-599>, --headers <json object>")
    expect(routeFlagProblem(["network", "route", "**/a", "--code", "404"])?.message).toContain("--status <code>")
    expect(routeFlagProblem(["network", "route", "**/a", "--body", "{}", "--status", "404"])).toBeUndefined()
    // the shape's flags pass the binary's table (--status is network requests' own; the others are the tool's)
    for (const extra of [
      ["--status", "404"],
      ["--status-code", "404"],
      ["--content-type", "text/plain"]
    ])
      expect(flagProblem(["network", "route", "**/a", ...extra], COMMAND_FLAGS)).toBeUndefined()
    expect(routeFlagProblem(["network", "requests", "--status", "2xx"])).toBeUndefined()
    expect(flagProblem(["network", "requests", "--status", "2xx"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["network", "request", "1.2", "--save", "out/b.bin"], COMMAND_FLAGS)).toBeUndefined()
    expect(flagProblem(["network", "routes"], COMMAND_FLAGS)).toBeUndefined()
    // upstream's help leaves --resource-type out, but the binary honours it (a route for images only)
    expect(
      flagProblem(["network", "route", "**/*", "--abort", "--resource-type", "image"], COMMAND_FLAGS)
    ).toBeUndefined()
  })

  it("a shape's bad values are refused with what to write; none is a flag to drop", () => {
    const problemOf = (...argv: ReadonlyArray<string>) =>
      routeGlobalFlagProblem(parseCommandLine(["network", "route", "**/a", ...argv]))
    expect(problemOf("--status", "99")?.message).toContain(
      'network route: --status takes an HTTP status code from 100 to 599 (got "99"). For example: network route'
    )
    expect(problemOf("--status", "abc")?.tokens).toEqual([])
    for (const headers of ["[1]", '{"X-A":1}', "X-A: 1", '{"bad name":"x"}'])
      expect(problemOf("--headers", headers)?.message).toContain("--headers takes a JSON object of header names")
    expect(problemOf("--abort", "--status", "404")?.message).toContain("--abort fails the request")
    expect(problemOf("--content-type")?.message).toContain("--content-type takes a media type")
    expect(problemOf("--body", "{}", "--allow-origin", "http://a.test", "--status", "201")?.message).toContain(
      "put Access-Control-Allow-Origin in --headers"
    )
    expect(problemOf("--headers", '{"X-Mock":"yes"}')).toBeUndefined()
    expect(routeGlobalFlagProblem(parseCommandLine(["open", "http://a.test", "--headers", "{}"]))).toBeUndefined()
  })

  it("a shape is read from the line (--headers, upstream's global flag, included) into the daemon's route command", () => {
    const line = parseCommandLine([
      "network",
      "route",
      "**/api/data",
      "--status",
      "404",
      "--headers",
      '{"X-Mock":"yes"}',
      "--body",
      '{"error":"gone"}'
    ])
    const shape = routeShapeOf(line)
    if (shape === undefined || "problem" in shape) throw new Error("no shape")
    expect(routeCommand(shape, "r1")).toEqual({
      id: "r1",
      action: "route",
      url: "**/api/data",
      abort: false,
      response: { status: 404, body: '{"error":"gone"}', contentType: "application/json", headers: { "X-Mock": "yes" } }
    })
    const bare = routeShapeOf(
      parseCommandLine(["network", "route", "**/x", "--status-code=503", "--resource-type", "fetch"])
    )
    if (bare === undefined || "problem" in bare) throw new Error("no shape")
    expect(routeCommand(bare, "r2")).toEqual({
      id: "r2",
      action: "route",
      url: "**/x",
      abort: false,
      response: { status: 503, headers: {} },
      resourceType: "fetch"
    })
    expect(routeShapeOf(parseCommandLine(["network", "route", "**/x", "--body", "{}"]))).toBeUndefined()
    expect(afterRoute(line, [])).toEqual([{ pattern: "**/api/data", mode: "fulfill", status: 404 }])
    // a request answered with the status its mock was set to answer is the mock doing its job: no diagnostic
    const rows = routeDiagnostics(afterRoute(line, []), [
      { requestId: "1.1", url: "http://a.test/api/data", status: 404 },
      { requestId: "1.2", url: "http://a.test/api/data", status: 500 }
    ])
    expect(rows.map((r) => [r.reason, r.requestId])).toEqual([["failed-routed-request", "1.2"]])
  })

  it("a batch step's shaped route is refused: upstream's batch would answer it with 200", () => {
    expect(batchRouteProblem(parseCommandLine(["network", "route", "**/a", "--status", "404"]))?.message).toContain(
      "runs as its own call"
    )
    expect(batchRouteProblem(parseCommandLine(["network", "route", "**/a", "--abort"]))).toBeUndefined()
  })

  it("a route's --headers values are the model's data, but for credential-like ones", () => {
    const argv = ["network", "route", "**/a", "--headers", '{"X-Mock":"yes","Authorization":"Bearer abcdefgh12345678"}']
    const redacted = redactArgs(argv)
    expect(redacted.secrets).toEqual(["Bearer abcdefgh12345678"])
    expect(redacted.args[4]).toBe('{"X-Mock":"yes","Authorization":"[REDACTED]"}')
    // elsewhere --headers is upstream's request headers for an origin: every value is secret
    expect(redactArgs(["open", "http://a.test", "--headers", '{"X-Mock":"yes"}']).secrets).toEqual(["yes"])
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
    const shaped = { status: 404, contentType: "application/json", headerNames: ["X-Mock"], body: true }
    expect(
      formatRoutes("network", "route", {
        routed: "**/a",
        answer: shaped,
        activeRoutes: [{ pattern: "**/a", mode: "fulfill", status: 404 }]
      })?.text
    ).toBe(
      "Routed **/a: matching requests are answered with HTTP 404, Content-Type application/json, header X-Mock and " +
        "the --body.\nActive routes (1, as set through this tool in this session; a relaunched browser has none): " +
        "**/a (fulfill, HTTP 404)."
    )
    expect(
      formatRoutes("network", "route", {
        routed: "**/a",
        answer: { status: 503, headerNames: ["A", "B"], body: false },
        activeRoutes: []
      })?.text
    ).toMatch(/^Routed \*\*\/a: matching requests are answered with HTTP 503, headers A, B and an empty body\./)
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

const temp = suiteTempRoot()

describe("network routes through the tool", () => {
  it.scoped("before any browser: a validation error that starts no process; after a route: the list, no process", () =>
    Effect.gen(function* () {
      const fake = yield* FakeAgentBrowser
      const early = yield* runToResult({ args: ["network", "routes"] }, call)
      expect(early.details.failureCategory).toBe("validation-error")
      expect(resultText(early)).toContain("this one has no browser yet: no route is active")
      expect(yield* fake.requests).toHaveLength(0)
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const routed = yield* runToResult({ args: ["network", "route", "**/a.json", "--abort"] }, call)
      expect(resultText(routed)).toContain("Routed **/a.json: matching requests are failed (--abort).")
      const before = (yield* fake.requests).length
      const listed = yield* runToResult({ args: ["network", "routes"] }, call)
      expect(resultText(listed)).toContain("Active routes (1, as set through this tool in this session")
      expect((yield* fake.requests).length).toBe(before)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
          routeBatch,
          { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok([]), repeat: true },
          { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
        ])
      )
    )
  )
})

describe("a route with a response shape, through the tool", () => {
  const shapedArgs = [
    "network",
    "route",
    "**/api/data",
    "--status",
    "404",
    "--headers",
    '{"X-Mock":"yes"}',
    "--body",
    '{"error":"gone"}'
  ]
  const script = (): ReadonlyArray<ScriptedRun> => [
    openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
    routeBatch,
    { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok([]), repeat: true },
    { reply: FakeAgentBrowser.ok({ url: "http://a.test/", title: "A" }), repeat: true }
  ]

  it.scoped("sends upstream's daemon route command after the CLI's unroute of the glob, and says what it answers", () =>
    Effect.gen(function* () {
      const fake = yield* FakeAgentBrowser
      const socket = yield* FakeDaemonSocket
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const before = (yield* fake.requests).length
      const routed = yield* runToResult({ args: shapedArgs }, call)
      expect(routed.isError, resultText(routed)).toBe(false)
      expect(resultText(routed)).toContain(
        "Routed **/api/data: matching requests are answered with HTTP 404, Content-Type application/json, header " +
          "X-Mock and the --body.\nActive routes (1, as set through this tool in this session; a relaunched browser " +
          "has none): **/api/data (fulfill, HTTP 404)."
      )
      // one upstream process: the unroute, in the call's session, without --headers (upstream's global flag)
      const ran = (yield* fake.requests).slice(before)
      expect(ran).toHaveLength(1)
      expect(stepsOf(ran[0] ?? { args: [] })).toEqual([["network", "unroute", "**/api/data"]])
      expect(ran[0]?.args).not.toContain("--headers")
      const sent = yield* socket.sent
      expect(sent).toHaveLength(1)
      expect(sent[0]?.socketPath).toBe(join(temp.root, "s", `${String(routed.details.sessionName)}.sock`))
      expect(sent[0]?.command).toEqual({
        id: "piab-route",
        action: "route",
        url: "**/api/data",
        abort: false,
        response: {
          status: 404,
          body: '{"error":"gone"}',
          contentType: "application/json",
          headers: { "X-Mock": "yes" }
        }
      })
      // the model's own header value and body are shown where the call is echoed
      expect(JSON.stringify(routed.details.effectiveArgs)).toContain("X-Mock")
      expect(JSON.stringify(routed.details.effectiveArgs)).toContain('\\"yes\\"')
      const listed = yield* runToResult({ args: ["network", "routes"] }, call)
      expect(resultText(listed)).toContain("**/api/data (fulfill, HTTP 404).")
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it.scoped("the daemon's error keeps its tag; a bad value is refused before anything runs", () =>
    Effect.gen(function* () {
      const fake = yield* FakeAgentBrowser
      const socket = yield* FakeDaemonSocket
      const refused = yield* runToResult({ args: ["network", "route", "**/a", "--status", "700"] }, call)
      expect(refused.details.failureCategory).toBe("validation-error")
      expect(resultText(refused)).toContain("--status takes an HTTP status code from 100 to 599")
      expect(yield* fake.requests).toHaveLength(0)
      expect(yield* socket.sent).toHaveLength(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )

  it.scoped(
    "on a session's first call, the CLI's unroute launches the browser like any call, then the route is sent",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeAgentBrowser
        const socket = yield* FakeDaemonSocket
        const routed = yield* runToResult({ args: shapedArgs }, call)
        expect(routed.isError, resultText(routed)).toBe(false)
        const ran = yield* fake.requests
        expect(ran.filter((r) => stepsOf(r)[0]?.[1] === "unroute")).toHaveLength(1)
        expect(yield* socket.sent).toHaveLength(1)
      }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )
})
