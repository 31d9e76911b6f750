/** The next-action id registry is the one source of ids: no id literal anywhere else in src/, helpers number right. */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import {
  ALL_NEXT_ACTION_IDS,
  NEXT_ACTION_FAMILIES,
  familyOfNextActionId,
  numberedNextActionId,
  overlayBlockerCandidateId,
  richInputRecoveryNextActionId,
  richInputRecoveryNextActionIds,
  SelectorRecoveryIds
} from "../../src/schema/NextActionIds.js"

const SRC = join(import.meta.dirname, "../../src")
const REGISTRY = "schema/NextActionIds.ts"

const files = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : []
  })

/** Source without comments, so prose that names an id is not a hit. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1")

/** Check ids of `doctor` (a different namespace: its checks, not next actions). */
const DOCTOR_CHECK_IDS = new Set(["agent-browser"])

describe("next-action id registry", () => {
  it("ids are unique, kebab-case, and each belongs to one family", () => {
    expect(new Set(ALL_NEXT_ACTION_IDS).size).toBe(ALL_NEXT_ACTION_IDS.length)
    for (const id of ALL_NEXT_ACTION_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)+$/)
    for (const { id, family } of NEXT_ACTION_FAMILIES) expect(familyOfNextActionId(id)).toBe(family)
    expect(familyOfNextActionId("try-current-visible-ref-3")).toBe("selectorRecovery")
    expect(familyOfNextActionId("no-such-id")).toBeUndefined()
  })

  it("numbered variants: the first is the base id, then -2, -3; overlay candidates count from 1", () => {
    expect([0, 1, 2].map((i) => numberedNextActionId(SelectorRecoveryIds.tryCurrentVisibleRef, i))).toEqual([
      "try-current-visible-ref",
      "try-current-visible-ref-2",
      "try-current-visible-ref-3"
    ])
    expect(richInputRecoveryNextActionId("click", 1)).toBe("click-current-editable-ref-2")
    expect(richInputRecoveryNextActionIds(2)).toEqual([
      "focus-current-editable-ref",
      "click-current-editable-ref",
      "focus-current-editable-ref-2",
      "click-current-editable-ref-2"
    ])
    expect([0, 2].map(overlayBlockerCandidateId)).toEqual([
      "try-overlay-blocker-candidate-1",
      "try-overlay-blocker-candidate-3"
    ])
  })

  it("no file in src/ outside the registry writes a next-action id as a literal", () => {
    const ids = new Set<string>(ALL_NEXT_ACTION_IDS)
    const offenders: Array<string> = []
    for (const file of files(SRC)) {
      const rel = relative(SRC, file)
      if (rel === REGISTRY) continue
      const text = code(readFileSync(file, "utf8"))
      for (const m of text.matchAll(/["'`]([a-z]+(?:-[a-z0-9]+)+)["'`]/g)) {
        const literal = m[1]!
        const base = literal.replace(/-\d+$/, "")
        if (ids.has(literal) || (base !== literal && ids.has(base))) offenders.push(`${rel}: ${literal}`)
      }
      for (const m of text.matchAll(/\bid:\s*["'`]([a-z]+(?:-[a-z0-9]+)+)/g)) {
        if (!DOCTOR_CHECK_IDS.has(m[1]!)) offenders.push(`${rel}: id: ${m[1]}`)
      }
      for (const m of text.matchAll(/\bnextActionIds:\s*\[\s*["'`]/g))
        offenders.push(`${rel}: nextActionIds literal at ${m.index}`)
    }
    expect(offenders).toEqual([])
  })
})
