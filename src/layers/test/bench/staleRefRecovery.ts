/**
 * Stale-ref recovery, measured the way an agent meets it: take `snapshot -i`, read the intended element's ref from
 * the text, let the page move on (navigation, a re-render, a lost browser), act on the old ref, follow the first
 * offered next action, read the element's ref again from what that action showed, and retry the intended action.
 * A scenario recovers when the old ref failed as `stale-ref` and the retry succeeded.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { baseSessionName } from "../../../domain/SessionState.js"
import type { ToolResult } from "../../../schema/ToolResult.js"
import { runToResult } from "../../../program/call/ToolCall.js"
import { sessionFilePath } from "../../../upstream/sessionFiles.js"
import { BENCH_CALL, type BenchServices, inWorld, textOf } from "./benchWorld.js"
import { fakePage, type FakePage, type PageElement } from "./fakePage.js"

type Call = (input: unknown) => Effect.Effect<ToolResult, never, BenchServices>

export interface StaleScenario {
  readonly name: string
  readonly url: string
  readonly elements: ReadonlyArray<PageElement>
  /** The element the agent means to act on, and the action on a ref. */
  readonly target: { readonly role: string; readonly name: string }
  readonly action: (ref: string) => ReadonlyArray<string>
  /** What moves the page on between the snapshot and the action. */
  readonly disturb: (page: FakePage, call: Call, root: string) => Effect.Effect<void, never, BenchServices>
}

export interface StaleOutcome {
  readonly name: string
  /** The category of the action on the old ref. */
  readonly failed: string
  readonly nextAction: string | undefined
  readonly recovered: boolean
}

const FORM: ReadonlyArray<PageElement> = [
  { role: "heading", name: "Checkout" },
  { role: "textbox", name: "Email" },
  { role: "button", name: "Load more", rerenders: true },
  { role: "button", name: "Submit" }
]
const SUBMIT = { role: "button", name: "Submit" }
const click = (ref: string) => ["click", `@${ref}`]

/** The daemon pid file upstream writes for the session (a new daemon after a lost browser writes a new pid). */
const writeDaemonPid = (root: string, pid: number) =>
  Effect.sync(() => {
    mkdirSync(join(root, "s"), { recursive: true })
    const session = baseSessionName("pi", BENCH_CALL.piSessionId, BENCH_CALL.cwd)
    writeFileSync(sessionFilePath(join(root, "s"), session, "pid"), String(pid))
  })

export const STALE_SCENARIOS: ReadonlyArray<StaleScenario> = [
  {
    name: "navigation: open another page, then click an old ref",
    url: "http://shop.test/cart",
    elements: FORM,
    target: SUBMIT,
    action: click,
    disturb: (_page, call) => Effect.asVoid(call({ args: ["open", "http://shop.test/checkout"] }))
  },
  {
    name: "re-render by the agent: click a re-rendering control, then an old ref",
    url: "http://shop.test/cart",
    elements: FORM,
    target: SUBMIT,
    action: click,
    disturb: (page, call) => Effect.asVoid(call({ args: ["click", `@${page.refOf("button", "Load more") ?? "e0"}`] }))
  },
  {
    name: "re-render by the page (no call in between), then fill an old ref",
    url: "http://shop.test/cart",
    elements: FORM,
    target: { role: "textbox", name: "Email" },
    action: (ref) => ["fill", `@${ref}`, "a@b.test"],
    disturb: (page) => Effect.sync(() => page.rerender())
  },
  {
    name: "lost browser: the daemon was replaced (refs restart), then click an old ref",
    url: "http://shop.test/cart",
    elements: FORM,
    target: SUBMIT,
    action: click,
    disturb: (page, _call, root) =>
      Effect.andThen(
        writeDaemonPid(root, 4242),
        Effect.sync(() => page.rerender())
      )
  }
]

/** The ref the text shows for this role and name (`role "name" [ref=eN]`, as a snapshot reads). */
export const refInText = (text: string, target: { readonly role: string; readonly name: string }): string | undefined =>
  new RegExp(`${target.role} "${target.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\\n]*?\\[?ref=(e\\d+)`).exec(
    text
  )?.[1]

export const runStaleScenario = (scenario: StaleScenario): Effect.Effect<StaleOutcome> => {
  const page = fakePage(scenario.url, scenario.elements)
  return inWorld(page.script, (root) =>
    Effect.gen(function* () {
      const call: Call = (input) => Effect.orDie(runToResult(input, BENCH_CALL))
      yield* writeDaemonPid(root, 4141)
      yield* call({ args: ["open", scenario.url] })
      const first = yield* call({ args: ["snapshot", "-i"] })
      const old = refInText(textOf(first), scenario.target)
      if (old === undefined)
        return {
          name: scenario.name,
          failed: "no ref in the first snapshot",
          nextAction: undefined,
          recovered: false
        } satisfies StaleOutcome
      yield* scenario.disturb(page, call, root)
      const stale = yield* call({ args: scenario.action(old) })
      const next = stale.details.nextActions?.[0]
      const outcome = {
        name: scenario.name,
        failed: stale.isError ? (stale.details.failureCategory ?? "failure") : "success",
        nextAction: next?.id
      }
      if (!stale.isError || stale.details.failureCategory !== "stale-ref" || next?.params === undefined)
        return { ...outcome, recovered: false }
      const followed = yield* call(next.params)
      const fresh = refInText(textOf(followed), scenario.target)
      if (fresh === undefined) return { ...outcome, recovered: false }
      const retried = yield* call({ args: scenario.action(fresh) })
      return { ...outcome, recovered: !retried.isError }
    })
  )
}
