/**
 * What a step-by-step run (job, qa, lookups, a caller's raw `batch`) had done when its time ran out: the steps that
 * completed, the first incomplete one (retryable only when it reads), a retry budget that outlasts what the stopped
 * step may still be doing in the browser, the page the last completed step reported (else the URL the last `open` up
 * to the stopped step planned), and each file a step was asked to write as found on disk. Read from what the run
 * already has and the disk only: the browser may still be busy (the call reads the page live afterwards, when the
 * session answers again: program/lifecycle/hungPage.ts).
 */
import * as Effect from "effect/Effect"
import type { StepRow } from "../../domain/Outcome.js"
import type { PartialProgress } from "../../schema/ErrorFields.js"
import { MAX_TIMEOUT_MS } from "../../schema/ToolInput.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { stepCommandShown } from "../../page/typeReadback.js"
import { retryableAfterTimeout } from "../../upstream/commandPolicy.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { watchdogFor } from "../../upstream/timeoutPolicy.js"

/** The page a completed step answered with (open, back, reload … report `url`, most with `title`). */
const pageOf = (done: ReadonlyArray<StepRow>): PartialProgress["currentPage"] => {
  for (let i = done.length - 1; i >= 0; i--) {
    const row = done[i]
    const result =
      row?.success === true && row.result !== null && typeof row.result === "object"
        ? (row.result as Record<string, unknown>)
        : undefined
    const url = result?.["url"]
    if (typeof url === "string" && url !== "") {
      const title = result?.["title"]
      return { url, ...(typeof title === "string" && title !== "" ? { title } : {}), stepIndex: i + 1, source: "step" }
    }
  }
  return undefined
}

/** The URL the last `open` up to the stopped step asked for (the contract's planned fallback; not proof it loaded). */
const plannedPageOf = (rows: ReadonlyArray<ReadonlyArray<string>>, index: number): PartialProgress["currentPage"] => {
  for (let i = Math.min(index, rows.length - 1); i >= 0; i--) {
    const line = parseCommandLine(rows[i] ?? [])
    const url = line.positionals[1]
    if (isOpening(line.command) && url !== undefined && url !== "") return { url, stepIndex: i + 1, source: "plan" }
  }
  return undefined
}

export const timeoutProgress = (
  rows: ReadonlyArray<ReadonlyArray<string>>,
  done: ReadonlyArray<StepRow>,
  index: number
) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const store = yield* ArtifactStore
    const row = rows[index] ?? []
    const retryable = retryableAfterTimeout(row)
    // the stopped step may run on in the browser for as long as it was allowed, and the retry queues behind it
    const stepBudget = watchdogFor(row, parseCommandLine(row), undefined, {
      processMs: config.defaultTimeoutMs,
      dialogMs: config.dialogTimeoutMs,
      dialogTriggerMs: config.dialogTriggerTimeoutMs
    })
    const artifacts: Array<NonNullable<PartialProgress["artifacts"]>[number]> = []
    for (const [i, step] of rows.entries()) {
      const line = parseCommandLine(step)
      const request = artifactRequest(line)
      const path =
        request?.pathIndex !== undefined && !request.pending ? line.positionals[request.pathIndex] : undefined
      if (path === undefined) continue
      const facts = yield* store.inspect(path)
      artifacts.push({
        stepIndex: i + 1,
        path: facts.path,
        exists: facts.exists,
        state: !facts.exists ? "missing" : (facts.sizeBytes ?? 0) > 0 ? "verified" : "unverified",
        ...(facts.sizeBytes !== undefined ? { sizeBytes: facts.sizeBytes } : {})
      })
    }
    const currentPage = pageOf(done) ?? plannedPageOf(rows, index)
    return {
      completedSteps: done.length,
      totalSteps: rows.length,
      firstIncompleteStep: {
        index,
        command: stepCommandShown(row),
        retryable,
        ...(retryable ? { retryTimeoutMs: Math.min(MAX_TIMEOUT_MS, 2 * stepBudget) } : {})
      },
      ...(currentPage !== undefined ? { currentPage } : {}),
      ...(artifacts.length > 0 ? { artifacts } : {})
    } satisfies PartialProgress
  })
