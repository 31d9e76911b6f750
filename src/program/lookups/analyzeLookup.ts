/**
 * After a `sourceLookup` / `networkSourceLookup` batch ran: read each step's evidence, scan the workspace (the pi
 * cwd) when the query asks for it, and report candidates with confidence and evidence, a status and a summary.
 * Candidates only: nothing here claims that a file owns an element or caused a failure.
 */
import * as Effect from "effect/Effect"
import type { CompiledNetworkSourceLookup, CompiledSourceLookup } from "../../domain/Compiled.js"
import {
  type CandidateConfidence,
  DEFAULT_WORKSPACE_FILES,
  type LookupReport,
  MAX_WORKSPACE_CANDIDATES,
  type NetworkCandidate,
  type NetworkSourceLookupReport,
  type SourceCandidate,
  type SourceLookupReport
} from "../../domain/Lookup.js"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import {
  displayUrl,
  failedRequestOf,
  failedRows,
  initiatorCandidates,
  requestRows,
  urlNeedle
} from "./networkEvidence.js"
import {
  declarationLines,
  domCandidates,
  inspectCandidates,
  ownAttributeCandidate,
  treeFibers
} from "./sourceEvidence.js"
import { scanWorkspace } from "./workspaceScan.js"

const RANK: Record<CandidateConfidence, number> = { high: 0, medium: 1, low: 2 }
const byConfidence = <C extends { readonly confidence: CandidateConfidence }>(cs: ReadonlyArray<C>) =>
  [...cs].sort((a, b) => RANK[a.confidence] - RANK[b.confidence])
const where = (c: { readonly file?: string; readonly line?: number }) =>
  `${c.file ?? "?"}${c.line !== undefined ? `:${c.line}` : ""}`
const ONLY = "Candidates only: verify before editing."

const truncation = (scan: { readonly truncated: boolean; readonly filesScanned: number }) =>
  scan.truncated
    ? [
        `The workspace scan stopped after ${scan.filesScanned} source files (maxWorkspaceFiles); ` +
          "raise it to look further."
      ]
    : []

/**
 * What the lookup's steps read: React inspect candidates and the fibers of the component, the element's own source
 * attributes (get attr) and inner HTML (get html), and the limits met (React inspection failed, a hidden element).
 */
const readSteps = (rows: ReadonlyArray<StepRow>, query: CompiledSourceLookup["query"]) => {
  const candidates: Array<SourceCandidate> = []
  const limitations: Array<string> = []
  let reactFailed = false
  let fibers: ReadonlyArray<string> = []
  // the element's own source attributes (get attr) and its inner HTML (get html)
  const own = new Map<string, string>()
  let html = ""
  for (const row of rows) {
    const [command, sub] = row.command
    if (command === "react" && !row.success) {
      reactFailed = true
      limitations.push(
        `react ${sub ?? ""} failed: ${row.error.message.split("\n")[0]?.trim() ?? ""}. ` +
          "React inspection needs --enable react-devtools before the first open."
      )
      continue
    }
    if (!row.success) continue
    if (command === "is" && (row.result as { visible?: unknown } | null)?.visible === false)
      limitations.push(`${query.selector ?? "The selector"} matched a hidden element.`)
    if (command === "get" && sub === "attr") {
      const value = (row.result as { value?: unknown } | null)?.value
      if (typeof value === "string" && row.command[3] !== undefined) own.set(row.command[3], value)
    }
    if (command === "get" && sub === "html") html = String((row.result as { html?: unknown } | null)?.html ?? "")
    if (command === "react" && sub === "inspect")
      candidates.push(...inspectCandidates(row.result, query.reactFiberId ?? ""))
    if (command === "react" && sub === "tree" && query.componentName !== undefined)
      fibers = treeFibers(row.result, query.componentName)
  }
  return { candidates, limitations, reactFailed, fibers, own, html }
}

const sourceLookup = (compiled: CompiledSourceLookup, rows: ReadonlyArray<StepRow>, cwd: string) =>
  Effect.gen(function* () {
    const { query } = compiled
    const { candidates, limitations, reactFailed, fibers, own, html } = readSteps(rows, query)
    const self = ownAttributeCandidate(own, query.selector ?? "the element")
    candidates.push(...(self !== undefined ? [self] : []), ...domCandidates(html, self !== undefined ? [self] : []))
    if (
      query.selector !== undefined &&
      query.includeDomHints !== false &&
      !candidates.some((c) => c.source === "dom-attribute")
    ) {
      limitations.push(
        "No source-like attributes (data-source-file, data-file, …) on the element or in its inner HTML, " +
          "and no source paths in its text."
      )
    }
    const name = query.componentName
    const scanned =
      name === undefined
        ? undefined
        : yield* scanWorkspace(cwd, query.maxWorkspaceFiles ?? DEFAULT_WORKSPACE_FILES, declarationLines(name))
    if (scanned !== undefined && name !== undefined) {
      const rendered = fibers.length > 0 ? [`react tree: ${name} is rendered (fiber #${fibers.join(", #")})`] : []
      for (const { file, hit } of scanned.hits) {
        candidates.push({
          source: "workspace-search",
          confidence: rendered.length > 0 ? "high" : "medium",
          evidence: [`declares ${name}`, ...rendered],
          file,
          line: hit,
          componentName: name
        })
      }
      limitations.push(...truncation(scanned))
      if (scanned.hits.length === 0)
        limitations.push(`No declaration of ${name} in ${scanned.filesScanned} source files under the cwd.`)
    }
    const status = candidates.length > 0 ? "candidates-found" : reactFailed ? "unsupported" : "no-candidates"
    const sorted = byConfidence(candidates)
    const best = sorted[0]
    const summary =
      best !== undefined
        ? `Source lookup: ${sorted.length} candidate(s); ` +
          `best ${where(best)} (${best.source}, ${best.confidence}). ${ONLY}`
        : status === "unsupported"
          ? "Source lookup unsupported: React inspection failed and no DOM or workspace evidence was found."
          : "Source lookup: no candidates."
    return {
      status,
      candidates: sorted,
      limitations,
      summary,
      ...(scanned !== undefined ? { workspaceRoot: cwd } : {})
    } satisfies SourceLookupReport
  })

const networkSourceLookup = (compiled: CompiledNetworkSourceLookup, rows: ReadonlyArray<StepRow>, cwd: string) =>
  Effect.gen(function* () {
    const all = rows.flatMap((row) => (row.success ? requestRows(row.result) : []))
    const failed = failedRows(all)
    if (failed.length === 0) {
      return {
        status: "no-failed-requests",
        failedRequests: [],
        candidates: [],
        limitations: [],
        summary: `Network source lookup: no failed requests among ${all.length} matching request(s).`
      } satisfies NetworkSourceLookupReport
    }
    const candidates: Array<NetworkCandidate> = failed.flatMap(initiatorCandidates)
    const needles = [
      ...new Set(
        failed.flatMap((r) => {
          const needle = urlNeedle(String(r["url"] ?? ""))
          return needle === undefined ? [] : [needle]
        })
      )
    ]
    const limitations: Array<string> = []
    if (candidates.length === 0)
      limitations.push(
        "Upstream network rows carry no initiator or stack metadata here; candidates come from URL literals only."
      )
    if (needles.length > 0) {
      const scan = yield* scanWorkspace(cwd, compiled.query.maxWorkspaceFiles ?? DEFAULT_WORKSPACE_FILES, (text) =>
        needles.flatMap((needle) =>
          text.includes(needle)
            ? text.split("\n").flatMap((line, i) => (line.includes(needle) ? [{ needle, line: i + 1 }] : []))
            : []
        )
      )
      for (const { file, hit } of scan.hits.slice(0, MAX_WORKSPACE_CANDIDATES)) {
        const request = failed.find((r) => urlNeedle(String(r["url"] ?? "")) === hit.needle)
        candidates.push({
          source: "workspace-search",
          confidence: "medium",
          evidence: [`contains the request path ${hit.needle}`],
          file,
          line: hit.line,
          ...(request !== undefined ? { requestUrl: displayUrl(String(request["url"] ?? "")) } : {})
        })
      }
      limitations.push(...truncation(scan))
    }
    const sorted = byConfidence(candidates)
    const best = sorted[0]
    const failedRequests = failed.map(failedRequestOf)
    const head = `Network source lookup: ${failed.length} failed request(s) (${failedRequests
      .map((r) =>
        `${r.status ?? r.error ?? "failed"} ${r.method ?? ""} ${r.url ?? r.requestId ?? ""}`.replace(/\s+/g, " ").trim()
      )
      .slice(0, 3)
      .join("; ")})`
    return {
      status: sorted.length > 0 ? "failed-requests-found" : "no-candidates",
      failedRequests,
      candidates: sorted,
      limitations,
      summary:
        best !== undefined
          ? `${head}; ${sorted.length} candidate(s), best ${where(best)} (${best.source}). ${ONLY}`
          : `${head}; no source candidates.`
    } satisfies NetworkSourceLookupReport
  })

/** The lookup report of a lookup call that ran; undefined for every other call. */
export const analyzeLookup = (plan: Plan, outcome: UpstreamOutcome): Effect.Effect<LookupReport | undefined> => {
  const c = plan.compiled
  if (outcome.kind !== "batch") return Effect.succeed(undefined)
  if (c.mode === "sourceLookup")
    return Effect.map(sourceLookup(c.sourceLookup, outcome.rows, plan.cwd), (report) => ({ mode: c.mode, report }))
  if (c.mode === "networkSourceLookup")
    return Effect.map(networkSourceLookup(c.networkSourceLookup, outcome.rows, plan.cwd), (report) => ({
      mode: c.mode,
      report
    }))
  return Effect.succeed(undefined)
}
