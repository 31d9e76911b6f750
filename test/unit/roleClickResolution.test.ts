/**
 * Contract P6 over FakeAgentBrowser: a role/name click or check (`find role … --name …` in args or compiled from
 * semanticAction) is resolved before it runs by one fresh `snapshot -i` with the reach read of that name, so a
 * hidden duplicate listed first (a widget's native `<option>`) cannot take it; with no reachable match it fails
 * before acting, naming the reachable control of that name; what it cannot decide runs as asked. The pure choice
 * (`reachableMatch`) and the read's matching (`reachOf`) are tested beside it. Real-browser counterpart:
 * test/integration/widgetLibraries.test.ts (Choices.js).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { hiddenTwinsExpression, reachOf } from "../../src/page/hiddenTwins.js"
import { reachableMatch } from "../../src/session/reachableMatch.js"
import {
  batchRows,
  call,
  commandsRun,
  contentText,
  fakeLayer,
  NO_CHALLENGE,
  openBatch,
  suiteTempRoot
} from "../support/fakeHarness.js"
import { compileSemanticAction } from "../../src/compilers/compileSemanticAction.js"
import type { Plan } from "../../src/domain/Plan.js"
import { compiledEcho } from "../../src/presenters/details/details.js"

const temp = suiteTempRoot()

const URL = "http://shop.test/pizza"
const TREE = [
  "- combobox [expanded=true, ref=e2]",
  '  - listbox "Toppings" [ref=e3]',
  '    - option "Olives" [ref=e7]',
  '    - checkbox "Extra cheese" [ref=e8]',
  "  - listbox [ref=e11]",
  '    - option "Olives" [ref=e13]',
  '- checkbox "Extra cheese" [ref=e14]',
  '- button "Peppers" [ref=e20]',
  '- option "Peppers" [ref=e21]'
].join("\n")
const REFS = {
  e13: { role: "option", name: "Olives" },
  e2: { role: "combobox", name: "" },
  e3: { role: "listbox", name: "Toppings" },
  e7: { role: "option", name: "Olives" },
  e8: { role: "checkbox", name: "Extra cheese" },
  e11: { role: "listbox", name: "" },
  e14: { role: "checkbox", name: "Extra cheese" },
  e20: { role: "button", name: "Peppers" },
  e21: { role: "option", name: "Peppers" }
}

/** The page: open answers with its read; a batch's snapshot gives TREE, the reach read `read`, the click read a delivered click. */
const page = (read: unknown): ReadonlyArray<ScriptedRun> => [
  openBatch({ url: URL, title: "Pizza order" }, undefined, true),
  batchRows((command) =>
    command[0] === "snapshot"
      ? { origin: URL, refs: REFS, snapshot: TREE }
      : command[0] === "eval" && command[1]?.includes("const F = ") === true
        ? { result: read }
        : command[0] === "eval"
          ? {
              result: {
                title: "Pizza order",
                url: URL,
                challenge: NO_CHALLENGE,
                click: { resolved: true, events: 1, hits: 1, navigating: false }
              }
            }
          : { [command[0] === "check" ? "checked" : "clicked"]: command[1] }
  ),
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]
const open = runToResult({ args: ["open", URL] }, call)

describe("P6: a role/name click or check acts on the reachable match of a fresh snapshot -i", () => {
  it.scoped(
    "find role option click: the hidden native option listed first is skipped; the widget's option is clicked",
    () =>
      Effect.gen(function* () {
        yield* open
        const result = yield* runToResult({ args: ["find", "role", "option", "click", "--name", "Olives"] }, call)
        expect(result.isError, contentText(result.content)).toBe(false)
        expect(result.details.effectiveArgs?.slice(-2)).toEqual(["click", "@e13"])
        expect(contentText(result.content)).toContain(
          'Resolved role option "Olives" to @e13 with a fresh snapshot -i (a pointer cannot reach @e7 of that role and name)'
        )
        const commands = commandsRun(yield* (yield* FakeAgentBrowser).requests)
        expect(commands.some((c) => c[0] === "find")).toBe(false)
        expect(commands.filter((c) => c[0] === "click")).toEqual([["click", "@e13"]])
      }).pipe(Effect.provide(fakeLayer(temp.root, page({ "option\u0000olives": [false, true] }))))
  )

  it.scoped(
    "semanticAction check by role: the reachable checkbox; compiledSemanticAction keeps the target and names the ref",
    () =>
      Effect.gen(function* () {
        yield* open
        const result = yield* runToResult(
          { semanticAction: { action: "check", locator: "role", value: "checkbox", name: "Extra cheese" } },
          call
        )
        expect(result.isError, contentText(result.content)).toBe(false)
        expect(result.details.effectiveArgs?.slice(-2)).toEqual(["check", "@e14"])
        expect(result.details.compiledSemanticAction).toMatchObject({
          args: ["find", "role", "checkbox", "check", "--name", "Extra cheese"],
          resolvedRef: "@e14",
          executedArgs: ["check", "@e14"]
        })
      }).pipe(Effect.provide(fakeLayer(temp.root, page({ "checkbox\u0000extra cheese": [false, true] }))))
  )

  it("compiledSemanticAction shows what the model asked in args and what ran in executedArgs, both redacted", () => {
    const asked = compileSemanticAction({ action: "fill", locator: "label", value: "Password", text: "hunter2-secret" })
    if (Either.isLeft(asked)) throw asked.left
    const compiled = {
      mode: "semanticAction" as const,
      semanticAction: { ...asked.right, resolvedRef: "@e7", executedArgs: ["fill", "@e7", "hunter2-secret"] }
    }
    const echo = compiledEcho({ compiled } as unknown as Plan, (args) =>
      args.map((t) => (t === "hunter2-secret" ? "[REDACTED]" : t))
    )
    expect(echo["compiledSemanticAction"]).toMatchObject({
      args: ["find", "label", "Password", "fill", "[REDACTED]"],
      resolvedRef: "@e7",
      executedArgs: ["fill", "@e7", "[REDACTED]"]
    })
  })

  it.scoped(
    "no match reachable, a control of that name is: fails before acting and names it as the first next action",
    () =>
      Effect.gen(function* () {
        yield* open
        const result = yield* runToResult({ args: ["find", "role", "option", "click", "--name", "Peppers"] }, call)
        expect(result.details.failureCategory).toBe("selector-not-found")
        const text = contentText(result.content)
        expect(text).toContain('No element matching role "option" named "Peppers" can be reached by a pointer')
        expect(text).toContain('It is @e21 option "Peppers", which a pointer cannot reach')
        expect(text).toContain("Click @e20: it has that exact name and a pointer can reach it.")
        expect(result.details.nextActions?.[0]?.params?.args?.slice(-2)).toEqual(["click", "@e20"])
        const commands = commandsRun(yield* (yield* FakeAgentBrowser).requests)
        expect(commands.some((c) => c[0] === "find" || c[0] === "click")).toBe(false)
      }).pipe(
        Effect.provide(fakeLayer(temp.root, page({ "option\u0000peppers": [false], "button\u0000peppers": [true] })))
      )
  )

  it.scoped("what the read cannot tell (counts that differ from the snapshot's) runs upstream's find as asked", () =>
    Effect.gen(function* () {
      yield* open
      yield* runToResult({ args: ["find", "role", "option", "click", "--name", "Olives"] }, call)
      const commands = commandsRun(yield* (yield* FakeAgentBrowser).requests)
      expect(commands.filter((c) => c[0] === "find")).toEqual([["find", "role", "option", "click", "--name", "Olives"]])
      expect(commands.some((c) => c[0] === "click")).toBe(false)
    }).pipe(Effect.provide(fakeLayer(temp.root, page({ "option\u0000olives": [false, true, true] }))))
  )
})

describe("reachableMatch and reachOf", () => {
  const refs = new Map(Object.entries(REFS))
  it("picks the first reachable exact match in tree order; skips the unreachable ones before it", () => {
    const reach = reachOf(TREE, { "option\u0000olives": [false, true] }, { role: "option", name: "olives" })
    expect([...reach]).toEqual([
      ["e7", false],
      ["e13", true]
    ])
    expect(reachableMatch({ role: "option", name: "Olives", action: "click" }, refs, reach, new Map())).toEqual({
      kind: "ref",
      match: { ref: "e13", role: "option", name: "Olives" },
      skipped: [{ ref: "e7", role: "option", name: "Olives" }]
    })
    // the hidden-twin verdicts alone decide too
    expect(
      reachableMatch({ role: "option", name: "Olives", action: "click" }, refs, new Map(), new Map([["e7", "e13"]]))
    ).toMatchObject({ kind: "ref", match: { ref: "e13" } })
  })

  it("names reachable alternatives only when every match is unreachable, and only of roles the action fits", () => {
    const reach = new Map([
      ["e21", false],
      ["e20", true]
    ])
    expect(reachableMatch({ role: "option", name: "Peppers", action: "click" }, refs, reach, new Map())).toEqual({
      kind: "unreachable",
      hidden: { ref: "e21", role: "option", name: "Peppers" },
      alternatives: [{ ref: "e20", role: "button", name: "Peppers" }]
    })
    expect(reachableMatch({ role: "option", name: "Peppers", action: "check" }, refs, reach, new Map())).toEqual({
      kind: "upstream"
    })
    expect(
      reachableMatch({ role: "option", name: "Peppers", action: "click" }, refs, new Map([["e20", true]]), new Map())
    ).toEqual({ kind: "upstream" })
    expect(reachableMatch({ role: "option", name: "Salami", action: "click" }, refs, reach, new Map())).toEqual({
      kind: "upstream"
    })
  })

  it("the read reports every group of the focused name, alone or not, and only those beyond the repeated ones", () => {
    const expression = hiddenTwinsExpression({ role: "gridcell", name: "  Olives " })
    expect(expression).toContain('const F = {"role":"gridcell","name":"olives"}')
    expect(hiddenTwinsExpression()).toContain("const F = null")
    expect(reachOf(TREE, { "option\u0000olives": [false, true, true] }, { role: "option", name: "Olives" }).size).toBe(
      0
    )
    expect(reachOf(TREE, undefined, { role: "option", name: "Olives" }).size).toBe(0)
  })
})
