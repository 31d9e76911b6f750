/**
 * Contract conformance, the details shapes the contract names, and the next actions that come with them
 * (the next-action families: contractConformance.test.ts; the shared rules: test/support/conformance.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { compiledEcho } from "../../src/presenters/details/details.js"
import { errorDetails } from "../../src/presenters/details/errorDetails.js"
import { refFreshnessActions, textScopeActions } from "../../src/presenters/electron/electronNextActions.js"
import { retentionCounts, retentionSummary } from "../../src/presenters/details/artifactRetention.js"
import { broadTextScope, refFreshness } from "../../src/electron/electronScope.js"
import { notNativeSelect } from "../../src/page/selectTarget.js"
import { afterRoute, routeDiagnostics } from "../../src/session/captures.js"
import { comboboxFocusOf, isComboboxClick } from "../../src/page/comboboxFocus.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { honestyOf } from "../../src/presenters/text/honestyNotes.js"
import { pageChange } from "../../src/presenters/actions/pageChange.js"
import {
  managedSessionOutcomeDetails,
  sessionOutcomeActions,
  sessionOutcomeLines
} from "../../src/presenters/actions/managedSessionOutcome.js"
import { sessionOutcomeOf } from "../../src/session/sessionTransitions.js"
import { familyOfNextActionId } from "../../src/schema/NextActionIds.js"
import { initialSessionState } from "../../src/domain/SessionState.js"
import { ToolDetails } from "../../src/schema/ToolDetails.js"
import { NextAction } from "../../src/schema/NextAction.js"
import {
  ArtifactMissing,
  DownloadNotVerified,
  SelectorNotFound,
  StaleRef,
  TabDrift,
  TimedOut,
  UpstreamFailed
} from "../../src/schema/ToolError.js"
import { batchRows, call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { planOf, plan, session, redact, conforming, failureIds } from "../support/conformance.js"

const temp = suiteTempRoot()

describe("details shapes", () => {
  it("compiledJob: { args, failFast, stdin, steps: [{ action, args }] }, redacted; failFast false drops --bail", () => {
    const job = planOf({
      job: {
        steps: [
          { action: "open", url: "http://a.test/" },
          { action: "fill", selector: "#pw", text: "job-secret" }
        ]
      }
    })
    const echo = compiledEcho(job, (argv) => argv.map((t) => (t === "job-secret" ? "[REDACTED]" : t)))
      .compiledJob as Record<string, unknown>
    expect(echo).toMatchObject({
      args: ["batch", "--bail"],
      failFast: true,
      steps: [
        { action: "open", args: ["open", "http://a.test/"] },
        { action: "fill", args: ["fill", "#pw", "[REDACTED]"] }
      ]
    })
    expect(JSON.parse(echo["stdin"] as string)).toEqual([
      ["open", "http://a.test/"],
      ["fill", "#pw", "[REDACTED]"]
    ])
    expect(JSON.stringify(echo)).not.toContain("job-secret")
    const loose = planOf({ job: { failFast: false, steps: [{ action: "wait", milliseconds: 10 }] } })
    expect(compiledEcho(loose, redact).compiledJob).toMatchObject({ args: ["batch"], failFast: false })
  })

  it("compiledJob names each row by the job's own step kind, not the upstream command it runs", () => {
    const job = planOf({
      job: {
        steps: [
          { action: "open", url: "http://a.test/", loadState: "load" },
          { action: "assertText", text: "Welcome" },
          { action: "assertUrl", url: "http://a.test/**" },
          { action: "press", selector: "#q", text: "Enter" },
          { action: "snapshot" }
        ]
      }
    })
    const echo = compiledEcho(job, redact).compiledJob as {
      steps: ReadonlyArray<{ action: string; args: ReadonlyArray<string> }>
    }
    expect(echo.steps.map((s) => [s.action, s.args[0], s.args[1]])).toEqual([
      ["open", "open", "http://a.test/"],
      ["open", "wait", "--load"],
      ["assertText", "wait", "--text"],
      ["assertUrl", "wait", "--fn"],
      ["press", "focus", "#q"],
      ["press", "press", "Enter"],
      ["snapshot", "snapshot", "-i"]
    ])
  })

  it("managedSessionOutcome: the contract's fields per status, from the registry's state before and after; it decodes", () => {
    const idle = initialSessionState("pi-conf-0001")
    const live = { ...idle, managed: { ...idle.managed, active: true } }
    const rotated = { ...live, generation: 1, managed: { name: "pi-conf-0001-1", active: false, launchFlags: [] } }
    const managed = planOf({ args: ["get", "url"] })
    expect(sessionOutcomeOf(managed, idle, live, true)).toMatchObject({
      status: "created",
      sessionMode: "auto",
      activeBefore: false,
      activeAfter: true,
      succeeded: true
    })
    expect(sessionOutcomeOf(managed, live, live, true)).toMatchObject({ status: "unchanged" })
    expect(sessionOutcomeOf(managed, live, live, false)).toMatchObject({ status: "unchanged", succeeded: false })
    expect(sessionOutcomeOf(planOf({ args: ["close"] }), live, rotated, true)).toMatchObject({
      status: "closed",
      currentSessionName: "pi-conf-0001-1",
      activeAfter: false
    })
    const fresh = {
      ...planOf({ args: ["open", "http://a.test/"], sessionMode: "fresh" }),
      sessionName: "pi-conf-0001-2",
      sessionRole: "fresh" as const
    }
    const after = { ...live, generation: 2, managed: { name: "pi-conf-0001-2", active: true, launchFlags: [] } }
    expect(sessionOutcomeOf(fresh, live, after, true)).toMatchObject({
      status: "replaced",
      replacedSessionName: "pi-conf-0001",
      currentSessionName: "pi-conf-0001-2"
    })
    expect(sessionOutcomeOf(fresh, idle, after, true)).toMatchObject({ status: "created", sessionMode: "fresh" })
    const preserved = sessionOutcomeOf(fresh, live, live, false)
    expect(preserved).toMatchObject({
      status: "preserved",
      currentSessionName: "pi-conf-0001",
      activeAfter: true,
      succeeded: false
    })
    expect(sessionOutcomeOf(fresh, idle, idle, false)).toMatchObject({ status: "abandoned", activeAfter: false })
    const explicit = planOf({ args: ["--session", "mine", "get", "url"] })
    expect(sessionOutcomeOf(explicit, live, live, true)).toBeUndefined()
    const closesManaged = planOf({ args: ["--session", "pi-conf-0001", "close"] })
    expect(sessionOutcomeOf(closesManaged, live, live, true)?.status).toBe("closed")
    const details = {
      args: [],
      effectiveArgs: [],
      sessionMode: "fresh",
      resultCategory: "failure",
      summary: "",
      managedSessionOutcome: managedSessionOutcomeDetails(preserved)
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
    // only a failed fresh call is shown, without the generated names; its follow-ups
    expect(sessionOutcomeLines(sessionOutcomeOf(managed, live, live, true))).toEqual([])
    // a fresh launch that became current, failed by a later check (a qa verdict): said so, no launch recovery
    const launchedThenFailed = sessionOutcomeOf(fresh, live, after, true)
    expect(sessionOutcomeLines(launchedThenFailed)).toEqual([
      "Managed session outcome: the fresh launch became current; the failure came after it (see failureCategory)."
    ])
    expect(sessionOutcomeActions(launchedThenFailed, ["open", "x"])).toEqual([])
    expect(sessionOutcomeLines(preserved).join("\n")).not.toContain("pi-conf-0001")
    const actions = sessionOutcomeActions(preserved, ["open", "http://a.test/"])
    expect(conforming(actions, null)).toEqual([
      "verify-current-managed-session",
      "snapshot-current-managed-session",
      "retry-fresh-managed-session"
    ])
    expect(actions[0]?.params?.args).toEqual(["--session", "pi-conf-0001", "get", "url"])
    expect(actions[2]?.params).toEqual({ args: ["open", "http://a.test/"], sessionMode: "fresh" })
    expect(sessionOutcomeActions(sessionOutcomeOf(fresh, idle, idle, false), ["open", "x"]).map((a) => a.id)).toEqual([
      "retry-fresh-managed-session"
    ])
  })

  it("a dialog-like call that timed out on a known page → recover-fresh-session-after-dialog-timeout reopens it fresh", () => {
    const dialog = planOf({ args: ["dialog", "accept"] })
    const timedOut = new TimedOut({
      reason: "no-answer",
      timeoutMs: 1000,
      dispatched: "maybe",
      stdout: "",
      stderr: "",
      lastUrl: "http://a.test/form"
    })
    const actions = formatFailure(dialog, timedOut).nextActions
    expect(actions.map((a) => a.id).slice(0, 3)).toEqual([
      "inspect-dialog-after-timeout",
      "dismiss-dialog-after-timeout",
      "recover-fresh-session-after-dialog-timeout"
    ])
    expect(actions[2]?.params).toEqual({ args: ["open", "http://a.test/form"], sessionMode: "fresh" })
  })

  it.scoped("parseError: what could not be read, beside parse-failure and the exit code", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["get", "url"] }, call)
      expect(result.details.failureCategory).toBe("parse-failure")
      expect(result.details.parseError).toBeTypeOf("string")
      expect(result.details.parseError?.length).toBeGreaterThan(0)
      expect(result.details.exitCode).toBe(0)
    }).pipe(
      Effect.provide(fakeLayer(temp.root, [{ reply: { exitCode: 0, stdout: "this is not json\n" }, repeat: true }]))
    )
  )

  it.scoped("refSnapshot after a snapshot: counts, the ref-map file and target.url", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      expect(result.details.refSnapshot).toMatchObject({ refCount: 1, target: { url: "http://a.test/" } })
      expect(result.details.refSnapshot?.path).toBeTypeOf("string")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          // snapshot -i runs with its naming read in one batch
          batchRows(() => ({
            snapshot: '- button "Go" [ref=e1]',
            refs: { e1: { role: "button", name: "Go" } },
            origin: "http://a.test/"
          })),
          {
            reply: FakeAgentBrowser.ok({
              snapshot: '- button "Go" [ref=e1]',
              refs: { e1: { role: "button", name: "Go" } },
              origin: "http://a.test/"
            }),
            repeat: true
          }
        ])
      )
    )
  )
})

describe("getters, text waits, saved files, comboboxes, Electron scope", () => {
  it("title / url given as commands → use-get-title / use-get-url (session-prefixed) and the grouped-get hint; other getters only the hint", () => {
    const unknown = (command: string) =>
      new UpstreamFailed({
        upstreamMessage: `Unknown command: ${command}`,
        type: "unknown_command",
        stderr: "",
        exitCode: 0
      })
    const title = formatFailure(planOf({ args: ["title"] }), unknown("title"))
    expect(conforming(title.nextActions)).toEqual(["use-get-title"])
    expect(title.nextActions[0]?.params?.args).toEqual(["--session", session, "get", "title"])
    expect(title.text).toContain("get title")
    expect(failureIds(unknown("url"), planOf({ args: ["url"] }))).toEqual(["use-get-url"])
    const text = formatFailure(planOf({ args: ["text", "h1"] }), unknown("text"))
    expect(text.text).toContain("get text <selector>")
    expect(text.nextActions.map((a) => a.id)).not.toContain("use-get-title")
  })

  it("wait --text that timed out → inspect-after-text-assertion-failure (a read-only snapshot); other waits keep the timeout inspection", () => {
    // the classifier reads the wait's assertion from its argv (upstream/waitAssertion.ts)
    const waited = classifyErrorText("Wait timed out after 2000ms", {
      stderr: "",
      exitCode: 1,
      argv: ["wait", "--text", "Welcome"]
    }) as TimedOut
    const actions = formatFailure(planOf({ args: ["wait", "--text", "Welcome"] }), waited).nextActions
    expect(conforming(actions)).toEqual(["inspect-after-text-assertion-failure"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "snapshot"])
    const plain = classifyErrorText("Wait timed out after 2000ms", { stderr: "", exitCode: 1, argv: ["wait", "#late"] })
    expect(failureIds(plain, planOf({ args: ["wait", "#late"] }))).toEqual(["inspect-current-page-after-timeout"])
  })

  it("a saved file that is not on disk → verify-artifact-path with artifactPath and no params; it decodes", () => {
    const actions = formatFailure(
      planOf({ args: ["screenshot", "/tmp/x.png"] }),
      new ArtifactMissing({ path: "/tmp/x.png", kind: "screenshot" })
    ).nextActions
    expect(actions[0]).toEqual({
      tool: "agent_browser",
      id: "verify-artifact-path",
      reason: expect.any(String),
      artifactPath: "/tmp/x.png"
    })
    expect(Either.isRight(Schema.decodeUnknownEither(NextAction)(actions[0]))).toBe(true)
    expect(familyOfNextActionId("verify-artifact-path")).toBe("artifacts")
  })

  it("a download not verified at its path → wait-for-download (the contract's `wait --download <path>`)", () => {
    const actions = formatFailure(
      planOf({ args: ["download", "#file", "/tmp/d.bin"] }),
      new DownloadNotVerified({ requestedPath: "/tmp/d.bin", reason: "no-file" })
    ).nextActions
    expect(conforming(actions)).toEqual(["wait-for-download"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "wait", "--download", "/tmp/d.bin"])
  })

  it("select on a custom combobox → open, inspect, ArrowDown, then Enter (with its submit caveat)", () => {
    const honesty = honestyOf(
      planOf({ args: ["select", "#fruit", "Apple"] }),
      undefined,
      notNativeSelect("#fruit", ["Apple"])
    )
    expect(conforming(honesty.nextActions)).toEqual([
      "open-custom-combobox",
      "inspect-focused-combobox",
      "try-open-combobox-with-arrow",
      "try-open-combobox-with-enter"
    ])
    expect(honesty.nextActions[3]?.params?.args).toEqual(["--session", session, "press", "Enter"])
    expect(honesty.nextActions[3]?.safety).toContain("submit")
  })

  it("artifactRetentionSummary counts every retention state; artifactCleanup and details decode with it", () => {
    const counts = retentionCounts([
      { retentionState: "live" },
      { retentionState: "live" },
      { retentionState: "evicted" },
      { retentionState: "ephemeral" }
    ])
    expect(counts).toEqual({ live: 2, ephemeral: 1, missing: 0, evicted: 1 })
    expect(retentionSummary(counts)).toBe(
      "2 live, 1 evicted, 1 ephemeral, 0 missing artifact(s) in the session manifest"
    )
    const details = {
      args: [],
      effectiveArgs: [],
      sessionMode: "auto",
      resultCategory: "success",
      summary: "",
      artifactRetentionSummary: retentionSummary(counts),
      artifactCleanup: {
        owner: "host-file-tools",
        summary: retentionSummary(counts),
        note: "n",
        explicitArtifactPaths: []
      }
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })

  it("Electron scope: get text on the app shell and @ref mutations are noted with their own ids; scoped reads and hovers are not", () => {
    const context = { launchId: "L1", sessionName: "electron-s", url: "file:///app/index.html" }
    const line = (argv: ReadonlyArray<string>) => planOf({ args: [...argv] }).line
    expect(broadTextScope(line(["get", "text", "body"]), context)).toMatchObject({
      selector: "body",
      electronContext: context
    })
    expect(broadTextScope(line(["get", "text", "#sidebar"]), context)).toBeUndefined()
    expect(refFreshness(["click", "@e4"], line(["click", "@e4"]), context)).toMatchObject({
      refs: ["@e4"],
      command: "click"
    })
    expect(refFreshness(["hover", "@e4"], line(["hover", "@e4"]), context)).toBeUndefined()
    expect(refFreshness(["click", "#go"], line(["click", "#go"]), context)).toBeUndefined()
    expect(conforming(textScopeActions(session))).toEqual(["snapshot-for-electron-text-scope"])
    expect(conforming(refFreshnessActions(session))).toEqual(["refresh-electron-refs-after-rerender"])
  })
})

describe("networkRouteDiagnostics rows", () => {
  it("pending, CORS-like and HTTP-error requests on an active route: the contract's reasons with the route's mode", () => {
    const routes = afterRoute(planOf({ args: ["network", "route", "**/api/*", "--body", "{}"] }).line, [])
    expect(routes).toEqual([{ pattern: "**/api/*", mode: "fulfill" }])
    const rows = routeDiagnostics(routes, [
      { requestId: "1.1", url: "http://a.test/api/poll" },
      {
        requestId: "1.2",
        url: "http://a.test/api/x",
        status: 0,
        error: "net::ERR_FAILED (CORS preflight did not succeed)"
      },
      { requestId: "1.3", url: "http://a.test/api/y", status: 500 },
      { requestId: "1.4", url: "http://a.test/api/z", status: 200 },
      { requestId: "1.5", url: "http://a.test/other", status: 500 }
    ])
    expect(rows.map((r) => [r.reason, r.requestId, r.mode])).toEqual([
      ["pending-routed-request", "1.1", "fulfill"],
      ["cors-likely-routed-request", "1.2", "fulfill"],
      ["failed-routed-request", "1.3", "fulfill"]
    ])
    for (const r of rows) expect(r.summary).toContain("**/api/*")
    const details = {
      args: [],
      effectiveArgs: [],
      sessionMode: "auto",
      resultCategory: "success",
      summary: "",
      networkRouteDiagnostics: rows
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
    expect(
      afterRoute(planOf({ args: ["network", "route", "**/b", "--abort"] }).line, routes).map((r) => r.mode)
    ).toEqual(["fulfill", "abort"])
  })
})

describe("comboboxFocus", () => {
  it("judged only for combobox-targeted clicks; a focused combobox with explicit aria-expanded and nothing visible to pick", () => {
    const refs = {
      refs: new Map([
        ["e1", { role: "combobox", name: "Fruit" }],
        ["e2", { role: "button", name: "Go" }]
      ]),
      url: "http://a.test/",
      daemonPid: undefined
    }
    expect(isComboboxClick(planOf({ args: ["click", "@e1"] }).line, refs)).toBe(true)
    expect(isComboboxClick(planOf({ args: ["click", "@e2"] }).line, refs)).toBe(false)
    expect(isComboboxClick(planOf({ args: ["find", "role", "combobox", "click", "--name", "Fruit"] }).line, refs)).toBe(
      true
    )
    expect(isComboboxClick(planOf({ args: ["click", "#fruit"] }).line, refs)).toBe(false)
    const facts = {
      role: "combobox",
      tag: "input",
      expanded: "false",
      hasPopup: "listbox",
      name: "Fruit",
      listboxes: 0,
      options: 0
    }
    const focus = comboboxFocusOf(facts)
    expect(focus).toMatchObject({
      reason: "focused-combobox-without-visible-options",
      activeElement: { role: "combobox", expanded: "false" },
      visibleOptionCount: 0
    })
    expect(comboboxFocusOf({ ...facts, options: 2 })).toBeUndefined()
    expect(comboboxFocusOf({ ...facts, expanded: null })).toBeUndefined()
    expect(comboboxFocusOf({ ...facts, role: "textbox" })).toBeUndefined()
    const details = {
      args: [],
      effectiveArgs: [],
      sessionMode: "auto",
      resultCategory: "success",
      summary: "",
      comboboxFocus: focus
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })
})

describe("refSnapshotInvalidation", () => {
  it.scoped(
    "a snapshot that finds no active page voids the refs: list-tabs-after-no-active-page only; @refs are stale until a new snapshot",
    () =>
      Effect.gen(function* () {
        const first = yield* runToResult({ args: ["snapshot"] }, call)
        expect(first.isError).toBe(false)
        const lost = yield* runToResult({ args: ["snapshot"] }, call)
        expect(lost.details.failureCategory).toBe("upstream-error")
        expect(lost.details.refSnapshotInvalidation).toEqual({ reason: "no-active-page", summary: expect.any(String) })
        expect(conforming(lost.details.nextActions ?? [], lost.details.sessionName ?? null)).toEqual([
          "list-tabs-after-no-active-page"
        ])
        expect(lost.details.nextActions?.[0]?.params?.args?.slice(2)).toEqual(["tab", "list"])
        const stale = yield* runToResult({ args: ["click", "@e1"] }, call)
        expect(stale.details.failureCategory).toBe("stale-ref")
        expect(stale.details.error ?? "").toContain("no active page")
        const again = yield* runToResult({ args: ["snapshot"] }, call)
        expect(again.isError).toBe(false)
        expect(again.details.refSnapshotInvalidation).toBeUndefined()
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            {
              reply: FakeAgentBrowser.ok({
                snapshot: '- button "Go" [ref=e1]',
                refs: { e1: { role: "button", name: "Go" } },
                origin: "http://a.test/"
              })
            },
            { reply: FakeAgentBrowser.fail("No active page") },
            {
              reply: FakeAgentBrowser.ok({
                snapshot: '- button "Go" [ref=e1]',
                refs: { e1: { role: "button", name: "Go" } },
                origin: "http://a.test/"
              }),
              repeat: true
            }
          ])
        )
      )
  )
})

describe("visibleRefFallback", () => {
  it("{candidates, snapshot, summary, target}: direct ref args for a click; a fill's candidates carry no args and the target no text", () => {
    const click = planOf({ args: ["find", "text", "Continue", "click"] })
    const clickMiss = new SelectorNotFound({
      selector: "text=Continue",
      reason: "no-match",
      upstreamMessage: "miss",
      fallback: { action: "click", refs: [{ ref: "e4", role: "button", name: "Continue" }] }
    })
    const shown = errorDetails(clickMiss, redact, click).visibleRefFallback
    expect(shown).toEqual({
      candidates: [
        {
          ref: "@e4",
          role: "button",
          name: "Continue",
          args: ["--session", session, "click", "@e4"],
          reason: 'exact current button named "Continue"'
        }
      ],
      snapshot: { args: ["--session", session, "snapshot", "-i"], matchedRefs: 1 },
      summary: "1 current ref exactly matches the missed target.",
      target: { action: "click", locator: "text", value: "Continue" }
    })
    const fill = planOf({ args: ["find", "label", "Email", "fill", "ada@example.com"] })
    const fillMiss = new SelectorNotFound({
      selector: "label=Email",
      reason: "no-match",
      upstreamMessage: "miss",
      fallback: {
        action: "fill",
        refs: [
          { ref: "e2", role: "textbox", name: "Email" },
          { ref: "e3", role: "textbox", name: "Email" }
        ]
      }
    })
    const quiet = errorDetails(fillMiss, redact, fill).visibleRefFallback
    expect(quiet?.candidates.every((c) => c.args === undefined)).toBe(true)
    expect(quiet?.target).toEqual({ action: "fill", locator: "label", value: "Email" })
    expect(quiet?.summary).toContain("choose only if one is unambiguous")
    expect(JSON.stringify(quiet)).not.toContain("ada@example.com")
    const details = {
      args: [],
      effectiveArgs: [],
      sessionMode: "auto",
      resultCategory: "failure",
      summary: "",
      visibleRefFallback: shown
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })
})

describe("tab recovery with a known tab, connect", () => {
  it("tab drift with the intended tab's stable id → list, select-intended-tab-after-drift (tab tN), snapshot-after-tab-recovery", () => {
    const known = new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "http://b.test/", intendedTabId: "t3" })
    const actions = formatFailure(plan, known).nextActions
    expect(conforming(actions)).toEqual([
      "list-tabs-for-tab-drift-recovery",
      "select-intended-tab-after-drift",
      "snapshot-after-tab-recovery"
    ])
    expect(actions[1]?.params?.args).toEqual(["--session", session, "tab", "t3"])
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "about:blank" }))).toEqual([
      "list-tabs-for-about-blank-recovery"
    ])
  })

  it("a successful connect → list-connected-session-tabs only", () => {
    const connect = planOf({ args: ["connect", "9222"] })
    const change = pageChange(connect, { kind: "single", data: { connected: true }, warning: undefined }, undefined, [])
    expect(conforming(change.nextActions)).toEqual(["list-connected-session-tabs"])
    expect(change.nextActions[0]?.params?.args?.slice(2)).toEqual(["tab", "list"])
  })
})

describe("semantic stale-ref retry", () => {
  it("a semanticAction compiled to find that met a stale ref → refresh, then retry-semantic-action-after-stale-ref with its compiled argv; not for fills", () => {
    const semantic = planOf({ semanticAction: { action: "click", locator: "role", value: "button", name: "Save" } })
    const stale = new StaleRef({ ref: "e7", reason: "upstream", upstreamMessage: "Stale ref e7" })
    const actions = formatFailure(semantic, stale).nextActions
    expect(conforming(actions)).toEqual(["refresh-interactive-refs", "retry-semantic-action-after-stale-ref"])
    const compiled = semantic.compiled.mode === "semanticAction" ? semantic.compiled.semanticAction.args : []
    expect(actions[1]?.params?.args).toEqual(["--session", session, ...compiled])
    expect(compiled).toContain("find")
    const fill = planOf({
      semanticAction: { action: "fill", locator: "label", value: "Email", text: "ada@example.com" }
    })
    expect(failureIds(stale, fill)).toEqual(["refresh-interactive-refs"])
  })
})
