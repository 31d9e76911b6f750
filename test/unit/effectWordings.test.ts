/**
 * Issue #41 item 6: words that said something else happened. A fixed wait that passed is said as waited, not as a
 * timeout; an open of a URL that is a file is said as the saved download. Real-binary counterparts:
 * test/integration/effectWordings.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { downloadedText } from "../../src/presenters/text/downloadedText.js"
import { contentText, fakeLayer, NO_CHALLENGE, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const here = { piSessionId: "s", cwd: temp.root }

describe("words that say what happened (#41)", () => {
  it.scoped("wait 1000 that passed: 'Waited 1000 ms.' (was 'Wait done (timeout).')", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        { when: (r) => r.args.includes("wait"), reply: FakeAgentBrowser.ok({ waited: "timeout" }) }
      ])
      const result = yield* runToResult({ args: ["wait", "1000"] }, here).pipe(Effect.provide(layer))
      expect(contentText(result.content)).toBe("Waited 1000 ms.")
    })
  )

  it.scoped("an empty value read is said '(empty)', never a blank answer; a wait says what now holds", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        { when: (r) => r.args.includes("title"), reply: FakeAgentBrowser.ok({ title: "" }) },
        {
          when: (r) => r.args.includes("--state"),
          reply: FakeAgentBrowser.ok({ selector: "#sp", waited: "selector" })
        },
        { when: (r) => r.args.includes("--text"), reply: FakeAgentBrowser.ok({ text: "Saved", waited: "text" }) }
      ])
      const run = (args: ReadonlyArray<string>) =>
        runToResult({ args: [...args] }, here).pipe(Effect.map((r) => contentText(r.content)))
      const texts = yield* Effect.all([
        run(["get", "title"]),
        run(["wait", "#sp", "--state", "hidden"]),
        run(["wait", "--text", "Saved"])
      ]).pipe(Effect.provide(layer))
      expect(texts).toEqual(["(empty)", "#sp is hidden or gone.", 'The text "Saved" is on the page.'])
    })
  )

  it.scoped(
    "wait --url names the URL the page is at; wait --load names the state; --fn its expression (was 'Wait done (url).')",
    () =>
      Effect.gen(function* () {
        const layer = fakeLayer(temp.root, [
          { when: (r) => r.args.includes("--url"), reply: FakeAgentBrowser.ok({ url: "http://a.test/checkout" }) },
          { when: (r) => r.args.includes("networkidle"), reply: FakeAgentBrowser.ok({ state: "networkidle" }) },
          { when: (r) => r.args.includes("load"), reply: FakeAgentBrowser.ok({ state: "load" }) },
          { when: (r) => r.args.includes("--fn"), reply: FakeAgentBrowser.ok({ result: true }) }
        ])
        const run = (args: ReadonlyArray<string>) =>
          runToResult({ args: [...args] }, here).pipe(Effect.map((r) => contentText(r.content)))
        const texts = yield* Effect.all([
          run(["wait", "--url", "**/checkout"]),
          run(["wait", "--load", "networkidle"]),
          run(["wait", "--load", "load"]),
          run(["wait", "--fn", "document.querySelectorAll('li').length >= 3"])
        ]).pipe(Effect.provide(layer))
        expect(texts).toEqual([
          "URL matched; the page is at http://a.test/checkout",
          "Network idle: no request was in flight for 500 ms (the page may start new ones later).",
          "The page reached its load state.",
          "The condition is now true: document.querySelectorAll('li').length >= 3"
        ])
      })
  )

  it.scoped("clipboard commands say what the clipboard holds, the model's own text read back as written", () =>
    Effect.gen(function* () {
      const layer = fakeLayer(temp.root, [
        { when: (r) => r.args.includes("read"), reply: FakeAgentBrowser.ok({ text: "Hello 42" }) },
        { when: (r) => r.args.includes("write"), reply: FakeAgentBrowser.ok({ written: true }) },
        { when: (r) => r.args.includes("copy"), reply: FakeAgentBrowser.ok({ copied: true }) },
        { when: (r) => r.args.includes("paste"), reply: FakeAgentBrowser.ok({ pasted: true }) }
      ])
      const run = (args: ReadonlyArray<string>) =>
        runToResult({ args: [...args] }, here).pipe(Effect.map((r) => contentText(r.content)))
      const texts = yield* Effect.all(
        [
          ["clipboard", "write", "Hello 42"],
          ["clipboard", "read"],
          ["clipboard", "copy"],
          ["clipboard", "paste"]
        ].map(run)
      ).pipe(Effect.provide(layer))
      expect(texts).toEqual([
        "The clipboard now holds the 8 characters written.",
        'The clipboard holds "Hello 42"',
        "Sent the copy shortcut (Control+C) to the page; clipboard read says what it holds.",
        "Sent the paste shortcut (Control+V) to the focused element."
      ])
    })
  )

  it("an open that downloaded a file says the saved file, not a failed navigation", () => {
    expect(
      downloadedText({ downloaded: "/h/Downloads/r.txt", from: "http://a.test/download/r.txt", sizeBytes: 19 })?.text
    ).toBe(
      "Downloaded, not opened: http://a.test/download/r.txt is a file; the browser saved it to /h/Downloads/r.txt, 19 bytes (checked on disk). " +
        "The tab still shows the page before."
    )
    expect(downloadedText({ url: "http://a.test/", title: "A" })).toBeUndefined()
  })

  it.scoped("a short error page (404) that settled: the status, no 'may still be loading', no wait offered", () =>
    Effect.gen(function* () {
      const opened = { url: "http://a.test/gone", title: "Acme shop" }
      const settle = {
        settled: true,
        waitedMs: 150,
        interactiveCount: 0,
        textChars: 20,
        scripted: true,
        httpStatus: 404
      }
      const r = yield* runToResult({ args: ["open", opened.url] }, here).pipe(
        Effect.provide(fakeLayer(temp.root, [openBatch(opened, { ...opened, challenge: NO_CHALLENGE, settle })]))
      )
      expect(contentText(r.content)).toBe(
        "Opened: Acme shop\nURL: http://a.test/gone\n" +
          "HTTP status 404: the server answered with an error; the page shows what it sent.\n" +
          "The error page has loaded and shows almost nothing (no controls, hardly any text)."
      )
      expect(JSON.stringify(r.details.nextActions)).not.toContain("wait-for-page-ui")
    })
  )

  it.scoped("a loaded short page without scripts: not 'it may still be loading', and no wait offered", () =>
    Effect.gen(function* () {
      const opened = { url: "http://a.test/short", title: "Short" }
      const settle = { settled: true, waitedMs: 150, interactiveCount: 0, textChars: 3 }
      const run = (scripted: boolean) =>
        runToResult({ args: ["open", opened.url] }, here).pipe(
          Effect.provide(
            fakeLayer(temp.root, [
              openBatch(opened, { ...opened, challenge: NO_CHALLENGE, settle: { ...settle, scripted } })
            ])
          )
        )
      const plain = yield* run(false)
      expect(contentText(plain.content)).toBe(
        "Opened: Short\nURL: http://a.test/short\nThe page has loaded and shows almost nothing (no controls, hardly any text); it has no scripts, so that is all of it."
      )
      expect(JSON.stringify(plain.details.nextActions)).not.toContain("wait-for-page-ui")
      const app = yield* run(true)
      expect(contentText(app.content)).toContain(
        "Almost nothing on the page yet (no controls, hardly any text): it may still be loading; wait, then snapshot -i."
      )
    })
  )
})
