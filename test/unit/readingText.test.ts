/** Long documents: the view keeps every heading, says how much is left and where to read on; reading on is in order. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"
import { presentSnapshotWith } from "../../src/presenters/text/presentSnapshot.js"
import { compactSnapshot, LONG_VIEW_TOTAL_BYTES } from "../../src/snapshot/compactSnapshot.js"
import {
  parsePlace,
  placeText,
  READ_RESULT_BYTES,
  readFrom,
  readHead,
  readingDocOfTree
} from "../../src/snapshot/readingText.js"
import { extractSnapshotOptions } from "../../src/upstream/snapshotOptions.js"

const bytes = (s: string) => Buffer.byteLength(s, "utf8")

/** A standards document: 60 sections of 12 paragraphs each (~130 KiB of text), inside a page with a nav. */
const standard = (sections = 60): string =>
  [
    "- navigation",
    ...Array.from({ length: 30 }, (_, i) => `  - link "Nav ${i}" [ref=e${900 + i}]`),
    "- main",
    '  - heading "The Standard" [level=1, ref=e1]',
    ...Array.from({ length: sections }, (_, s) =>
      [
        `  - heading "${s + 1}. Section ${s + 1} of the standard" [level=2, ref=e${10 + s}]`,
        ...Array.from(
          { length: 12 },
          (_, p) =>
            `  - paragraph\n    - StaticText "Sentence ${s + 1}.${p + 1} states a requirement of section ${s + 1} in words long enough to read like a real standard would."`
        )
      ].join("\n")
    )
  ].join("\n")

/** Every paragraph number `s.p` a text holds. */
const paragraphs = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(/Sentence (\d+\.\d+) states/g)].map((m) => m[1] ?? "")

describe("the view of a long document", () => {
  const raw = standard()
  const view = compactSnapshot(raw, "https://std.test/").text

  it("fills the view's budget under the inline cap, lists every heading it does not show with its section, and says what is left", () => {
    expect(bytes(view)).toBeLessThanOrEqual(LONG_VIEW_TOTAL_BYTES)
    expect(bytes(view)).toBeGreaterThan(LONG_VIEW_TOTAL_BYTES - 300)
    const shown = [...view.matchAll(/^## (\d+)\. Section/gm)].map((m) => Number(m[1]))
    const listed = [...view.matchAll(/^§(\d+) ## (\d+)\. Section/gm)].map((m) => Number(m[2]))
    // every section heading is in the view: in the text, or in the outline of the rest
    expect([...new Set([...shown, ...listed])].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1)
    )
    expect(view).toMatch(
      /… \d+\.\d KiB of the main content not shown yet \(§\d+–§61, \d reads?\)\. Read on as text, in order: snapshot --read \d+(\+\d+)?/
    )
    expect(view).not.toContain("(more in the full snapshot)")
  })

  it("reads on in order from where the view stopped in as many reads as it says: no gap, no repeat, and the end says so", () => {
    const doc = readingDocOfTree(raw)
    let text = view
    let place = /snapshot --read (\S+)$/m.exec(view)?.[1]
    const said = [Number(/, (\d) reads?\)/.exec(view)?.[1])]
    const reads: Array<string> = []
    while (place !== undefined) {
      const read = readFrom(
        doc,
        parsePlace(place) ?? { section: 0, skip: 0 },
        READ_RESULT_BYTES - bytes(readHead("https://std.test/"))
      )
      if (read.next !== undefined) said.push(Number(/, (\d) reads?\)/.exec(read.text)?.[1]))
      expect(bytes(read.text)).toBeLessThanOrEqual(READ_RESULT_BYTES)
      // a read that goes on fills pi's result to within a line and its own framing
      if (read.next !== undefined) expect(bytes(read.text)).toBeGreaterThan(READ_RESULT_BYTES - 1024)
      // text, not a tree: no refs, no upstream lines
      expect(read.text).not.toMatch(/@e\d+|\[ref=|- StaticText/)
      reads.push(read.text)
      text += `\n${read.text}`
      place = read.next !== undefined ? placeText(read.next) : undefined
    }
    expect(reads.length).toBeLessThanOrEqual(3)
    // each call says how many reads are left, and that is how many it took
    expect(said).toEqual(Array.from({ length: reads.length }, (_, i) => reads.length - i))
    expect(reads.at(-1)).toMatch(/\(end of the main content\)$/)
    // every paragraph once, in order: each read starts on the line after the last one the call before it showed
    const all = Array.from({ length: 60 }, (_, s) => Array.from({ length: 12 }, (_, p) => `${s + 1}.${p + 1}`)).flat()
    expect(paragraphs(text)).toEqual(all)
  })
})

describe("snapshot --read", () => {
  it("is a wrapper flag with a place, taken without -i", () => {
    expect(extractSnapshotOptions(["snapshot", "--read", "14+37"])).toEqual({
      args: ["snapshot"],
      options: { viewport: false, diff: false, read: "14+37" }
    })
    expect(extractSnapshotOptions(["snapshot", "--read", "x"]).error).toMatch(/--read takes a section/)
    expect(extractSnapshotOptions(["snapshot", "-i", "--read", "3"]).error).toMatch(/without -i/)
    expect(parsePlace("§12")).toEqual({ section: 12, skip: 0 })
    expect(placeText({ section: 3, skip: 0 })).toBe("3")
  })

  it("shows the text from the section, allowed more inline than a view, and keeps only counts in details", () => {
    const raw = standard()
    const p = presentSnapshotWith(
      ["snapshot"],
      { origin: "https://std.test/", refs: { e1: { role: "heading", name: "The Standard" } }, snapshot: raw },
      { options: { viewport: false, diff: false, read: "30" } }
    )
    expect(p.text).toMatch(
      /^Reading https:\/\/std\.test\/: Main content \(main\) as text from §30 \("## 29\. Section 29 of the standard"\)/
    )
    expect(paragraphs(p.text)[0]).toBe("29.1")
    expect(p.inlineBytes).toBeGreaterThan(16 * 1024)
    expect(p.spill).toBeUndefined()
    expect(p.data).toEqual({ origin: "https://std.test/", refCount: 1, snapshotBytes: bytes(raw) })
  })
})

describe("inline pieces read as the page shows them", () => {
  // the accessibility tree drops whitespace-only text between two elements; a period or a text node joins as it is
  const tree = [
    "- main",
    '  - heading "Options" [level=2, ref=e1]',
    "  - listitem",
    "    - code",
    '      - StaticText "timeout"',
    '    - link "<number>" [ref=e2]',
    '    - StaticText " In milliseconds. "',
    "    - strong",
    '      - StaticText "Default:"',
    "    - code",
    '      - StaticText "undefined"',
    "  - paragraph",
    "    - code",
    '      - StaticText "fs"',
    '    - StaticText ".open() opens a file."',
    "  - paragraph",
    "    - emphasis",
    '      - StaticText "東京"',
    "    - strong",
    '      - StaticText "大阪"'
  ].join("\n")

  it("two elements that end and start a word are apart; `fs`.open and CJK text stay joined", () => {
    const text = readingDocOfTree(tree).lines.join("\n")
    expect(text).toContain("timeout <number> In milliseconds. Default: undefined")
    expect(text).toContain("fs.open() opens a file.")
    expect(text).toContain("東京大阪")
  })
})

describe("the read-on as a next action (#29: a next action that reads on in order)", () => {
  const temp = suiteTempRoot()
  const raw = standard()
  const reply = FakeAgentBrowser.ok({
    origin: "https://std.test/",
    refs: { e1: { role: "heading", name: "The Standard" } },
    snapshot: raw
  })
  const textOf = (r: { content: ReadonlyArray<{ type: string; text?: string }> }) =>
    r.content.map((c) => c.text ?? "").join("\n")

  it.scoped(
    "the view and each read that stops before the end offer exactly the read the text names; the last offers none",
    () =>
      Effect.gen(function* () {
        let result = yield* runToResult({ args: ["snapshot"] }, call)
        const offered: Array<string> = []
        for (let n = 0; n < 5; n++) {
          const named = /Read on as text, in order: snapshot --read (\S+)$/m.exec(textOf(result))?.[1]
          const next = result.details.nextActions?.find((a) => a.id === "read-on-in-order")
          if (named === undefined) {
            expect(next).toBeUndefined()
            break
          }
          expect(result.details.nextActions?.[0]?.id).toBe("read-on-in-order")
          // on the call's session, like every next action
          expect(next?.params?.args).toEqual(["--session", result.details.sessionName, "snapshot", "--read", named])
          offered.push(named)
          result = yield* runToResult({ args: next?.params?.args ?? [] }, call)
        }
        expect(textOf(result)).toMatch(/\(end of the main content\)$/)
        expect(offered.length).toBeGreaterThanOrEqual(2)
      }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply, repeat: true }])))
  )
})
