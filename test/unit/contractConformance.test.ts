/**
 * Contract conformance, organised like the contract: per next-action family, the presenter driven into the situation
 * and the exact ids and params asserted (the details shapes: contractShapes.test.ts). Every next action decodes with
 * the NextAction schema, has a registered id, and starts its args with `--session <name>` when the call had one.
 */
import { describe, expect, it } from "@effect/vitest"
import { errorDetails } from "../../src/presenters/details/errorDetails.js"
import { liveLaunchActions, fillVerificationActions } from "../../src/presenters/electron/electronNextActions.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { networkFollowUps } from "../../src/presenters/text/networkFollowUps.js"
import { honestyOf } from "../../src/presenters/text/honestyNotes.js"
import { nextActions } from "../../src/presenters/actions/nextActions.js"
import { pageChange } from "../../src/presenters/actions/pageChange.js"
import { familyOfNextActionId, PageDiagnosticsIds, overlayBlockerCandidateId } from "../../src/schema/NextActionIds.js"
import {
  ConfirmationRequired,
  InvalidInput,
  PolicyBlocked,
  SelectorNotFound,
  StaleRef,
  TabDrift,
  TimedOut,
  UpstreamFailed
} from "../../src/schema/ToolError.js"
import { planOf, plan, session, redact, conforming, failureIds } from "../support/conformance.js"

describe("page change (navigation, mutation)", () => {
  it("open → inspect-opened-page (the contract's pageChangeSummary example); a click → inspect-after-mutation with the contract's text", () => {
    const open = planOf({ args: ["open", "http://a.test/"] })
    const opened = pageChange(
      open,
      { kind: "single", data: { url: "http://a.test/", title: "A" }, warning: undefined },
      undefined,
      []
    )
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
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "about:blank" }))).toEqual([
      "list-tabs-for-about-blank-recovery"
    ])
    expect(failureIds(new TabDrift({ expectedUrl: "http://a.test/", observedUrl: "http://b.test/" }))).toEqual([
      "list-tabs-for-tab-drift-recovery"
    ])
    expect(
      failureIds(new UpstreamFailed({ upstreamMessage: "wedged", code: "page_wedged", stderr: "", exitCode: 1 }))
    ).toEqual(["list-tabs-for-recovery"])
    expect(
      formatFailure(plan, new TabDrift({ expectedUrl: "x", observedUrl: "about:blank" })).nextActions[0]?.params?.args
    ).toEqual(["--session", session, "tab", "list"])
  })

  it("a profile that cannot be used → inspect-browser-profiles then run-agent-browser-doctor; a lost browser reopens its page", () => {
    // browser-wide commands: no session prefix
    expect(
      conforming(
        formatFailure(
          plan,
          new UpstreamFailed({
            upstreamMessage: "locked",
            stderr: "",
            exitCode: 1,
            launch: { reason: "profile-locked", profile: "Work" }
          })
        ).nextActions,
        null
      )
    ).toEqual(["inspect-browser-profiles", "run-agent-browser-doctor"])
    const lost = formatFailure(
      plan,
      new UpstreamFailed({
        upstreamMessage: "lost",
        code: "browser_lost",
        browserLost: { reason: "browser-exited", lastUrl: "http://a.test/x" },
        stderr: "",
        exitCode: 1
      })
    )
    expect(conforming(lost.nextActions)[0]).toBe("reopen-lost-page")
    expect(lost.nextActions[0]?.params?.args).toEqual(["--session", session, "open", "http://a.test/x"])
  })
})

describe("selector recovery", () => {
  it("a stale ref → refresh-interactive-refs with the contract's reason and safety", () => {
    expect(
      formatFailure(plan, new StaleRef({ ref: "e3", reason: "upstream", upstreamMessage: "gone" })).nextActions
    ).toEqual([
      {
        tool: "agent_browser",
        id: "refresh-interactive-refs",
        reason: "Get current interactive refs before retrying the element action.",
        safety: "Prefer a current @ref or a stable find locator; do not retry stale refs blindly.",
        params: { args: ["--session", session, "snapshot", "-i"] }
      }
    ])
  })

  it("a click miss with exact current refs → try-current-visible-ref, -2; name candidates after them", () => {
    const find = planOf({ args: ["find", "text", "Continue", "click"] })
    const error = new SelectorNotFound({
      selector: "text=Continue",
      reason: "no-match",
      upstreamMessage: "No element",
      fallback: {
        action: "click",
        refs: [
          { ref: "e4", role: "button", name: "Continue" },
          { ref: "e9", role: "link", name: "Continue" }
        ]
      },
      candidates: [{ role: "button", name: "Continue" }]
    })
    const failed = formatFailure(find, error)
    // the text names the ref to click and why the text locator missed it (an aria-label, a shadow root)
    expect(failed.text).toContain(
      "Click @e4: the snapshot names it exactly so. A text locator reads page text only, not a name from aria-label " +
        "or text inside a shadow root."
    )
    const actions = failed.nextActions
    expect(conforming(actions)).toEqual([
      "refresh-interactive-refs",
      "try-current-visible-ref",
      "try-current-visible-ref-2",
      "try-button-name-candidate"
    ])
    expect(actions[2]?.params?.args).toEqual(["--session", session, "click", "@e9"])
    expect(actions[3]?.params?.args).toEqual([
      "--session",
      session,
      "find",
      "role",
      "button",
      "click",
      "--name",
      "Continue"
    ])
  })
})

describe("rich input recovery", () => {
  const find = planOf({
    semanticAction: { action: "fill", locator: "label", value: "Search", text: "rich-secret-text" }
  })
  const miss = (refs: ReadonlyArray<{ ref: string; role: string; name: string }>) =>
    new SelectorNotFound({
      selector: "label=Search",
      reason: "no-match",
      upstreamMessage: "No element",
      fallback: { action: "fill", refs }
    })

  it("exact editable refs → focus/click ids (numbered per candidate), details.richInputRecovery, never the text or Enter", () => {
    const error = miss([
      { ref: "e2", role: "textbox", name: "Search" },
      { ref: "e7", role: "searchbox", name: "Search" }
    ])
    const failure = formatFailure(find, error)
    expect(conforming(failure.nextActions)).toEqual([
      "refresh-interactive-refs",
      "focus-current-editable-ref",
      "click-current-editable-ref",
      "focus-current-editable-ref-2",
      "click-current-editable-ref-2"
    ])
    expect(failure.nextActions.slice(1).map((a) => a.params?.args?.slice(2))).toEqual([
      ["focus", "@e2"],
      ["click", "@e2"],
      ["focus", "@e7"],
      ["click", "@e7"]
    ])
    expect(failure.text).toContain("Rich input recovery")
    const rich = honestyOf(find, undefined, error).details.richInputRecovery
    expect(rich).toMatchObject({
      candidates: [
        {
          ref: "@e2",
          role: "textbox",
          name: "Search",
          focusArgs: ["--session", session, "focus", "@e2"],
          clickArgs: ["--session", session, "click", "@e2"]
        },
        { ref: "@e7", role: "searchbox" }
      ],
      nextActionIds: [
        "focus-current-editable-ref",
        "click-current-editable-ref",
        "focus-current-editable-ref-2",
        "click-current-editable-ref-2"
      ],
      target: { action: "fill", locator: "label", value: "Search" }
    })
    expect(Object.keys(rich?.candidates[0] ?? {}).sort()).toEqual([
      "clickArgs",
      "focusArgs",
      "name",
      "reason",
      "ref",
      "role"
    ])
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
    new TimedOut({
      reason: "no-answer",
      timeoutMs: 1000,
      dispatched: "maybe",
      stdout: "",
      stderr: "",
      ...(partialProgress !== undefined ? { partialProgress } : {})
    })

  it("a read-only unfinished step → retry-timeout-step; a step that may have acted → inspect-current-page-after-timeout (snapshot -i)", () => {
    const read = timedOut({
      completedSteps: 1,
      totalSteps: 3,
      firstIncompleteStep: { index: 1, command: ["wait", "4000"], retryable: true }
    })
    expect(failureIds(read)).toEqual(["retry-timeout-step"])
    const act = timedOut({
      completedSteps: 1,
      totalSteps: 3,
      firstIncompleteStep: { index: 1, command: ["click", "#x"], retryable: false }
    })
    const actions = formatFailure(plan, act).nextActions
    expect(conforming(actions)).toEqual(["inspect-current-page-after-timeout"])
    expect(actions[0]?.params?.args).toEqual(["--session", session, "snapshot", "-i"])
    expect(failureIds(timedOut())).toEqual(["inspect-current-page-after-timeout"])
  })

  it("a dialog-like call that timed out leads with inspect-dialog-after-timeout and dismiss-dialog-after-timeout", () => {
    const dialog = planOf({ args: ["dialog", "accept"] })
    expect(failureIds(timedOut(), dialog).slice(0, 2)).toEqual([
      "inspect-dialog-after-timeout",
      "dismiss-dialog-after-timeout"
    ])
  })

  it("details.timeoutPartialProgress: summary, 1-based steps with status, retryStep, retry only for a read", () => {
    const job = planOf({
      job: {
        steps: [
          { action: "open", url: "http://a.test/" },
          { action: "wait", milliseconds: 4000 },
          { action: "snapshot" }
        ]
      }
    })
    const rows = job.compiled.mode === "job" ? job.compiled.job.rows : []
    const error = timedOut({
      completedSteps: 1,
      totalSteps: rows.length,
      firstIncompleteStep: { index: 1, command: rows[1]!, retryable: true }
    })
    const progress = errorDetails(error, redact, job).timeoutPartialProgress
    expect(progress).toMatchObject({
      steps: rows.map((args, i) => ({
        index: i + 1,
        args,
        status: i === 0 ? "completed" : i === 1 ? "unknown" : "pending"
      })),
      retryStep: { index: 2, args: rows[1] },
      retry: { args: rows[1] }
    })
    expect((progress as { summary: string }).summary).toContain(`1/${rows.length}`)
  })
})

describe("confirmations, security, qa, usage", () => {
  it("a held action → confirm-pending-action / deny-pending-action with the exact id", () => {
    const actions = formatFailure(
      plan,
      new ConfirmationRequired({ confirmationId: "c-17", action: "click" })
    ).nextActions
    expect(conforming(actions)).toEqual(["confirm-pending-action", "deny-pending-action"])
    expect(actions.map((a) => a.params?.args?.slice(2))).toEqual([
      ["confirm", "c-17"],
      ["deny", "c-17"]
    ])
    expect(actions[0]?.safety).toBeDefined()
  })

  it("eval refused by policy → read-page-without-script", () => {
    const error = new PolicyBlocked({
      upstreamMessage: "eval denied",
      violation: { rule: "eval", subject: "eval", preset: "strict", source: "config" }
    })
    expect(failureIds(error)).toEqual(["read-page-without-script"])
  })

  it("qa.attached on a non-http page → list-tabs-before-qa-attached, snapshot-before-qa-attached", () => {
    expect(failureIds(new InvalidInput({ field: "qa.attached", detail: "not an http page" }))).toEqual([
      "list-tabs-before-qa-attached",
      "snapshot-before-qa-attached"
    ])
  })

  it("invalid input without a plan → show-command-help (no session)", () => {
    expect(
      conforming(
        formatFailure(undefined, new InvalidInput({ field: "args", detail: "bad" }), ["click"]).nextActions,
        null
      )
    ).toEqual(["show-command-help"])
  })
})

describe("network, electron, page diagnostics", () => {
  it("network requests: one selected request; a failed one gets a networkSourceLookup with requestId and session", () => {
    const actions = networkFollowUps(
      session,
      { requests: [{ requestId: "14.2", url: "http://a.test/api/items", status: 500, resourceType: "fetch" }] },
      undefined
    )
    expect(conforming(actions)).toEqual([
      "inspect-network-request",
      "find-failed-request-source",
      "filter-network-requests",
      "filter-current-page-network-requests",
      "clear-network-requests-before-repro",
      "start-network-har-capture"
    ])
    expect(actions[1]?.params).toEqual({ networkSourceLookup: { requestId: "14.2", session } })
    const routed = networkFollowUps(session, { requests: [] }, [
      {
        routePattern: "**/api/**",
        requestId: "9.1",
        requestUrl: "http://a.test/api",
        reason: "pending-routed-request",
        mode: "fulfill",
        summary: "s"
      }
    ])
    expect(conforming(routed).slice(0, 2)).toEqual([
      "inspect-routed-network-request",
      "start-network-har-capture-for-route-mock"
    ])
  })

  it("electron: status/probe/tabs/snapshot/cleanup of a live launch; fill verification", () => {
    const live = liveLaunchActions("L1", "electron-s")
    expect(live.map((a) => a.id)).toEqual([
      "status-electron-launch",
      "probe-electron-launch",
      "list-electron-tabs",
      "snapshot-electron-session",
      "cleanup-electron-launch"
    ])
    for (const a of live) expect(familyOfNextActionId(a.id)).toBe("electron")
    expect(live[0]?.params).toEqual({ electron: { action: "status", launchId: "L1" } })
    const fill = fillVerificationActions(
      {
        status: "mismatch",
        target: "@e1",
        verifiedWith: "get value",
        expectedLength: 3,
        observedLength: 0,
        summary: ""
      },
      session
    )
    expect(conforming(fill)).toEqual(["inspect-after-fill-verification", "verify-filled-value"])
  })

  it("page diagnostics: numbered text candidates; click-dispatch and overlay ids are registered", () => {
    const second = nextActions.inspectTextCandidates(session, 1, "p", "script")
    expect(conforming([second])).toEqual(["inspect-visible-text-candidates-2"])
    expect(second.params).toEqual({ args: ["--session", session, "eval", "--stdin"], stdin: "script" })
    expect([
      PageDiagnosticsIds.inspectClickDispatchMiss,
      PageDiagnosticsIds.retryClickAfterDispatchMiss,
      PageDiagnosticsIds.inspectOverlayState,
      overlayBlockerCandidateId(0)
    ]).toEqual([
      "inspect-click-dispatch-miss",
      "retry-click-after-dispatch-miss",
      "inspect-overlay-state",
      "try-overlay-blocker-candidate-1"
    ])
  })
})
