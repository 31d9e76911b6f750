/**
 * Read-only page probes that run after a command, in the same session and launch configuration, one upstream
 * process each: the page a click led to, and where the viewport is for `snapshot --viewport`. They never fail the
 * call: a probe that cannot answer returns undefined.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../schema/Plan.js"
import type { ResolvedBinary } from "../../services/BinaryLocator.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { classifyUpstream } from "../../upstream/classifyReply.js"
import type { ViewportFacts } from "../../schema/PageFacts.js"

const runBatch = (plan: Plan, binary: ResolvedBinary, steps: ReadonlyArray<ReadonlyArray<string>>) =>
  Effect.gen(function*() {
    const runner = yield* ProcessRunner
    const prefix = globalFlagTokens(parseCommandLine(plan.effectiveArgs))
    const result = yield* runner.run({ binary: binary.path, args: [...prefix, "batch", "--bail"], stdin: JSON.stringify(steps), env: plan.env, timeoutMs: 8_000, cwd: plan.cwd })
    const outcome = classifyUpstream({ ...plan, kind: "browser" }, result)
    return Either.isRight(outcome) && outcome.right.kind === "batch" ? outcome.right.rows : undefined
  })

const evalResult = (row: { success: boolean; result: unknown } | undefined): Record<string, unknown> | undefined => {
  const value = row?.success === true ? (row.result as { result?: unknown } | null)?.result : undefined
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined
}

/** How long a click gets to start a navigation before the page is read (form submits commit a few ms later). */
export const NAVIGATION_SETTLE_MS = 120

/**
 * Reads title and URL after a click that may have navigated, in one upstream process on the same session and launch
 * configuration: let a navigation start, wait for the page's load, then read it.
 */
export const probeNavigation = (plan: Plan, binary: ResolvedBinary) =>
  Effect.gen(function*() {
    const rows = yield* runBatch(plan, binary, [["wait", String(NAVIGATION_SETTLE_MS)], ["wait", "--load", "load"], ["eval", "({ title: document.title, url: location.href })"]])
    const value = evalResult(rows?.[2])
    return typeof value?.["url"] === "string" ? { title: String(value["title"] ?? ""), url: value["url"] } : undefined
  }).pipe(Effect.catchAll(() => Effect.succeed(undefined)))

/** Where the viewport is on the page, for `snapshot --viewport`. */
export const probeViewport = (plan: Plan, binary: ResolvedBinary) =>
  Effect.gen(function*() {
    const rows = yield* runBatch(plan, binary, [["eval", "({ scrollX, scrollY, width: innerWidth, height: innerHeight, pageWidth: document.documentElement.scrollWidth, pageHeight: document.documentElement.scrollHeight })"]])
    const value = evalResult(rows?.[0])
    if (value === undefined) return undefined
    const n = (k: string) => Math.round(Number(value[k] ?? 0))
    return { scrollX: n("scrollX"), scrollY: n("scrollY"), width: n("width"), height: n("height"), pageWidth: n("pageWidth"), pageHeight: n("pageHeight") } satisfies ViewportFacts
  }).pipe(Effect.catchAll(() => Effect.succeed(undefined)))


