/** The tool program over FakeAgentBrowser: what runs, in what order, and what the model sees. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import { describe } from "vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { baseSessionName, runToResult } from "../../src/program/call/ToolCall.js"
import type { RunRequest } from "../../src/services/ProcessRunner.js"
import { settleExpression } from "../../src/page/pageSettle.js"
import {
  answered,
  batchRows,
  call,
  contentText,
  failing,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  stepsOf,
  suiteTempRoot
} from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const sessionOf = (r: RunRequest) => r.args[r.args.indexOf("--session") + 1]

describe("ToolCall", () => {
  it.scoped(
    "a job echoes what ran: the argv its steps shared, one upstream call per step (and a settle read after open); a plain call echoes its argv",
    () =>
      Effect.gen(function* () {
        const job = yield* runToResult(
          {
            job: {
              steps: [
                { action: "open", url: "http://127.0.0.1:1/a" },
                { action: "click", selector: "#go" }
              ]
            }
          },
          call
        )
        const requests = yield* (yield* FakeAgentBrowser).requests
        // between them, the read that waits for the opened page to stop changing (a step after open never races its
        // start)
        expect(requests.slice(0, 2).map((r) => r.args.slice(3, 5))).toEqual([
          ["open", "http://127.0.0.1:1/a"],
          ["eval", settleExpression()]
        ])
        // the click, with its recorder and read around it, in one process of its own
        expect(requests.length).toBe(3)
        expect(stepsOf(requests[2] ?? { args: [] })).toContainEqual(["click", "#go"])
        expect(job.details.batchSteps?.map((s) => s.command[0])).toEqual(["open", "click"])
        expect(job.details.effectiveArgs).toEqual(["--json", "--session", job.details.sessionName])
        expect(job.details.execution).toBe("one upstream call per step")
        const plain = yield* runToResult({ args: ["get", "url"] }, call)
        expect(plain.details.effectiveArgs).toEqual(["--json", "--session", plain.details.sessionName, "get", "url"])
        expect(plain.details.execution).toBeUndefined()
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [{ reply: answered(() => ({ url: "http://127.0.0.1:1/a" })), repeat: true }])
        )
      )
  )

  it.scoped("invalid input runs no process", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["click", "@e1"], stdin: "nope" }, call)
      expect(result.details.failureCategory).toBe("validation-error")
      expect(result.details.validationError).toContain("stdin is only read by")
      expect(yield* (yield* FakeAgentBrowser).requests).toEqual([])
    }).pipe(Effect.provide(fakeLayer(temp.root, [])))
  )

  it.scoped("calls on one session run one at a time; other sessions do not wait", () =>
    Effect.gen(function* () {
      const a1 = yield* Effect.fork(runToResult({ args: ["wait", "100"] }, call))
      const a2 = yield* Effect.fork(runToResult({ args: ["get", "url"] }, call))
      const b = yield* Effect.fork(runToResult({ args: ["get", "url"] }, { ...call, piSessionId: "session-2" }))
      yield* TestClock.adjust(1)
      const fake = yield* FakeAgentBrowser
      // a2 waits for a1's lock; b (another pi session, so another browser session) runs alongside a1
      const started = yield* fake.requests
      expect(started.map((r) => r.args.at(-1))).toEqual(["100", "url"])
      expect(sessionOf(started[0] as RunRequest)).not.toBe(sessionOf(started[1] as RunRequest))
      yield* TestClock.adjust(100)
      const after = yield* fake.requests
      expect(after.length).toBe(3)
      expect(sessionOf(after[2] as RunRequest)).toBe(sessionOf(started[0] as RunRequest))
      yield* TestClock.adjust(100)
      yield* Fiber.join(a1)
      yield* Fiber.join(a2)
      yield* Fiber.join(b)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ url: "http://x" }), delayMs: 100, repeat: true }])
      )
    )
  )

  it.scoped("oversized output is spilled in full to a private file and the inline text stays within budget", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["eval", "--stdin"], stdin: "x" }, call)
      const text = contentText(result.content)
      expect(Buffer.byteLength(text)).toBeLessThan(16 * 1024)
      expect(result.details.fullOutputPath).toBeDefined()
      expect(text).toContain(`full output (`)
      expect(text).toContain(result.details.fullOutputPath)
      const spilled = readFileSync(result.details.fullOutputPath ?? "", "utf8")
      // every line of the reply is in the spill file, none of the tail is inline
      expect(spilled.match(/line \d+/g)?.length).toBe(3000)
      expect(spilled).toContain("line 2999")
      expect(text).not.toContain("line 2999")
      expect(Buffer.byteLength(spilled)).toBeGreaterThan(16 * 1024)
      expect(result.details.dataOmitted?.bytes).toBeGreaterThan(4096)
      expect(JSON.stringify(result.details).length).toBeLessThan(4096)
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          { reply: FakeAgentBrowser.ok({ result: Array.from({ length: 3000 }, (_, i) => `line ${i}`).join("\n") }) }
        ])
      )
    )
  )

  it.scopedLive("a fresh launch that replaces an active managed session closes the old one with its launch flags", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["--profile", "Work", "open", "http://a"] }, call)
      // its daemon runs (the fake writes no pid file; a session without one is closed without asking upstream)
      const first = sessionOf((yield* (yield* FakeAgentBrowser).requests)[0] as RunRequest) ?? ""
      mkdirSync(join(temp.root, "s"), { recursive: true })
      writeFileSync(join(temp.root, "s", `${first}.pid`), "2147480000")
      const fresh = yield* runToResult({ args: ["--profile", "Home", "open", "http://b"], sessionMode: "fresh" }, call)
      expect(fresh.isError).toBe(false)
      const requests = yield* (yield* FakeAgentBrowser).requests
      const close = requests.at(-1)?.args
      expect(close).toEqual(["--json", "--session", sessionOf(requests[0] as RunRequest), "--profile", "Work", "close"])
      const next = yield* runToResult({ args: ["get", "url"] }, call)
      expect(next.details.sessionName).toBe(fresh.details.sessionName)
      expect(next.details.effectiveArgs).toContain("Home")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://b", title: "B" }, undefined, true),
          { reply: FakeAgentBrowser.ok({ url: "http://b", title: "B" }), repeat: true }
        ])
      )
    )
  )

  it.scoped("a caller's batch that ends in snapshot -i leaves its refs current: the next call acts on them", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      yield* runToResult({ args: ["snapshot", "-i"] }, call)
      // the batch checks a box (which may re-render), then takes the snapshot the model reads its next refs from
      const read = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["check", "#c"],
            ["snapshot", "-i"]
          ])
        },
        call
      )
      expect(read.details.resultCategory, JSON.stringify(read.content)).toBe("success")
      const next = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["click", "@e7"],
            ["get", "url"]
          ])
        },
        call
      )
      expect(next.details.failureCategory, JSON.stringify(next.content)).toBeUndefined()
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }),
          // the first snapshot allocates e1, the batch's later one e7 (upstream never reuses a ref number)
          {
            when: (r) => r.args.includes("snapshot"),
            reply: FakeAgentBrowser.ok({
              origin: "http://a.test/",
              refs: { e1: { role: "checkbox", name: "Done" } },
              snapshot: '- checkbox "Done" [ref=e1]'
            })
          },
          {
            when: (r) => r.args.includes("snapshot"),
            reply: FakeAgentBrowser.ok({
              origin: "http://a.test/",
              refs: { e7: { role: "button", name: "Clear completed" } },
              snapshot: '- button "Clear completed" [ref=e7]'
            }),
            repeat: true
          },
          // the check step runs behind its guard's read, in one batch (page/checkGuard.ts)
          {
            ...batchRows((step) => (step[0] === "eval" ? { result: true } : { checked: "#c" })),
            when: (r) => stepsOf(r).some((step) => step[0] === "check")
          },
          { reply: answered(() => ({ url: "http://a.test/", title: "A" })), repeat: true }
        ])
      )
    )
  )

  it.scoped("a watchdog timeout is a timeout failure with an inspect next action", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["open", "http://slow"], timeoutMs: 2000 }, call)
      expect(result.isError).toBe(true)
      expect(result.details.failureCategory).toBe("timeout")
      expect(result.details.timedOut).toBe(true)
      expect(result.details.timeoutMs).toBe(2000)
      expect(result.details.nextActions?.[0]?.params?.args?.slice(-2)).toEqual(["get", "url"])
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: "timeout" }])))
  )

  it.scoped("a claimed screenshot that is not on disk is artifact-missing", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["screenshot", "/nonexistent/dir/x.png"] }, call)
      expect(result.details.failureCategory).toBe("artifact-missing")
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ path: "/nonexistent/dir/x.png" }) }])))
  )
})

describe("allowed domains", () => {
  it.scoped("a navigation that ends outside --allowed-domains is policy-blocked", () =>
    Effect.gen(function* () {
      const ok = yield* runToResult(
        { args: ["--allowed-domains", "127.0.0.1,*.example.test", "open", "http://127.0.0.1/a"] },
        call
      )
      expect(ok.isError).toBe(false)
      const sub = yield* runToResult({ args: ["open", "http://docs.example.test/"] }, call)
      expect(sub.isError).toBe(false)
      const redirected = yield* runToResult({ args: ["open", "http://127.0.0.1/redirect"] }, call)
      expect(redirected.details.failureCategory).toBe("policy-blocked")
      expect(redirected.details.error).toContain("host evil.test")
      expect(redirected.details.effectiveArgs).toContain("--allowed-domains")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          // each open with its page read, in one process
          openBatch({ url: "http://127.0.0.1/a", title: "A" }),
          openBatch({ url: "http://docs.example.test/", title: "Docs" }),
          openBatch({ url: "https://evil.test/landing", title: "Evil" }),
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )
})

describe("guidance in results", () => {
  it.scoped("open suggests a fresh snapshot and summarizes the navigation", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      expect(result.details.pageChangeSummary).toMatchObject({
        changeType: "navigation",
        command: "open",
        title: "A",
        url: "http://a.test/",
        nextActionIds: ["inspect-opened-page"]
      })
      expect(result.details.nextActions?.[0]?.params?.args).toEqual([
        "--session",
        result.details.sessionName,
        "snapshot",
        "-i"
      ])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }),
          { reply: FakeAgentBrowser.ok({}), repeat: true }
        ])
      )
    )
  )

  it.scoped("a failed batch names its first failed step and carries that step's next actions", () =>
    Effect.gen(function* () {
      const result = yield* runToResult(
        {
          args: ["batch"],
          stdin: JSON.stringify([
            ["get", "title"],
            ["click", "@e9"]
          ])
        },
        call
      )
      expect(result.details.batchFailure?.failedStep).toMatchObject({
        index: 1,
        command: ["click", "@e9"],
        failureCategory: "stale-ref"
      })
      expect(result.details.nextActions?.[0]?.id).toBe("refresh-interactive-refs")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          // each step is its own upstream process
          { when: (r) => r.args.includes("title"), reply: FakeAgentBrowser.ok({ title: "T" }) },
          failing((step) => step.includes("@e9"), "Unknown ref: e9")
        ])
      )
    )
  )

  it.scoped("dialog commands get the short watchdog", () =>
    Effect.gen(function* () {
      yield* runToResult({ args: ["dialog", "status"] }, call)
      const [request] = yield* (yield* FakeAgentBrowser).requests
      expect(request?.timeoutMs).toBe(5_000)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ hasDialog: false }) }])))
  )
})

describe("tab recovery after open", () => {
  const targetFile = (url: string) => {
    const session = baseSessionName("pi", call.piSessionId, call.cwd)
    mkdirSync(join(temp.root, "s"), { recursive: true })
    writeFileSync(join(temp.root, "s", `${session}.target`), JSON.stringify({ targetId: "X", url, pinned: false }))
  }

  /** An open of http://a.test/ ("Start") whose tab list shows `front` alone (a `tab t1` is answered, if sent). */
  const startOpened = (front: Record<string, unknown>) =>
    fakeLayer(temp.root, [
      openBatch(
        { url: "http://a.test/", title: "Start" },
        { title: "Start", url: "http://a.test/", challenge: NO_CHALLENGE }
      ),
      { when: (r) => r.args.at(-1) === "t1", reply: FakeAgentBrowser.ok({ tabId: "t1", url: "http://a.test/" }) },
      { reply: FakeAgentBrowser.ok({ tabs: [front] }) }
    ])
  /** The only tab, in front, still lists the opened page. */
  const START_IN_FRONT = { tabId: "t1", url: "http://a.test/", title: "Start", active: true }

  it.scoped("re-selects the tab showing the opened page when the active tab drifted to about:blank", () =>
    Effect.gen(function* () {
      targetFile("about:blank")
      const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      expect(result.isError).toBe(false)
      expect(result.details.tabCorrection).toEqual({ reselected: "t2", from: "about:blank", reason: "after-open" })
      const requests = (yield* (yield* FakeAgentBrowser).requests).map((r) =>
        r.args.includes("batch") ? "batch" : r.args.slice(-2).join(" ")
      )
      // the open and its read in one process; the read ran in the tab upstream left in front, so it runs again
      // once the opened page's tab is selected
      expect(requests).toEqual(["batch", "tab list", "tab t2", "batch"])
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch({ url: "http://a.test/", title: "A" }, { title: "", url: "about:blank", challenge: NO_CHALLENGE }),
          { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok({}) },
          {
            when: (r) => r.args.at(-1) === "list",
            reply: FakeAgentBrowser.ok({
              tabs: [
                { tabId: "t1", url: "about:blank", active: true },
                { tabId: "t2", url: "http://a.test/", active: false }
              ]
            })
          },
          { when: (r) => r.args.at(-1) === "t2", reply: FakeAgentBrowser.ok({ tabId: "t2", url: "http://a.test/" }) }
        ])
      )
    )
  )

  it.scoped("says where an opened page moved on by itself (a meta refresh) instead of calling it tab drift", () =>
    Effect.gen(function* () {
      targetFile("http://a.test/final")
      const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const text = contentText(result.content)
      expect(result.isError, text).toBe(false)
      expect(text).toContain("Opened: Start")
      expect(text).toContain("Page: Final page — http://a.test/final")
      expect(result.details.tabCorrection).toBeUndefined()
    }).pipe(Effect.provide(startOpened({ tabId: "t1", url: "http://a.test/final", title: "Final page", active: true })))
  )

  it.scoped("a page moved on to that is still loading (its URL as its tab's title) is said without a title", () =>
    Effect.gen(function* () {
      targetFile("http://a.test/final")
      const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const text = contentText(result.content)
      expect(result.isError, text).toBe(false)
      expect(text).toContain("Page: http://a.test/final")
      expect(text).not.toContain("a.test/final —")
      expect(text).not.toContain("untitled")
    }).pipe(
      Effect.provide(startOpened({ tabId: "t1", url: "http://a.test/final", title: "a.test/final", active: true }))
    )
  )

  it.scoped(
    "a front tab that still lists the opened page while it moves on is no drift: nothing re-selected or pinned",
    () =>
      Effect.gen(function* () {
        // the refresh reached the daemon's record before the tab list caught up: the only tab, in front, lists the start
        targetFile("http://a.test/final")
        const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
        const text = contentText(result.content)
        expect(result.isError, text).toBe(false)
        // its title was not read: none is claimed (before: "Page: (untitled) — …", as if the page had none)
        expect(text).toContain("Page: http://a.test/final")
        expect(text).not.toContain("untitled")
        expect(result.details.navigationSummary).toEqual({ url: "http://a.test/final" })
        expect(result.details.tabCorrection).toBeUndefined()
        const requests = (yield* (yield* FakeAgentBrowser).requests).map((r) => r.args.at(-1))
        // before: `tab t1` selected the tab already in front, and the session was pinned to it (key presses then ran
        // unwatched, their effects unsaid)
        expect(requests.filter((a) => a === "t1")).toEqual([])
      }).pipe(Effect.provide(startOpened(START_IN_FRONT)))
  )

  it.scoped(
    "a daemon record behind the tab list (about:blank) while the front tab lists the opened page: no claim",
    () =>
      Effect.gen(function* () {
        targetFile("about:blank")
        const result = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
        const text = contentText(result.content)
        expect(result.isError, text).toBe(false)
        expect(text).toContain("Opened: Start")
        expect(text).not.toContain("Page:")
        expect(result.details.tabCorrection).toBeUndefined()
      }).pipe(Effect.provide(startOpened(START_IN_FRONT)))
  )

  it.scoped("fails as tab-drift with recovery steps when no tab shows the opened page", () =>
    Effect.gen(function* () {
      targetFile("chrome://new-tab-page/")
      const result = yield* runToResult({ args: ["open", "http://b.test/"] }, call)
      expect(result.details.failureCategory).toBe("tab-drift")
      expect(result.details.nextActions?.[0]?.id).toBe("list-tabs-for-tab-drift-recovery")
    }).pipe(
      Effect.provide(
        fakeLayer(temp.root, [
          openBatch(
            { url: "http://b.test/", title: "B" },
            { title: "New Tab", url: "chrome://new-tab-page/", challenge: NO_CHALLENGE }
          ),
          { reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", url: "chrome://new-tab-page/", active: true }] }) }
        ])
      )
    )
  )
})

describe("focus check before a read", () => {
  it.scoped(
    "a page that moved by itself (no tab shows the known page) becomes the known page: tabs are listed once",
    () =>
      Effect.gen(function* () {
        const session = baseSessionName("pi", call.piSessionId, call.cwd)
        mkdirSync(join(temp.root, "s"), { recursive: true })
        const target = join(temp.root, "s", `${session}.target`)
        writeFileSync(target, JSON.stringify({ targetId: "X", url: "http://a.test/", pinned: false }))
        yield* runToResult({ args: ["open", "http://a.test/"] }, call)
        // an SPA route change the tool did not cause
        writeFileSync(target, JSON.stringify({ targetId: "X", url: "http://a.test/moved", pinned: false }))
        const first = yield* runToResult({ args: ["get", "title"] }, call)
        const second = yield* runToResult({ args: ["get", "title"] }, call)
        rmSync(target)
        expect(first.isError).toBe(false)
        expect(second.details.tabCorrection).toBeUndefined()
        const requests = (yield* (yield* FakeAgentBrowser).requests).map((r) => r.args.slice(-2).join(" "))
        expect(requests.filter((r) => r === "tab list")).toHaveLength(1)
      }).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            openBatch({ url: "http://a.test/", title: "A" }),
            { when: (r) => r.args.includes("batch"), reply: FakeAgentBrowser.ok({}), repeat: true },
            {
              when: (r) => r.args.at(-1) === "list",
              reply: FakeAgentBrowser.ok({ tabs: [{ tabId: "t1", url: "http://a.test/moved", active: true }] }),
              repeat: true
            },
            { when: (r) => r.args.at(-1) === "title", reply: FakeAgentBrowser.ok({ title: "A" }), repeat: true }
          ])
        )
      )
  )
})
