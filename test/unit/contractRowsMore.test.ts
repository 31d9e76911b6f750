/**
 * More clauses of the contract's gap list (issue #28), one case each over FakeAgentBrowser: what the model reads
 * (values' origin, diagnostic lists, paced typing, scroll evidence) and what a resume or a repair keeps. Real-binary
 * counterparts: test/integration/contractRows.test.ts. (First part: contractRows.test.ts.)
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { scrollMovementOf, scrollNoopOf } from "../../src/page/scrollPosition.js"
import { refSnapshotFromBranch, restoreFromBranch } from "../../src/pi/restoreFromBranch.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { restoreSession } from "../../src/program/lifecycle/lifecycle.js"
import { REF_LIST_BYTES, refListOf } from "../../src/session/refSnapshotFile.js"
import { scrollFormArgs, TO_END_PX } from "../../src/upstream/scrollForms.js"
import { batchRows, commandOf, contentText, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"
import { PNG } from "../support/pngBytes.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }
/** Each step is its own upstream process: its argv after the global flags (`--json --session <name>`). */

describe("V10: a get/eval value comes first, then the origin it was read on", () => {
  it.scoped("get title and eval after an open name the page's origin; get url and an unknown page do not", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        openBatch({ url: "https://shop.test/cart?id=1", title: "Cart" }),
        {
          reply: (r) => {
            const step = commandOf(r.args)
            if (step[0] === "open") return FakeAgentBrowser.ok({ url: "https://shop.test/cart?id=1", title: "Cart" })
            if (step[0] === "eval") return FakeAgentBrowser.ok({ result: 3 })
            return FakeAgentBrowser.ok(step[1] === "url" ? { url: "https://shop.test/cart?id=1" } : { title: "Cart" })
          },
          repeat: true
        }
      ])
      const [before, , title, evaluated, url] = yield* Effect.forEach(
        [
          { args: ["get", "title"] },
          { args: ["open", "https://shop.test/cart?id=1"] },
          { args: ["get", "title"] },
          { args: ["eval", "--stdin"], stdin: "1+2" },
          { args: ["get", "url"] }
        ],
        (input) => runToResult(input, here)
      ).pipe(Effect.provide(layer))
      expect(contentText(before!.content)).toBe("Cart")
      expect(contentText(title!.content)).toBe("Cart\n(from https://shop.test)")
      expect(contentText(evaluated!.content)).toBe("3\n(from https://shop.test)")
      expect(contentText(url!.content)).toBe("https://shop.test/cart?id=1")
    })
  )
})

describe("V12: diagnostic families say their scope, leave out inline images, and render state and dashboard", () => {
  const requests = [
    { requestId: "1", method: "GET", url: "https://x.test/api", resourceType: "Fetch", status: 500 },
    { requestId: "2", method: "GET", url: "data:image/png;base64,AAAA", resourceType: "Image", status: 200 },
    { requestId: "3", method: "GET", url: "https://x.test/", resourceType: "Document", status: 200 }
  ]
  it.scoped(
    "network requests: the session-aggregate label, data:image rows counted not listed (kept in details); a page filter drops the label",
    () =>
      Effect.gen(function* () {
        const layer = fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ requests }), repeat: true }])
        const all = yield* runToResult({ args: ["network", "requests"] }, here).pipe(Effect.provide(layer))
        const text = contentText(all.content)
        expect(text).toMatch(
          /^3 requests \(session aggregate since the last --clear\): 1 failed \(1 actionable, 0 benign icon probes\); 1 data:image rows not listed\n/
        )
        expect(text).not.toContain("data:image/png")
        // #41: a request with no answer and no error (a host that does not resolve) is said, not hidden under "0
        // failed"
        const dns = { requestId: "4", method: "GET", url: "http://nohost.invalid/x", resourceType: "Fetch" }
        const noHost = fakeLayer(temp.root, [
          { reply: FakeAgentBrowser.ok({ requests: [requests[2], dns] }), repeat: true }
        ])
        const unanswered = contentText(
          (yield* runToResult({ args: ["network", "requests"] }, here).pipe(Effect.provide(noHost))).content
        )
        expect(unanswered).toMatch(
          /^2 requests \(session aggregate since the last --clear\): 0 failed \(0 actionable, 0 benign icon probes\); 1 without a response \(no answer: failed before one, e\.g\. a host that does not resolve, or still pending\)\n/
        )
        expect(JSON.stringify(all.details.data)).toContain("data:image/png")
      })
  )

  it.scoped("network requests past the row cap: the failures first, then the newest, the older ones counted", () =>
    Effect.gen(function* () {
      const ok = (i: number) => ({ requestId: `${i}`, method: "GET", url: `https://x.test/${i}`, status: 200 })
      const many = [requests[0], ...Array.from({ length: 45 }, (_, i) => ok(i + 10)), { ...ok(99), method: "POST" }]
      const layer = fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ requests: many }), repeat: true }])
      const text = contentText(
        (yield* runToResult({ args: ["network", "requests"] }, here).pipe(Effect.provide(layer))).content
      )
      const lines = text.split("\n")
      expect(lines[1]).toMatch(/^\[1\] GET https:\/\/x\.test\/api/)
      // before: the first 39 answered rows, '… 7 more (see the full output)', and no POST
      expect(lines[2]).toBe("… 7 older (see the full output)")
      expect(lines.at(-1)).toMatch(/^\[99\] POST https:\/\/x\.test\/99 \(\) 200$/)
      expect(lines).toHaveLength(2 + 1 + 39)
      // within the cap: byte for byte as before, in their order
      const few = fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ requests: many.slice(0, 40) }), repeat: true }])
      const within = contentText(
        (yield* runToResult({ args: ["network", "requests"] }, here).pipe(Effect.provide(few))).content
      )
      expect(within).not.toContain("(see the full output)")
      expect(within.split("\n")[2]).toMatch(/^\[10\] GET/)
    })
  )

  it.scoped(
    "state show: cookie values and credential-like storage hidden in text and details; state list; dashboard start/stop",
    () =>
      Effect.gen(function* () {
        const shown = {
          filename: "app.json",
          path: "/s/app.json",
          size: 226,
          encrypted: false,
          modified: 0,
          summary: "1 cookies, 1 origins",
          state: {
            cookies: [{ name: "sid", value: "cookie-secret-1", domain: "a.test", path: "/" }],
            origins: [
              {
                origin: "https://a.test",
                localStorage: [
                  { name: "theme", value: "dark" },
                  { name: "authToken", value: "tok-secret-2" }
                ],
                sessionStorage: []
              }
            ]
          }
        }
        const layer = fakeLayer(temp.root, [
          { when: (r) => r.args.includes("show"), reply: FakeAgentBrowser.ok(shown) },
          {
            when: (r) => r.args.includes("list"),
            reply: FakeAgentBrowser.ok({
              directory: "/s",
              files: [{ filename: "app.json", size: 226, modified: 0, encrypted: true, path: "/s/app.json" }]
            })
          },
          {
            when: (r) => r.args.includes("start"),
            reply: FakeAgentBrowser.ok({ access_urls: [], pid: 7, port: 4899 })
          },
          {
            when: (r) => r.args.includes("stop"),
            reply: FakeAgentBrowser.ok({ reason: "not running", stopped: false })
          }
        ])
        const [show, list, start, stop] = yield* Effect.forEach(
          [
            ["state", "show", "app.json"],
            ["state", "list"],
            ["dashboard", "start"],
            ["dashboard", "stop"]
          ],
          (args) => runToResult({ args }, here)
        ).pipe(Effect.provide(layer))
        const all = JSON.stringify([show!.content, show!.details])
        expect(all).not.toContain("cookie-secret-1")
        expect(all).not.toContain("tok-secret-2")
        expect(contentText(show!.content)).toBe(
          "State file app.json (226 bytes): 1 cookies (values hidden), 1 origins\ncookie sid — a.test/\norigin https://a.test: 2 localStorage, 0 sessionStorage entries"
        )
        expect(JSON.stringify(show!.details.data)).toContain('"valueRedactionReason":"credential-like-key"')
        expect(JSON.stringify(show!.details.data)).toContain('"value":"dark"')
        expect(contentText(list!.content)).toBe(
          "1 saved state files in /s\napp.json (226 bytes, modified 1970-01-01T00:00:00.000Z, encrypted)"
        )
        expect(contentText(start!.content)).toBe("Dashboard running on port 4899 (pid 7); stop it with dashboard stop.")
        expect(contentText(stop!.content)).toBe("Dashboard not stopped: not running.")
      })
  )
})

describe("P11/P12: refSnapshot lists the refs; a ref invalidation survives a resume", () => {
  const snapshot = FakeAgentBrowser.ok({
    snapshot: '- button "Go" [ref=e1]\n- link "Home" [ref=e2]',
    refs: { e1: { role: "button", name: "Go" }, e2: { role: "link", name: "Home" } },
    origin: "http://a.test/"
  })

  it.scoped("P11: details.refSnapshot has each ref id with role and name, and its page target", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot"] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [{ reply: snapshot }]))
      )
      expect(result.details.refSnapshot).toMatchObject({
        refCount: 2,
        refs: { e1: { role: "button", name: "Go" }, e2: { role: "link", name: "Home" } },
        target: { url: "http://a.test/" }
      })
      expect(result.details.refSnapshot).not.toHaveProperty("refsOmitted")
    })
  )

  it("P11: a page with more refs than the budget lists the first ones and says how many more (all are in the file)", () => {
    const refs = new Map(
      Array.from(
        { length: 400 },
        (_, i) =>
          [
            `e${i + 1}`,
            { role: "link", name: `Story number ${i + 1} with a long headline ${"x".repeat(100)}` }
          ] as const
      )
    )
    const listed = refListOf({ refs, url: "http://a.test/", daemonPid: undefined })
    const shown = Object.keys(listed.refs).length
    expect(shown).toBeGreaterThan(5)
    expect(listed.refsOmitted).toBe(400 - shown)
    expect(Object.keys(listed.refs)[0]).toBe("e1")
    expect(listed.refs["e1"]?.name.length).toBe(80)
    expect(JSON.stringify(listed.refs).length).toBeLessThanOrEqual(REF_LIST_BYTES)
  })

  it("P12: snapshot, then a snapshot with no active page; after a resume from that branch an @ref is refused as stale before upstream runs", async () => {
    const first = ManagedRuntime.make(
      fakeLayer(temp.root, [{ reply: snapshot }, { reply: FakeAgentBrowser.fail("No active page") }])
    )
    const taken = await first.runPromise(runToResult({ args: ["snapshot"] }, here))
    const lost = await first.runPromise(runToResult({ args: ["snapshot"] }, here))
    await first.dispose()
    expect(lost.details.refSnapshotInvalidation).toBeDefined()
    const branch = [taken, lost].map((r) => ({
      type: "message",
      message: { role: "toolResult", toolName: "agent_browser", details: r.details }
    }))
    const refs = refSnapshotFromBranch(branch)
    expect(refs).toEqual({ invalidatedSession: lost.details.sessionName })
    // the branch before the loss restores the refs themselves
    expect(refSnapshotFromBranch(branch.slice(0, 1))).toEqual({ path: taken.details.refSnapshot?.path })
    const calls: Array<ReadonlyArray<string>> = []
    const resumed = ManagedRuntime.make(
      fakeLayer(temp.root, [
        {
          reply: (r) => {
            calls.push(r.args)
            return FakeAgentBrowser.ok({})
          },
          repeat: true
        }
      ])
    )
    await resumed.runPromise(
      restoreSession(here.piSessionId, here.cwd, (base) => restoreFromBranch(branch, base), [], refs)
    )
    const click = await resumed.runPromise(runToResult({ args: ["click", "@e1"] }, here))
    await resumed.dispose()
    expect(click.details.failureCategory).toBe("stale-ref")
    expect(click.details.error ?? "").toContain("no active page")
    expect(calls.some((args) => args.includes("click"))).toBe(false)
  })
})

describe("J5: paced typing rows are one line of prose", () => {
  it.scoped("a job typing 12 characters 40 ms apart: one line from one process, no per-key rows, no characters", () =>
    Effect.gen(function* () {
      let batches = 0
      const result = yield* runToResult(
        { job: { steps: [{ action: "type", selector: "#q", text: "hello world!", delayMs: 40, press: "Enter" }] } },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { ...batchRows(() => ({})), when: (r) => r.args.includes("batch") && ++batches > 0, repeat: true },
            { reply: FakeAgentBrowser.ok({}), repeat: true }
          ])
        )
      )
      // the keys and their pauses ran in one process; the click before them and the Enter after them each ran in their
      // own, with the watch and read that say what they did (program/modes/clickStep.ts, pressStep.ts)
      expect(batches).toBe(3)
      const text = contentText(result.content)
      // the click and the Enter only echo the job's own steps: not written back when every step succeeded
      // the field read after the keys found nothing to say here (the fake answers no value): not written
      expect(text).toMatch(/^✓ 27\/27 steps\n2-25\. typed 12 keys \(keydown, input, keyup each\), 40 ms apart(\n|$)/u)
      expect(text).not.toContain("press")
      expect(text).not.toContain("hello")
      // details keep every row
      expect(result.details.batchSteps?.length).toBe(27)
    })
  )

  it.scoped("the field read after a job's typing is said on the typing's line, never as its script", () =>
    Effect.gen(function* () {
      // the read (an eval after the keys) answers what the field holds; the page changed the text
      let batches = 0,
        singles = 0
      const ok = JSON.stringify({ success: true, data: {}, error: null })
      const read = (step: ReadonlyArray<string>) =>
        step[0] === "eval" ? { result: { value: "SLOW", via: "value", selector: "#q" } } : {}
      const result = yield* runToResult(
        { job: { steps: [{ action: "type", selector: "#q", text: "slow", delayMs: 30 }] } },
        here
      ).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            { ...batchRows(read), when: (r) => r.args.includes("batch") && ++batches > 0 },
            { reply: (r) => ((singles += r.args.includes("eval") ? 1 : 0), { exitCode: 0, stdout: ok }), repeat: true }
          ])
        )
      )
      // the keys, their pauses and the read ran in one process (the click before them in its own, with its watch)
      expect([batches, singles]).toEqual([2, 0])
      const text = contentText(result.content)
      expect(text).toMatch(
        /^✓ 10\/10 steps\n2-10\. typed 4 keys \(keydown, input, keyup each\), 30 ms apart\. It now holds /u
      )
      expect(text).toContain('"SLOW"')
      expect(text).not.toContain("eval")
      expect(text).not.toContain("querySelector")
    })
  )

  it.scoped("a key that failed ends the run: the rows before stay one line, the failure is its own row", () =>
    Effect.gen(function* () {
      // the keys run in one batch: the third key fails there, and the batch stops at it
      const lost = batchRows((step) => (step[1] === "c" ? { lost: true } : {}))
      const failing = {
        ...lost,
        reply: (r: { readonly stdin?: string }) => {
          const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
          const at = steps.findIndex((s) => s[1] === "c")
          const row = (s: ReadonlyArray<string>, i: number) =>
            i < at
              ? { command: s, success: true, result: {}, error: null }
              : { command: s, success: false, result: null, error: "key lost" }
          return { exitCode: 1, stdout: JSON.stringify(steps.slice(0, at + 1).map(row)) }
        },
        repeat: true
      }
      const job = { steps: [{ action: "type" as const, selector: "#q", text: "abcd", delayMs: 10 }] }
      const script = [failing, { reply: FakeAgentBrowser.ok({}), repeat: true }]
      const result = yield* runToResult({ job }, here).pipe(Effect.provide(fakeLayer(temp.root, script)))
      expect(contentText(result.content)).toContain(
        "\n2-5. ✓ typed 2 keys (keydown, input, keyup each), 10 ms apart\n6. ✗ press c: key lost"
      )
    })
  )
})

describe("V2: a screenshot upstream wrote somewhere else is repaired to the requested path", () => {
  it.scoped("copied to the requested (absolutised) path, said in a note, tempPath naming where upstream put it", () =>
    Effect.gen(function* () {
      const elsewhere = join(temp.root, "upstream-tmp", "screenshot-1.png")
      const wanted = join(temp.root, "v2", "wanted.png")
      const result = yield* runToResult({ args: ["screenshot", "v2/wanted.png"] }, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [
            {
              reply: () => {
                mkdirSync(dirname(elsewhere), { recursive: true })
                writeFileSync(elsewhere, PNG)
                return FakeAgentBrowser.ok({ path: elsewhere })
              }
            }
          ])
        )
      )
      expect(result.isError).toBe(false)
      expect(readFileSync(wanted)).toEqual(PNG)
      expect(result.details.artifacts?.[0]).toMatchObject({
        path: wanted,
        requestedPath: wanted,
        tempPath: elsewhere,
        status: "saved"
      })
      expect(contentText(result.content)).toContain(
        `Note: agent-browser saved it to ${elsewhere}; copied to the requested path.`
      )
    })
  )

  it.scoped("nothing on disk anywhere stays artifact-missing", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["screenshot", "v2/none.png"] }, here).pipe(
        Effect.provide(
          fakeLayer(temp.root, [{ reply: FakeAgentBrowser.ok({ path: join(temp.root, "upstream-tmp", "gone.png") }) }])
        )
      )
      expect(result.details.failureCategory).toBe("artifact-missing")
    })
  )
})

describe("R5: the contract's scroll forms, and the evidence of where a scroll went", () => {
  it("scroll <css> <dir> [px] and scroll to end|top become the upstream argv that does it; others stay", () => {
    expect(scrollFormArgs(["scroll", ".pane", "down", "300"])).toEqual(["scroll", "down", "300", "--selector", ".pane"])
    expect(scrollFormArgs(["--session", "s", "scroll", "#list", "up"])).toEqual([
      "--session",
      "s",
      "scroll",
      "up",
      "--selector",
      "#list"
    ])
    expect(scrollFormArgs(["scroll", "to", "end"])).toEqual(["scroll", "down", TO_END_PX])
    expect(scrollFormArgs(["scroll", "to", "top"])).toEqual(["scroll", "up", TO_END_PX])
    for (const same of [
      ["scroll", "down", "300"],
      ["scroll", "down", "300", "--selector", ".pane"],
      ["scroll"],
      ["get", "text", "down"]
    ])
      expect(scrollFormArgs(same)).toBe(same)
  })

  it("scrollContainer from the named element's offsets, scrollPage from the window's; a container that did not move is a no-op", () => {
    const at = (scrollY: number, target?: { scrollLeft: number; scrollTop: number }) => ({
      scrollX: 0,
      scrollY,
      innerWidth: 800,
      innerHeight: 600,
      scrollWidth: 800,
      scrollHeight: 3000,
      containerCount: 0,
      containers: [],
      ...(target !== undefined ? { target } : {})
    })
    expect(
      scrollMovementOf(".pane", at(0, { scrollLeft: 0, scrollTop: 0 }), at(0, { scrollLeft: 0, scrollTop: 120 }))
    ).toEqual({
      scrollContainer: {
        selector: ".pane",
        before: { scrollLeft: 0, scrollTop: 0 },
        after: { scrollLeft: 0, scrollTop: 120 },
        moved: true
      }
    })
    expect(scrollMovementOf(".gone", at(0), at(0))).toEqual({})
    expect(scrollMovementOf(undefined, at(0), at(900))).toEqual({
      scrollPage: { before: { scrollX: 0, scrollY: 0 }, after: { scrollX: 0, scrollY: 900 }, moved: true }
    })
    expect(
      scrollNoopOf(at(0, { scrollLeft: 0, scrollTop: 40 }), at(0, { scrollLeft: 0, scrollTop: 40 }))?.message
    ).toBe("Neither the page nor the container the selector names moved.")
    expect(
      scrollNoopOf(at(0, { scrollLeft: 0, scrollTop: 40 }), at(0, { scrollLeft: 0, scrollTop: 80 }))
    ).toBeUndefined()
  })
})
