/**
 * What a person sees in pi's terminal for each kind of result, produced by the real program over the fake graph (not
 * hand-written details) and rendered at 80 and 160 columns: no line wider than the terminal; collapsed, a headline in
 * words (no category ids) and, for a failure, its whole first next step; expanded, every word of the result.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { describe } from "vitest"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { renderCallText, renderResultText, textComponent, type RenderTheme } from "../../src/pi/render.js"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as Layer from "effect/Layer"
import { FakeWebSearch } from "../../src/layers/test/FakeWebSearch.js"
import { runWebSearch } from "../../src/program/search/runWebSearch.js"
import { nextStepLine } from "../../src/pi/resultView.js"
import { webSearchResultText } from "../../src/pi/webSearchView.js"
import { visibleWidth } from "../../src/pi/wrapText.js"
import { FailureCategory, SuccessCategory } from "../../src/schema/Categories.js"
import type { ToolDetails } from "../../src/schema/ToolDetails.js"
import { answered, batchRows, call, fakeLayer, openBatch, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const plain: RenderTheme = { fg: (_c, text) => text, bold: (text) => text }
const HINT = "ctrl+o to expand"
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex")
/** Category ids a person should not have to read (the one-word ones, `timeout` and `aborted`, are also plain words). */
const CATEGORY_IDS = new RegExp(
  `\\b(${[...FailureCategory.literals, ...SuccessCategory.literals].filter((c) => c.includes("-")).join("|")})\\b`
)

type Result = { readonly content: ReadonlyArray<{ type: string; text?: string }>; readonly details: ToolDetails }
const lines = (text: string, width: number) => textComponent(text).render(width)
const view = (params: Record<string, unknown>, result: Result, expanded: boolean, width: number) =>
  lines(renderResultText(result, { expanded, isPartial: false, params, expandHint: HINT }, plain), width)
const squash = (text: string) => text.replace(/\s+/g, "")
const textOf = (r: Result) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n")

/** A screenshot reply that writes the file upstream would have written. */
const screenshotWrites: ScriptedRun = {
  when: (r) => r.args.includes("screenshot"),
  reply: (r) => {
    const path = r.args[r.args.indexOf("screenshot") + 1] ?? ""
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, PNG)
    return FakeAgentBrowser.ok({ path })
  },
  repeat: true
}
const okAll = (data: unknown): ScriptedRun => ({ reply: answered(() => data), repeat: true })

interface Case {
  readonly name: string
  readonly params: Record<string, unknown>
  readonly script: ReadonlyArray<ScriptedRun>
  /** What the collapsed view must say, beyond the generic checks. */
  readonly says: ReadonlyArray<string>
}

const LONG_SHOT = join(temp.root, "a-rather-long-folder-name-for-evidence/and-a-long-screenshot-file-name-too.png")
const cases: ReadonlyArray<Case> = [
  {
    name: "open",
    params: { args: ["open", "http://127.0.0.1:1/a"] },
    script: [
      openBatch({ title: "Acme Sign-in", url: "http://127.0.0.1:1/a" }),
      okAll({ title: "Acme Sign-in", url: "http://127.0.0.1:1/a" })
    ],
    says: ["✓ Opened Acme Sign-in — http://127.0.0.1:1/a"]
  },
  {
    name: "snapshot",
    params: { args: ["snapshot", "-i"] },
    script: [
      batchRows(() => ({
        origin: "http://127.0.0.1:1/a",
        refs: { e1: { role: "button", name: "Go" } },
        snapshot: '- button "Go" [ref=e1]'
      }))
    ],
    says: ["✓"]
  },
  {
    name: "screenshot saved",
    params: { args: ["screenshot", LONG_SHOT] },
    script: [screenshotWrites],
    says: ["and-a-long-screenshot-file-name-too.png"]
  },
  {
    name: "stale ref",
    params: { args: ["click", "@e99"] },
    script: [{ reply: FakeAgentBrowser.fail("Unknown ref: e99"), repeat: true }],
    says: ["snapshot -i"]
  },
  {
    name: "element not found",
    params: { args: ["click", "#missing"] },
    script: [{ reply: FakeAgentBrowser.fail("Element not found: #missing"), repeat: true }],
    says: ["Element not found"]
  },
  {
    name: "upstream error",
    params: { args: ["get", "text", "#a"] },
    script: [{ reply: FakeAgentBrowser.fail("Something broke inside the daemon"), repeat: true }],
    says: ["Something broke"]
  },
  {
    name: "timeout",
    params: { args: ["wait", "#never"], timeoutMs: 2000 },
    script: [{ reply: "timeout", repeat: true }],
    says: ["Timed out"]
  },
  { name: "invalid call", params: { args: [] }, script: [], says: ["Invalid call"] },
  {
    name: "screenshot not saved",
    params: { args: ["screenshot", LONG_SHOT.replace(".png", "-missing.png")] },
    script: [okAll({ path: "/nowhere.png" })],
    says: ["File not saved"]
  },
  {
    name: "job passes",
    params: {
      job: {
        steps: [
          { action: "open", url: "http://127.0.0.1:1/a" },
          { action: "click", selector: "#go" },
          { action: "assertUrl", url: "/done" }
        ]
      }
    },
    script: [okAll({ title: "Done", url: "http://127.0.0.1:1/done", text: "ok" })],
    says: ["job done: 3 steps"]
  },
  {
    name: "job fails at step 2 of 3",
    params: {
      job: {
        steps: [
          { action: "fill", selector: "#email", text: "ada@example.com" },
          { action: "click", selector: "#nope" },
          { action: "assertText", text: "Welcome" }
        ]
      }
    },
    script: [
      {
        reply: (r) => {
          if (!r.args.includes("batch"))
            return r.args.includes("#nope")
              ? FakeAgentBrowser.fail("Element not found: #nope")
              : FakeAgentBrowser.ok({})
          const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
          const rows = steps.map((step) =>
            step.includes("#nope")
              ? { command: step, success: false, result: null, error: "Element not found: #nope" }
              : { command: step, success: true, result: {}, error: null }
          )
          return { exitCode: rows.some((row) => !row.success) ? 1 : 0, stdout: `${JSON.stringify(rows)}\n` }
        },
        repeat: true
      }
    ],
    says: ["job stopped at step 2 of 3 (click)", "1 step not run", "Element not found"]
  },
  { name: "electron list", params: { electron: { action: "list" } }, script: [], says: ["✓"] }
]

describe("what a person sees in pi", () => {
  for (const c of cases) {
    it.scoped(c.name, () =>
      Effect.gen(function* () {
        const result = (yield* runToResult(c.params, call)) as unknown as Result
        for (const width of [80, 160]) {
          const collapsed = view(c.params, result, false, width)
          const expanded = view(c.params, result, true, width)
          const callLine = lines(renderCallText(c.params, plain), width)
          if (process.env["SCREEN_DUMP"] !== undefined)
            console.log([`--- ${c.name} @${width}`, ...callLine, ...collapsed, "--- expanded", ...expanded].join("\n"))
          for (const line of [...callLine, ...collapsed, ...expanded])
            expect(visibleWidth(line), `${c.name} @${width}: ${line}`).toBeLessThanOrEqual(width)
          const shown = collapsed.join(" ")
          for (const s of c.says) expect(squash(shown), `${c.name} @${width}: ${shown}`).toContain(squash(s))
          expect(shown, `${c.name} @${width}: ${shown}`).not.toMatch(CATEGORY_IDS)
          if (result.details.resultCategory === "failure") {
            const next = nextStepLine(result.details.nextActions?.[0])
            expect(next, c.name).toBeDefined()
            expect(squash(shown), `${c.name} @${width}: ${shown}`).toContain(squash(next ?? ""))
          }
          if (textOf(result).trim() !== "") expect(shown).toContain(HINT)
          // expanded: nothing cut, nothing left out
          expect(squash(expanded.join(""))).toContain(squash(textOf(result)))
        }
      }).pipe(Effect.provide(fakeLayer(temp.root, c.script)))
    )
  }
})

describe("web search in pi", () => {
  const provider = FakeWebSearch.layer((request) =>
    Effect.succeed({
      returnedQuery: request.query.query,
      results: [{ title: "Effect documentation", url: "https://effect.website/docs" }]
    })
  )
  const search = (params: unknown, env: Record<string, string>) =>
    runWebSearch(params, {
      cwd: temp.root,
      projectTrusted: false,
      env: { PATH: process.env["PATH"] ?? "", HOME: temp.root, ...env }
    }).pipe(Effect.provide(Layer.merge(provider, NodeContext.layer)))

  it.live("a search and a search without a key: counts, or what to set, wrapped and whole", () =>
    Effect.gen(function* () {
      const found = yield* search({ query: "effect layers" }, { EXA_API_KEY: "k-123456789" })
      const missing = yield* search({ query: "effect layers" }, {})
      for (const width of [80, 160]) {
        const ok = lines(webSearchResultText(found, { expanded: false, expandHint: HINT }, plain), width)
        expect(ok.join(" ")).toContain("1 result(s) from exa")
        const failed = lines(webSearchResultText(missing, { expanded: false, expandHint: HINT }, plain), width)
        const detailsError = (missing.details as { error: string }).error
        expect(squash(failed.join(" "))).toContain(squash(detailsError))
        expect(failed.join(" ")).not.toMatch(CATEGORY_IDS)
        const expanded = lines(webSearchResultText(missing, { expanded: true }, plain), width)
        for (const line of [...ok, ...failed, ...expanded]) expect(visibleWidth(line)).toBeLessThanOrEqual(width)
        expect(squash(expanded.join(""))).toContain(squash(missing.content.map((c) => c.text).join("\n")))
      }
    })
  )
})
