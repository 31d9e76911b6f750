/**
 * The deterministic, browser-free agent-efficiency benchmark (contract clause A7): representative workflows (success
 * rate, tool calls), failure-category coverage, stale-ref recovery and per-call model-visible bytes and tool overhead
 * over the recorded upstream replies. Every
 * figure but the latency is the same on every run. `npm run bench:deterministic` prints it; a unit test asserts it.
 */
import * as Effect from "effect/Effect"
import { FailureCategory } from "../../../schema/Categories.js"
import { runToResult } from "../../../program/call/ToolCall.js"
import { type ArtifactOutcome, runArtifactSuccess } from "./artifactSuccess.js"
import { BENCH_CALL, inWorld, modelVisibleBytes } from "./benchWorld.js"
import {
  CATEGORY_SCENARIOS,
  type CategoryOutcome,
  type CategoryScenario,
  runCategoryScenario
} from "./categoryScenarios.js"
import { type Fixture, replayInput, replayScript } from "./fixtureReplay.js"
import { runStaleScenario, STALE_SCENARIOS, type StaleOutcome, type StaleScenario } from "./staleRefRecovery.js"
import { runWorkflow, type Workflow, type WorkflowOutcome, WORKFLOWS } from "./workflows.js"

export interface CategoryCoverage {
  readonly category: FailureCategory
  /** The scenarios that produced it. */
  readonly producedBy: ReadonlyArray<string>
  /** The first next action offered where it was produced (undefined: produced but nothing offered, or not produced). */
  readonly firstNextAction: string | undefined
}

export interface CoverageReport {
  readonly outcomes: ReadonlyArray<CategoryOutcome>
  readonly categories: ReadonlyArray<CategoryCoverage>
  /** Scenarios that produced another category than they meant to (drift a reader must see). */
  readonly drifted: ReadonlyArray<CategoryOutcome>
}

export const runCoverage = (
  scenarios: ReadonlyArray<CategoryScenario> = CATEGORY_SCENARIOS
): Effect.Effect<CoverageReport> =>
  Effect.gen(function* () {
    const outcomes = yield* Effect.forEach(scenarios, runCategoryScenario)
    const categories = FailureCategory.literals.map((category) => {
      const producing = outcomes.filter((o) => o.produced === category)
      return {
        category,
        producedBy: producing.map((o) => o.name),
        firstNextAction: producing.find((o) => o.firstNextAction !== undefined)?.firstNextAction
      }
    })
    return { outcomes, categories, drifted: outcomes.filter((o) => o.produced !== o.intended) }
  })

export interface RecoveryReport {
  readonly outcomes: ReadonlyArray<StaleOutcome>
  readonly recovered: number
  /** recovered / scenarios, 0..1. */
  readonly rate: number
}

export const runStaleRecovery = (
  scenarios: ReadonlyArray<StaleScenario> = STALE_SCENARIOS
): Effect.Effect<RecoveryReport> =>
  Effect.map(Effect.forEach(scenarios, runStaleScenario), (outcomes) => {
    const recovered = outcomes.filter((o) => o.recovered).length
    return { outcomes, recovered, rate: outcomes.length === 0 ? 0 : recovered / outcomes.length }
  })

export interface ArtifactReport {
  readonly outcomes: ReadonlyArray<ArtifactOutcome>
  /** Saves whose file was written and came back artifact-saved, of those written. */
  readonly saved: number
  readonly written: number
  /** Saves whose file was never written yet came back as a success (must be 0). */
  readonly falseSuccesses: number
}

export const runArtifacts: Effect.Effect<ArtifactReport> = Effect.map(runArtifactSuccess(), (outcomes) => ({
  outcomes,
  saved: outcomes.filter((o) => o.written && o.category === "artifact-saved").length,
  written: outcomes.filter((o) => o.written).length,
  falseSuccesses: outcomes.filter(
    (o) => !o.written && ["artifact-saved", "completed", "artifact-unverified"].includes(o.category)
  ).length
}))

export interface ReplayCall {
  readonly name: string
  readonly category: string
  readonly bytes: number
  /** Wall time of the tool call with an instant fake upstream (the tool's own overhead; not deterministic). */
  readonly ms: number
}

export interface ReplayReport {
  readonly calls: ReadonlyArray<ReplayCall>
  readonly totalBytes: number
  readonly medianBytes: number
  readonly maxBytes: number
  readonly medianMs: number
  readonly p90Ms: number
}

const quantile = (values: ReadonlyArray<number>, q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0)
}

export const runReplay = (fixtures: Readonly<Record<string, Fixture>>): Effect.Effect<ReplayReport> =>
  Effect.gen(function* () {
    const calls = yield* Effect.forEach(Object.entries(fixtures), ([name, fixture]) =>
      inWorld(replayScript(fixture), () =>
        Effect.gen(function* () {
          const started = performance.now()
          const result = yield* Effect.orDie(runToResult(replayInput(fixture), BENCH_CALL))
          const ms = performance.now() - started
          return {
            name,
            category: result.isError
              ? (result.details.failureCategory ?? "failure")
              : (result.details.successCategory ?? "success"),
            bytes: modelVisibleBytes(result),
            ms
          }
        })
      )
    )
    const bytes = calls.map((c) => c.bytes)
    return {
      calls,
      totalBytes: bytes.reduce((a, b) => a + b, 0),
      medianBytes: quantile(bytes, 0.5),
      maxBytes: Math.max(0, ...bytes),
      medianMs: quantile(
        calls.map((c) => c.ms),
        0.5
      ),
      p90Ms: quantile(
        calls.map((c) => c.ms),
        0.9
      )
    }
  })

export interface WorkflowReport {
  readonly outcomes: ReadonlyArray<WorkflowOutcome>
  readonly succeeded: number
  /** succeeded / workflows, 0..1. */
  readonly successRate: number
  readonly toolCalls: number
  readonly upstreamCalls: number
}

export const runWorkflows = (workflows: ReadonlyArray<Workflow> = WORKFLOWS): Effect.Effect<WorkflowReport> =>
  Effect.map(Effect.forEach(workflows, runWorkflow), (outcomes) => {
    const succeeded = outcomes.filter((o) => o.succeeded).length
    return {
      outcomes,
      succeeded,
      successRate: outcomes.length === 0 ? 0 : succeeded / outcomes.length,
      toolCalls: outcomes.reduce((n, o) => n + o.toolCalls, 0),
      upstreamCalls: outcomes.reduce((n, o) => n + o.upstreamCalls, 0)
    }
  })
