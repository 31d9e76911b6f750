/**
 * One test file's world on the widget-libs fixture (fixtures/widget-libs: Choices.js, Tom Select, flatpickr, TinyMCE,
 * Quill, Shoelace, Swagger UI, AG Grid, SortableJS from npm): a private LiveEnv, the pages bundled and served by
 * `scripts/lib/widgetLibs.mjs`, and a tool harness; torn down after the file's tests. `page` reads the page
 * independently of the tool (the raw binary's `eval` on the tool's session); `act` is one tool call judged against
 * that independent read (within half a second of the answer, as the model's next call would see the page), so a
 * success that did not happen or a warning about an effect that did fails the test, as does a next action offered
 * twice.
 */
import { expect } from "vitest"
import { EFFECT_WINDOW_MS, startWidgetLibs, WARNINGS, type WidgetLibs } from "../../scripts/lib/widgetLibs.mjs"
import { expandRuns } from "../../scripts/lib/snapshotRuns.mjs"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { appsWorld } from "./appsWorld.js"
import { type Harness, textOf } from "./harness.js"
import { TEST_MARKER } from "./liveEnv.js"

export interface Verdict {
  readonly result: ToolResult
  readonly text: string
}

export interface WidgetWorld {
  readonly apps: WidgetLibs
  readonly tool: Harness
  readonly session: () => string
  /** The value of `expression` on the page of the tool's session, read with the raw binary (`--json eval`). */
  readonly page: <A = unknown>(expression: string) => A
  /**
   * One tool call, then the page read independently: `effect` says whether what was asked happened. A success that
   * had its effect carries no warning; one that did not must warn (else it is a false success); a failure must not
   * have it (a call that failed yet acted is a lie too).
   */
  readonly act: (input: unknown, effect: () => boolean, label?: string) => Promise<Verdict>
  /** A call that only reads (snapshot, get): it must succeed. */
  readonly read: (input: unknown) => Promise<string>
}

/** Whether `check` holds now or within `ms` (polled). */
const within = async (ms: number, check: () => boolean): Promise<boolean> => {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 25))) {
    if (check()) return true
    if (Date.now() >= end) return false
  }
}

export const widgetWorld = (): WidgetWorld => {
  const served = appsWorld("widget world", () => startWidgetLibs({ tmpPrefix: `${TEST_MARKER}widgetlibs-` }))
  const ctx: { session?: string } = {}
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("widget world used outside its tests")
    return value
  }
  const call = async (input: unknown): Promise<ToolResult> => {
    const result = await served.tool.call(input)
    const named = result.details.sessionName ?? ctx.session
    if (named !== undefined) ctx.session = named
    return result
  }
  const page = <A>(expression: string): A => {
    const reply = JSON.parse(served.world.raw(["--json", "--session", need(ctx.session), "eval", expression])) as {
      data?: { result?: A }
    }
    return reply.data?.result as A
  }
  return {
    get apps() {
      return served.apps
    },
    get tool() {
      return served.tool
    },
    session: () => need(ctx.session),
    page,
    act: async (input, effect, label = JSON.stringify(input)) => {
      const result = await call(input)
      const text = textOf(result)
      // the page as the model's next call sees it: a render the action scheduled (a panel that builds its body a frame
      // after the click) may land a few ms after the tool answered; a model's next turn comes long after that
      const happened = await within(EFFECT_WINDOW_MS, effect)
      if (result.isError) expect(happened, `${label}: failed, yet the page shows its effect\n${text}`).toBe(false)
      else if (happened)
        expect(text, `${label}: a warning about an action that worked (wrong warning)`).not.toMatch(WARNINGS)
      else expect(text, `${label}: reported success, but the page does not show it (false success)`).toMatch(WARNINGS)
      // each follow-up offered once (two ids for the same snapshot -i would be one call twice)
      const calls = (result.details.nextActions ?? []).map((a) =>
        JSON.stringify({ params: a.params ?? null, artifactPath: a.artifactPath ?? null })
      )
      expect(new Set(calls).size, `${label}: a next action offered twice\n${calls.join("\n")}`).toBe(calls.length)
      return { result, text }
    },
    read: async (input) => {
      const result = await call(input)
      const text = textOf(result)
      expect(result.isError, text).toBe(false)
      return text
    }
  }
}

/** The ref of the n-th (1-based) `role "name"` line of a snapshot text. */
export const refOf = (snapshot: string, role: string, name: string, nth = 1): string => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  const lines = expandRuns(snapshot)
  const refs = [...lines.matchAll(new RegExp(`\\b${role} "${escaped}"[^\\n]*?ref=(e\\d+)`, "g"))].map((m) => m[1])
  const ref = refs[nth - 1]
  if (ref === undefined) throw new Error(`no ${role} "${name}" #${nth} in\n${snapshot}`)
  return `@${ref}`
}

/** The first next action's params as a model would pass them (args, or another input mode such as a job). */
export const firstNextParams = (result: ToolResult): object => {
  const params = result.details.nextActions?.[0]?.params
  if (params === undefined) throw new Error(`no next action in ${textOf(result)}`)
  return params
}

/** The first next action's args of a result (what a model following the tool does next). */
export const firstNext = (result: ToolResult): ReadonlyArray<string> => {
  const args = result.details.nextActions?.[0]?.params?.args
  if (args === undefined) throw new Error(`no next action in ${textOf(result)}`)
  return args
}
