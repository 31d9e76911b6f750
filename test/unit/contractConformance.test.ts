/**
 * Contract conformance, organised like the contract: per next-action family, the presenter driven into the situation
 * and the exact ids and params asserted; then the details shapes the contract names. Every next action decodes with
 * the NextAction schema, has a registered id, and starts its args with `--session <name>` when the call had one.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { afterAll } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { resolveInputMode } from "../../src/program/pipeline/inputMode.js"
import { planInvocation } from "../../src/program/pipeline/planInvocation.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { compiledEcho } from "../../src/presenters/details/details.js"
import { errorDetails } from "../../src/presenters/details/errorDetails.js"
import { liveLaunchActions, fillVerificationActions, refFreshnessActions, textScopeActions } from "../../src/presenters/electron/electronDetails.js"
import { retentionCounts, retentionSummary } from "../../src/presenters/details/artifactRetention.js"
import { broadTextScope, refFreshness } from "../../src/electron/electronScope.js"
import { notNativeSelect } from "../../src/page/selectTarget.js"
import { afterRoute, routeDiagnostics } from "../../src/session/captures.js"
import { comboboxFocusOf, isComboboxClick } from "../../src/page/comboboxFocus.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { networkFollowUps } from "../../src/presenters/text/formatDiagnostics.js"
import { honestyOf } from "../../src/presenters/text/honestyNotes.js"
import { nextActions } from "../../src/presenters/actions/nextActions.js"
import { pageChange } from "../../src/presenters/actions/pageChange.js"
import { managedSessionOutcomeDetails, sessionOutcomeActions, sessionOutcomeLines } from "../../src/presenters/actions/managedSessionOutcome.js"
import { sessionOutcomeOf } from "../../src/session/sessionOutcome.js"
import { familyOfNextActionId, PageDiagnosticsIds, overlayBlockerCandidateId } from "../../src/schema/NextActionIds.js"
import type { Plan } from "../../src/domain/Plan.js"
import { initialSessionState } from "../../src/domain/SessionState.js"
import { NextAction, ToolDetails } from "../../src/schema/ToolDetails.js"
import {
  ArtifactMissing, ConfirmationRequired, DownloadNotVerified, InvalidInput, PolicyBlocked, SelectorNotFound, StaleRef, TabDrift, TimedOut, UpstreamFailed, type ToolError
} from "../../src/schema/ToolError.js"
import type { ToolInput } from "../../src/schema/ToolInput.js"
import { batchRows, call, fakeLayer, tempRoot, testConfig } from "../support/fakeHarness.js"

const temp = tempRoot()
afterAll(() => temp.cleanup())

const config = testConfig("/tmp/conformance")
const planOf = (raw: ToolInput): Plan => {
  const resolved = resolveInputMode(raw, "/work/cwd")
  if (Either.isLeft(resolved)) throw new Error(resolved.left.message)
  const planned = planInvocation(resolved.right.input, initialSessionState("pi-conf-0001"), config, "/work/cwd")
  if (Either.isLeft(planned)) throw new Error(planned.left.message)
  return { ...planned.right, compiled: resolved.right.compiled }
}
const plan = planOf({ args: ["click", "#go"] })
const session = plan.sessionName!
const redact = (argv: ReadonlyArray<string>) => argv

/** The rules every next action follows, then its ids. */
/** `prefixed`: the session every args action starts with; null for sessionless actions. */
const conforming = (actions: ReadonlyArray<NextAction>, prefixed: string | null = session): ReadonlyArray<string> => {
  for (const a of actions) {
    expect(Either.isRight(Schema.decodeUnknownEither(NextAction)(a)), a.id).toBe(true)
    expect(a.tool).toBe("agent_browser")
    expect(familyOfNextActionId(a.id), a.id).toBeDefined()
    expect(a.reason.length).toBeGreaterThan(0)
    const args = a.params?.args
    if (prefixed !== null && args !== undefined) expect(args.slice(0, 2), a.id).toEqual(["--session", prefixed])
  }
  return actions.map((a) => a.id)
}
const failureIds = (error: ToolError, p: Plan = plan) => conforming(formatFailure(p, error).nextActions, p.sessionName ?? null)

describe("page change (navigation, mutation)", () => {
  it("open → inspect-opened-page (the contract's pageChangeSummary example); a click → inspect-after-mutation with the contract's text", () => {
    const open = planOf({ args: ["open", "http://a.test/"] })
    const opened = pageChange(open, { kind: "single", data: { url: "http://a.test/", title: "A" }, warning: undefined }, undefined, [])
    expect(opened.summary?.nextActionIds).toEqual(["inspect-opened-page"])
    expect(conforming(opened.nextActions)).toEqual(["inspect-opened-page"])
    const clicked = pageChange(plan, { kind: "single", data: { clicked: "#go" }, warning: undefined }, undefined, [])
    expect(clicked.nextActions[0]).toEqual({
      tool: "agent_browser",
      id: "inspect-after-mutation",
      reason: "Refresh interactive refs after a browser mutation, navigation, scroll, or rerender.",
      safety: "Do not reuse prior @refs until a fresh snapshot confirms they still exist.",
      params: { args: ["--session", session, "snapshot", "-i"] }
    })
  })
})

describe("tab and session recovery", () => {
  it("tab drift: about:blank and another tab have their own list-tabs ids; a wedged page the generic one", () => {
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "about:blank" }))).toEqual(["list-tabs-for-about-blank-recovery"])
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "http://b.test/" }))).toEqual(["list-tabs-for-tab-drift-recovery"])
    expect(failureIds(new UpstreamFailed({ upstreamMessage: "wedged", code: "page_wedged", stderr: "", exitCode: 1 }))).toEqual(["list-tabs-for-recovery"])
    expect(formatFailure(plan, new TabDrift({ expectedUrl: "x", observedUrl: "about:blank" })).nextActions[0]?.params?.args).toEqual(["--session", session, "tab", "list"])
  })

  it("a profile that cannot be used → inspect-browser-profiles then run-agent-browser-doctor; a lost browser reopens its page", () => {
    // browser-wide commands: no session prefix
    expect(conforming(formatFailure(plan, new UpstreamFailed({ upstreamMessage: "locked", stderr: "", exitCode: 1, launch: { reason: "profile-locked", profile: "Work" } })).nextActions, null))
      .toEqual(["inspect-browser-profiles", "run-agent-browser-doctor"])
    const lost = formatFailure(plan, new UpstreamFailed({ upstreamMessage: "lost", code: "browser_lost", data: { lastUrl: "http://a.test/x" }, stderr: "", exitCode: 1 }))
    expect(conforming(lost.nextActions)[0]).toBe("reopen-lost-page")
    expect(lost.nextActions[0]?.params?.args).toEqual(["--session", session, "open", "http://a.test/x"])
  })
})

describe("selector recovery", () => {
  it("a stale ref → refresh-interactive-refs with the contract's reason and safety", () => {
    expect(formatFailure(plan, new StaleRef({ ref: "e3", upstreamMessage: "gone" })).nextActions).toEqual([{
      tool: "agent_browser",
      id: "refresh-interactive-refs",
      reason: "Get current interactive refs before retrying the element action.",
      safety: "Prefer a current @ref or a stable find locator; do not retry stale refs blindly.",
      params: { args: ["--session", session, "snapshot", "-i"] }
    }])
  })

  it("a click miss with exact current refs → try-current-visible-ref, -2; name candidates after them", () => {
    const find = planOf({ args: ["find", "text", "Continue", "click"] })
    const error = new SelectorNotFound({
      selector: "text=Continue",
      reason: "no-match",
      upstreamMessage: "No element",
      fallback: { action: "click", refs: [{ ref: "e4", role: "button", name: "Continue" }, { ref: "e9", role: "link", name: "Continue" }] },
      candidates: [{ role: "button", name: "Continue" }]
    })
    const actions = formatFailure(find, error).nextActions
    expect(conforming(actions)).toEqual(["refresh-interactive-refs", "try-current-visible-ref", "try-current-visible-ref-2", "try-button-name-candidate"])
    expect(actions[2]?.params?.args).toEqual(["--session", session, "click", "@e9"])
    expect(actions[3]?.params?.args).toEqual(["--session", session, "find", "role", "button", "click", "--name", "Continue"])
  })
})

describe("rich input recovery", () => {
  const find = planOf({ semanticAction: { action: "fill", locator: "label", value: "Search", text: "rich-secret-text" } })
  const miss = (refs: ReadonlyArray<{ ref: string; role: string; name: string }>) =>
    new SelectorNotFound({ selector: "label=Search", reason: "no-match", upstreamMessage: "No element", fallback: { action: "fill", refs } })

  it("exact editable refs → focus/click ids (numbered per candidate), details.richInputRecovery, never the text or Enter", () => {
    const error = miss([{ ref: "e2", role: "textbox", name: "Search" }, { ref: "e7", role: "searchbox", name: "Search" }])
    const failure = formatFailure(find, error)
    expect(conforming(failure.nextActions)).toEqual([
      "refresh-interactive-refs", "focus-current-editable-ref", "click-current-editable-ref", "focus-current-editable-ref-2", "click-current-editable-ref-2"
    ])
    expect(failure.nextActions.slice(1).map((a) => a.params?.args?.slice(2))).toEqual([["focus", "@e2"], ["click", "@e2"], ["focus", "@e7"], ["click", "@e7"]])
    expect(failure.text).toContain("Rich input recovery")
    const rich = honestyOf(find, undefined, error).details.richInputRecovery
    expect(rich).toMatchObject({
      candidates: [
        { ref: "@e2", role: "textbox", name: "Search", focusArgs: ["--session", session, "focus", "@e2"], clickArgs: ["--session", session, "click", "@e2"] },
        { ref: "@e7", role: "searchbox" }
      ],
      nextActionIds: ["focus-current-editable-ref", "click-current-editable-ref", "focus-current-editable-ref-2", "click-current-editable-ref-2"],
      target: { action: "fill", locator: "label", value: "Search" }
    })
    expect(Object.keys(rich?.candidates[0] ?? {}).sort()).toEqual(["clickArgs", "focusArgs", "name", "reason", "ref", "role"])
    expect(typeof rich?.inputMethodHint).toBe("string")
    expect(typeof rich?.summary).toBe("string")
    const all = JSON.stringify({ failure, rich })
    expect(all).not.toContain("rich-secret-text")
    expect(failure.nextActions.flatMap((a) => a.params?.args ?? [])).not.toContain("Enter")
  })

  it("a fill miss whose only match is not an editable field: no direct retry (it would need the text)", () => {
    const error = miss([{ ref: "e5", role: "combobox", name: "Search" }])
    expect(failureIds(error, find)).toEqual(["refresh-interactive-refs"])
    expect(honestyOf(find, undefined, error).details.richInputRecovery).toBeUndefined()
  })
})

describe("timeouts", () => {
  const timedOut = (partialProgress?: TimedOut["partialProgress"]) =>
    new TimedOut({ reason: "no-answer", timeoutMs: 1000, dispatched: "maybe", stdout: "", stderr: "", ...(partialProgress !== undefined ? { partialProgress } : {}) })

  it("a read-only unfinished step → retry-timeout-step; a step that may have acted → inspect-current-page-after-timeout (snapshot -i)", () => {
    const read = timedOut({ completedSteps: 1, totalSteps: 3, firstIncompleteStep: { index: 1, command: ["wait", "4000"], retryable: true } })
    expect(failureIds(read)).toEqual(["retry-timeout-step"])
    const act = timedOut({ completedSteps: 1, totalSteps: 3, firstIncompleteStep: { index: 1, command: ["click", "#x"], retryable: false } })
    const actions = formatFailure(plan, act).nextActions
    expect(conforming(actions)).toEqual(["inspect-current-page-after-timeout"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "snapshot", "-i"])
    expect(failureIds(timedOut())).toEqual(["inspect-current-page-after-timeout"])
  })

  it("a dialog-like call that timed out leads with inspect-dialog-after-timeout and dismiss-dialog-after-timeout", () => {
    const dialog = planOf({ args: ["dialog", "accept"] })
    expect(failureIds(timedOut(), dialog).slice(0, 2)).toEqual(["inspect-dialog-after-timeout", "dismiss-dialog-after-timeout"])
  })

  it("details.timeoutPartialProgress: summary, 1-based steps with status, retryStep, retry only for a read", () => {
    const job = planOf({ job: { steps: [{ action: "open", url: "http://a.test/" }, { action: "wait", milliseconds: 4000 }, { action: "snapshot" }] } })
    const rows = job.compiled.mode === "job" ? job.compiled.job.rows : []
    const error = timedOut({ completedSteps: 1, totalSteps: rows.length, firstIncompleteStep: { index: 1, command: rows[1]!, retryable: true } })
    const progress = errorDetails(error, redact, job).timeoutPartialProgress
    expect(progress).toMatchObject({
      steps: rows.map((args, i) => ({ index: i + 1, args, status: i === 0 ? "completed" : i === 1 ? "unknown" : "pending" })),
      retryStep: { index: 2, args: rows[1] },
      retry: { args: rows[1] }
    })
    expect((progress as { summary: string }).summary).toContain(`1/${rows.length}`)
  })
})

describe("confirmations, security, qa, usage", () => {
  it("a held action → confirm-pending-action / deny-pending-action with the exact id", () => {
    const actions = formatFailure(plan, new ConfirmationRequired({ confirmationId: "c-17", action: "click" })).nextActions
    expect(conforming(actions)).toEqual(["confirm-pending-action", "deny-pending-action"])
    expect(actions.map((a) => a.params?.args?.slice(2))).toEqual([["confirm", "c-17"], ["deny", "c-17"]])
    expect(actions[0]?.safety).toBeDefined()
  })

  it("eval refused by policy → read-page-without-script", () => {
    const error = new PolicyBlocked({ upstreamMessage: "eval denied", violation: { rule: "eval", subject: "eval", preset: "strict", source: "config" } })
    expect(failureIds(error)).toEqual(["read-page-without-script"])
  })

  it("qa.attached on a non-http page → list-tabs-before-qa-attached, snapshot-before-qa-attached", () => {
    expect(failureIds(new InvalidInput({ field: "qa.attached", detail: "not an http page" }))).toEqual(["list-tabs-before-qa-attached", "snapshot-before-qa-attached"])
  })

  it("invalid input without a plan → show-command-help (no session)", () => {
    expect(conforming(formatFailure(undefined, new InvalidInput({ field: "args", detail: "bad" }), ["click"]).nextActions, null)).toEqual(["show-command-help"])
  })
})

describe("network, electron, page diagnostics", () => {
  it("network requests: one selected request; a failed one gets a networkSourceLookup with requestId and session", () => {
    const actions = networkFollowUps(session, { requests: [{ requestId: "14.2", url: "http://a.test/api/items", status: 500, resourceType: "fetch" }] }, undefined)
    expect(conforming(actions)).toEqual([
      "inspect-network-request", "find-failed-request-source", "filter-network-requests", "filter-current-page-network-requests", "clear-network-requests-before-repro", "start-network-har-capture"
    ])
    expect(actions[1]?.params).toEqual({ networkSourceLookup: { requestId: "14.2", session } })
    const routed = networkFollowUps(session, { requests: [] }, [{ routePattern: "**/api/**", requestId: "9.1", requestUrl: "http://a.test/api", reason: "pending-routed-request", mode: "fulfill", summary: "s" }])
    expect(conforming(routed).slice(0, 2)).toEqual(["inspect-routed-network-request", "start-network-har-capture-for-route-mock"])
  })

  it("electron: status/probe/tabs/snapshot/cleanup of a live launch; fill verification", () => {
    const live = liveLaunchActions("L1", "electron-s")
    expect(live.map((a) => a.id)).toEqual(["status-electron-launch", "probe-electron-launch", "list-electron-tabs", "snapshot-electron-session", "cleanup-electron-launch"])
    for (const a of live) expect(familyOfNextActionId(a.id)).toBe("electron")
    expect(live[0]?.params).toEqual({ electron: { action: "status", launchId: "L1" } })
    const fill = fillVerificationActions({ status: "mismatch", target: "@e1", verifiedWith: "get value", expectedLength: 3, observedLength: 0, summary: "" }, session)
    expect(conforming(fill)).toEqual(["inspect-after-fill-verification", "verify-filled-value"])
  })

  it("page diagnostics: numbered text candidates; click-dispatch and overlay ids are registered", () => {
    const second = nextActions.inspectTextCandidates(session, 1, "p", "script")
    expect(conforming([second])).toEqual(["inspect-visible-text-candidates-2"])
    expect(second.params).toEqual({ args: ["--session", session, "eval", "--stdin"], stdin: "script" })
    expect([PageDiagnosticsIds.inspectClickDispatchMiss, PageDiagnosticsIds.retryClickAfterDispatchMiss, PageDiagnosticsIds.inspectOverlayState, overlayBlockerCandidateId(0)])
      .toEqual(["inspect-click-dispatch-miss", "retry-click-after-dispatch-miss", "inspect-overlay-state", "try-overlay-blocker-candidate-1"])
  })
})

describe("details shapes", () => {
  it("compiledJob: { args, failFast, stdin, steps: [{ action, args }] }, redacted; failFast false drops --bail", () => {
    const job = planOf({ job: { steps: [{ action: "open", url: "http://a.test/" }, { action: "fill", selector: "#pw", text: "job-secret" }] } })
    const echo = compiledEcho(job, (argv) => argv.map((t) => (t === "job-secret" ? "[REDACTED]" : t))).compiledJob as Record<string, unknown>
    expect(echo).toMatchObject({ args: ["batch", "--bail"], failFast: true, steps: [{ action: "open", args: ["open", "http://a.test/"] }, { action: "fill", args: ["fill", "#pw", "[REDACTED]"] }] })
    expect(JSON.parse(echo["stdin"] as string)).toEqual([["open", "http://a.test/"], ["fill", "#pw", "[REDACTED]"]])
    expect(JSON.stringify(echo)).not.toContain("job-secret")
    const loose = planOf({ job: { failFast: false, steps: [{ action: "wait", milliseconds: 10 }] } })
    expect(compiledEcho(loose, redact).compiledJob).toMatchObject({ args: ["batch"], failFast: false })
  })

  it("managedSessionOutcome: the contract's fields per status, from the registry's state before and after; it decodes", () => {
    const idle = initialSessionState("pi-conf-0001")
    const live = { ...idle, managed: { ...idle.managed, active: true } }
    const rotated = { ...live, generation: 1, managed: { name: "pi-conf-0001-1", active: false, launchFlags: [] } }
    const managed = planOf({ args: ["get", "url"] })
    expect(sessionOutcomeOf(managed, idle, live, true)).toMatchObject({ status: "created", sessionMode: "auto", activeBefore: false, activeAfter: true, succeeded: true })
    expect(sessionOutcomeOf(managed, live, live, true)).toMatchObject({ status: "unchanged" })
    expect(sessionOutcomeOf(managed, live, live, false)).toMatchObject({ status: "unchanged", succeeded: false })
    expect(sessionOutcomeOf(planOf({ args: ["close"] }), live, rotated, true)).toMatchObject({ status: "closed", currentSessionName: "pi-conf-0001-1", activeAfter: false })
    const fresh = { ...planOf({ args: ["open", "http://a.test/"], sessionMode: "fresh" }), sessionName: "pi-conf-0001-2", sessionRole: "fresh" as const }
    const after = { ...live, generation: 2, managed: { name: "pi-conf-0001-2", active: true, launchFlags: [] } }
    expect(sessionOutcomeOf(fresh, live, after, true)).toMatchObject({ status: "replaced", replacedSessionName: "pi-conf-0001", currentSessionName: "pi-conf-0001-2" })
    expect(sessionOutcomeOf(fresh, idle, after, true)).toMatchObject({ status: "created", sessionMode: "fresh" })
    const preserved = sessionOutcomeOf(fresh, live, live, false)
    expect(preserved).toMatchObject({ status: "preserved", currentSessionName: "pi-conf-0001", activeAfter: true, succeeded: false })
    expect(sessionOutcomeOf(fresh, idle, idle, false)).toMatchObject({ status: "abandoned", activeAfter: false })
    const explicit = planOf({ args: ["--session", "mine", "get", "url"] })
    expect(sessionOutcomeOf(explicit, live, live, true)).toBeUndefined()
    const closesManaged = planOf({ args: ["--session", "pi-conf-0001", "close"] })
    expect(sessionOutcomeOf(closesManaged, live, live, true)?.status).toBe("closed")
    const details = { args: [], effectiveArgs: [], sessionMode: "fresh", resultCategory: "failure", summary: "", managedSessionOutcome: managedSessionOutcomeDetails(preserved) }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
    // only a failed fresh call is shown, without the generated names; its follow-ups
    expect(sessionOutcomeLines(sessionOutcomeOf(managed, live, live, true))).toEqual([])
    // a fresh launch that became current, failed by a later check (a qa verdict): said so, no launch recovery
    const launchedThenFailed = sessionOutcomeOf(fresh, live, after, true)
    expect(sessionOutcomeLines(launchedThenFailed)).toEqual(["Managed session outcome: the fresh launch became current; the failure came after it (see failureCategory)."])
    expect(sessionOutcomeActions(launchedThenFailed, ["open", "x"])).toEqual([])
    expect(sessionOutcomeLines(preserved).join("\n")).not.toContain("pi-conf-0001")
    const actions = sessionOutcomeActions(preserved, ["open", "http://a.test/"])
    expect(conforming(actions, null)).toEqual(["verify-current-managed-session", "snapshot-current-managed-session", "retry-fresh-managed-session"])
    expect(actions[0]?.params?.args).toEqual(["--session", "pi-conf-0001", "get", "url"])
    expect(actions[2]?.params).toEqual({ args: ["open", "http://a.test/"], sessionMode: "fresh" })
    expect(sessionOutcomeActions(sessionOutcomeOf(fresh, idle, idle, false), ["open", "x"]).map((a) => a.id)).toEqual(["retry-fresh-managed-session"])
  })

  it("a dialog-like call that timed out on a known page → recover-fresh-session-after-dialog-timeout reopens it fresh", () => {
    const dialog = planOf({ args: ["dialog", "accept"] })
    const timedOut = new TimedOut({ reason: "no-answer", timeoutMs: 1000, dispatched: "maybe", stdout: "", stderr: "", lastUrl: "http://a.test/form" })
    const actions = formatFailure(dialog, timedOut).nextActions
    expect(actions.map((a) => a.id).slice(0, 3)).toEqual(["inspect-dialog-after-timeout", "dismiss-dialog-after-timeout", "recover-fresh-session-after-dialog-timeout"])
    expect(actions[2]?.params).toEqual({ args: ["open", "http://a.test/form"], sessionMode: "fresh" })
  })

  it.scoped("parseError: what could not be read, beside parse-failure and the exit code", () =>
    Effect.gen(function*() {
      const result = yield* runToResult({ args: ["get", "url"] }, call)
      expect(result.details.failureCategory).toBe("parse-failure")
      expect(result.details.parseError).toBeTypeOf("string")
      expect(result.details.parseError?.length).toBeGreaterThan(0)
      expect(result.details.exitCode).toBe(0)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: { exitCode: 0, stdout: "this is not json\n" }, repeat: true }]))))

  it.scoped("refSnapshot after a snapshot: counts, the ref-map file and target.url", () =>
    Effect.gen(function*() {
      const result = yield* runToResult({ args: ["snapshot", "-i"] }, call)
      expect(result.details.refSnapshot).toMatchObject({ refCount: 1, target: { url: "http://a.test/" } })
      expect(result.details.refSnapshot?.path).toBeTypeOf("string")
    }).pipe(Effect.provide(fakeLayer(temp.root, [
      // snapshot -i runs with its naming read in one batch
      batchRows(() => ({ snapshot: "- button \"Go\" [ref=e1]", refs: { e1: { role: "button", name: "Go" } }, origin: "http://a.test/" })),
      { reply: FakeAgentBrowser.ok({ snapshot: "- button \"Go\" [ref=e1]", refs: { e1: { role: "button", name: "Go" } }, origin: "http://a.test/" }), repeat: true }
    ]))))
})

describe("getters, text waits, saved files, comboboxes, Electron scope", () => {
  it("title / url given as commands → use-get-title / use-get-url (session-prefixed) and the grouped-get hint; other getters only the hint", () => {
    const unknown = (command: string) => new UpstreamFailed({ upstreamMessage: `Unknown command: ${command}`, type: "unknown_command", stderr: "", exitCode: 0 })
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
    const waited = new TimedOut({ reason: "upstream-wait", upstreamMessage: "Wait timed out after 2000ms", timeoutMs: 2000, dispatched: "no", stdout: "", stderr: "" })
    const actions = formatFailure(planOf({ args: ["wait", "--text", "Welcome"] }), waited).nextActions
    expect(conforming(actions)).toEqual(["inspect-after-text-assertion-failure"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "snapshot"])
    expect(failureIds(waited, planOf({ args: ["wait", "#late"] }))).toEqual(["inspect-current-page-after-timeout"])
  })

  it("a saved file that is not on disk → verify-artifact-path with artifactPath and no params; it decodes", () => {
    const actions = formatFailure(planOf({ args: ["screenshot", "/tmp/x.png"] }), new ArtifactMissing({ path: "/tmp/x.png", kind: "screenshot" })).nextActions
    expect(actions[0]).toEqual({ tool: "agent_browser", id: "verify-artifact-path", reason: expect.any(String), artifactPath: "/tmp/x.png" })
    expect(Either.isRight(Schema.decodeUnknownEither(NextAction)(actions[0]))).toBe(true)
    expect(familyOfNextActionId("verify-artifact-path")).toBe("artifacts")
  })

  it("a download not verified at its path → wait-for-download (the contract's `wait --download <path>`)", () => {
    const actions = formatFailure(planOf({ args: ["download", "#file", "/tmp/d.bin"] }), new DownloadNotVerified({ requestedPath: "/tmp/d.bin", reason: "no-file" })).nextActions
    expect(conforming(actions)).toEqual(["wait-for-download"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "wait", "--download", "/tmp/d.bin"])
  })

  it("select on a custom combobox → open, inspect, ArrowDown, then Enter (with its submit caveat)", () => {
    const honesty = honestyOf(planOf({ args: ["select", "#fruit", "Apple"] }), undefined, notNativeSelect("#fruit", ["Apple"]))
    expect(conforming(honesty.nextActions)).toEqual(["open-custom-combobox", "inspect-focused-combobox", "try-open-combobox-with-arrow", "try-open-combobox-with-enter"])
    expect(honesty.nextActions[3]?.params?.args).toEqual(["--session", session, "press", "Enter"])
    expect(honesty.nextActions[3]?.safety).toContain("submit")
  })

  it("artifactRetentionSummary counts every retention state; artifactCleanup and details decode with it", () => {
    const counts = retentionCounts([{ retentionState: "live" }, { retentionState: "live" }, { retentionState: "evicted" }, { retentionState: "ephemeral" }])
    expect(counts).toEqual({ live: 2, ephemeral: 1, missing: 0, evicted: 1 })
    expect(retentionSummary(counts)).toBe("2 live, 1 evicted, 1 ephemeral, 0 missing artifact(s) in the session manifest")
    const details = {
      args: [], effectiveArgs: [], sessionMode: "auto", resultCategory: "success", summary: "",
      artifactRetentionSummary: retentionSummary(counts),
      artifactCleanup: { owner: "host-file-tools", summary: retentionSummary(counts), note: "n", explicitArtifactPaths: [] }
    }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })

  it("Electron scope: get text on the app shell and @ref mutations are noted with their own ids; scoped reads and hovers are not", () => {
    const context = { launchId: "L1", sessionName: "electron-s", url: "file:///app/index.html" }
    const line = (argv: ReadonlyArray<string>) => planOf({ args: [...argv] }).line
    expect(broadTextScope(line(["get", "text", "body"]), context)).toMatchObject({ selector: "body", electronContext: context })
    expect(broadTextScope(line(["get", "text", "#sidebar"]), context)).toBeUndefined()
    expect(refFreshness(["click", "@e4"], line(["click", "@e4"]), context)).toMatchObject({ refs: ["@e4"], command: "click" })
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
      { requestId: "1.2", url: "http://a.test/api/x", status: 0, error: "net::ERR_FAILED (CORS preflight did not succeed)" },
      { requestId: "1.3", url: "http://a.test/api/y", status: 500 },
      { requestId: "1.4", url: "http://a.test/api/z", status: 200 },
      { requestId: "1.5", url: "http://a.test/other", status: 500 }
    ])
    expect(rows.map((r) => [r.reason, r.requestId, r.mode])).toEqual([
      ["pending-routed-request", "1.1", "fulfill"], ["cors-likely-routed-request", "1.2", "fulfill"], ["failed-routed-request", "1.3", "fulfill"]
    ])
    for (const r of rows) expect(r.summary).toContain("**/api/*")
    const details = { args: [], effectiveArgs: [], sessionMode: "auto", resultCategory: "success", summary: "", networkRouteDiagnostics: rows }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
    expect(afterRoute(planOf({ args: ["network", "route", "**/b", "--abort"] }).line, routes).map((r) => r.mode)).toEqual(["fulfill", "abort"])
  })
})

describe("comboboxFocus", () => {
  it("judged only for combobox-targeted clicks; a focused combobox with explicit aria-expanded and nothing visible to pick", () => {
    const refs = { refs: new Map([["e1", { role: "combobox", name: "Fruit" }], ["e2", { role: "button", name: "Go" }]]), url: "http://a.test/", daemonPid: undefined }
    expect(isComboboxClick(planOf({ args: ["click", "@e1"] }).line, refs)).toBe(true)
    expect(isComboboxClick(planOf({ args: ["click", "@e2"] }).line, refs)).toBe(false)
    expect(isComboboxClick(planOf({ args: ["find", "role", "combobox", "click", "--name", "Fruit"] }).line, refs)).toBe(true)
    expect(isComboboxClick(planOf({ args: ["click", "#fruit"] }).line, refs)).toBe(false)
    const facts = { role: "combobox", tag: "input", expanded: "false", hasPopup: "listbox", name: "Fruit", listboxes: 0, options: 0 }
    const focus = comboboxFocusOf(facts)
    expect(focus).toMatchObject({ reason: "focused-combobox-without-visible-options", activeElement: { role: "combobox", expanded: "false" }, visibleOptionCount: 0 })
    expect(comboboxFocusOf({ ...facts, options: 2 })).toBeUndefined()
    expect(comboboxFocusOf({ ...facts, expanded: null })).toBeUndefined()
    expect(comboboxFocusOf({ ...facts, role: "textbox" })).toBeUndefined()
    const details = { args: [], effectiveArgs: [], sessionMode: "auto", resultCategory: "success", summary: "", comboboxFocus: focus }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })
})

describe("refSnapshotInvalidation", () => {
  it.scoped("a snapshot that finds no active page voids the refs: list-tabs-after-no-active-page only; @refs are stale until a new snapshot", () =>
    Effect.gen(function*() {
      const first = yield* runToResult({ args: ["snapshot"] }, call)
      expect(first.isError).toBe(false)
      const lost = yield* runToResult({ args: ["snapshot"] }, call)
      expect(lost.details.failureCategory).toBe("upstream-error")
      expect(lost.details.refSnapshotInvalidation).toEqual({ reason: "no-active-page", summary: expect.any(String) })
      expect(conforming(lost.details.nextActions ?? [], lost.details.sessionName ?? null)).toEqual(["list-tabs-after-no-active-page"])
      expect(lost.details.nextActions?.[0]?.params?.args?.slice(2)).toEqual(["tab", "list"])
      const stale = yield* runToResult({ args: ["click", "@e1"] }, call)
      expect(stale.details.failureCategory).toBe("stale-ref")
      expect(stale.details.error ?? "").toContain("no active page")
      const again = yield* runToResult({ args: ["snapshot"] }, call)
      expect(again.isError).toBe(false)
      expect(again.details.refSnapshotInvalidation).toBeUndefined()
    }).pipe(Effect.provide(fakeLayer(temp.root, [
      { reply: FakeAgentBrowser.ok({ snapshot: "- button \"Go\" [ref=e1]", refs: { e1: { role: "button", name: "Go" } }, origin: "http://a.test/" }) },
      { reply: FakeAgentBrowser.fail("No active page") },
      { reply: FakeAgentBrowser.ok({ snapshot: "- button \"Go\" [ref=e1]", refs: { e1: { role: "button", name: "Go" } }, origin: "http://a.test/" }), repeat: true }
    ]))))
})

describe("visibleRefFallback", () => {
  it("{candidates, snapshot, summary, target}: direct ref args for a click; a fill's candidates carry no args and the target no text", () => {
    const click = planOf({ args: ["find", "text", "Continue", "click"] })
    const clickMiss = new SelectorNotFound({ selector: "text=Continue", reason: "no-match", upstreamMessage: "miss", fallback: { action: "click", refs: [{ ref: "e4", role: "button", name: "Continue" }] } })
    const shown = errorDetails(clickMiss, redact, click).visibleRefFallback
    expect(shown).toEqual({
      candidates: [{ ref: "@e4", role: "button", name: "Continue", args: ["--session", session, "click", "@e4"], reason: "exact current button named \"Continue\"" }],
      snapshot: { args: ["--session", session, "snapshot", "-i"], matchedRefs: 1 },
      summary: "1 current ref exactly matches the missed target.",
      target: { action: "click", locator: "text", value: "Continue" }
    })
    const fill = planOf({ args: ["find", "label", "Email", "fill", "ada@example.com"] })
    const fillMiss = new SelectorNotFound({ selector: "label=Email", reason: "no-match", upstreamMessage: "miss", fallback: { action: "fill", refs: [{ ref: "e2", role: "textbox", name: "Email" }, { ref: "e3", role: "textbox", name: "Email" }] } })
    const quiet = errorDetails(fillMiss, redact, fill).visibleRefFallback
    expect(quiet?.candidates.every((c) => c.args === undefined)).toBe(true)
    expect(quiet?.target).toEqual({ action: "fill", locator: "label", value: "Email" })
    expect(quiet?.summary).toContain("choose only if one is unambiguous")
    expect(JSON.stringify(quiet)).not.toContain("ada@example.com")
    const details = { args: [], effectiveArgs: [], sessionMode: "auto", resultCategory: "failure", summary: "", visibleRefFallback: shown }
    expect(Either.isRight(Schema.decodeUnknownEither(ToolDetails)(details))).toBe(true)
  })
})

describe("tab recovery with a known tab, connect", () => {
  it("tab drift with the intended tab's stable id → list, select-intended-tab-after-drift (tab tN), snapshot-after-tab-recovery", () => {
    const known = new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "http://b.test/", intendedTabId: "t3" })
    const actions = formatFailure(plan, known).nextActions
    expect(conforming(actions)).toEqual(["list-tabs-for-tab-drift-recovery", "select-intended-tab-after-drift", "snapshot-after-tab-recovery"])
    expect(actions[1]?.params?.args).toEqual(["--session", session, "tab", "t3"])
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "about:blank" }))).toEqual(["list-tabs-for-about-blank-recovery"])
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
    const stale = new StaleRef({ ref: "e7", upstreamMessage: "Stale ref e7" })
    const actions = formatFailure(semantic, stale).nextActions
    expect(conforming(actions)).toEqual(["refresh-interactive-refs", "retry-semantic-action-after-stale-ref"])
    const compiled = semantic.compiled.mode === "semanticAction" ? semantic.compiled.semanticAction.args : []
    expect(actions[1]?.params?.args).toEqual(["--session", session, ...compiled])
    expect(compiled).toContain("find")
    const fill = planOf({ semanticAction: { action: "fill", locator: "label", value: "Email", text: "ada@example.com" } })
    expect(failureIds(stale, fill)).toEqual(["refresh-interactive-refs"])
  })
})
