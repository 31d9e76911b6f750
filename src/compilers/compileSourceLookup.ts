/**
 * `sourceLookup` → one upstream `batch` of read-only evidence steps (no `--bail`: a failed React step is evidence
 * that DevTools is missing, not the end of the lookup): `is visible`, the element's own source attributes
 * (`get attr`, one per name: `get html` is its inner HTML only) and `get html` for a selector, `react inspect`
 * for a fiber id, `react tree` for a component name (whose workspace scan runs after the batch). Pure.
 */
import * as Either from "effect/Either"
import type { CompiledNetworkSourceLookup, CompiledSourceLookup } from "../domain/Compiled.js"
import { MAX_WORKSPACE_FILES, SOURCE_ATTRS } from "../domain/Lookup.js"
import { InvalidInput } from "../schema/ToolError.js"
import type { NetworkSourceLookup, SourceLookup } from "../schema/ToolInput.js"
import { batchOf } from "./compileJob.js"

const checkFiles = (field: string, max: number | undefined): InvalidInput | undefined =>
  max === undefined || (Number.isInteger(max) && max >= 1 && max <= MAX_WORKSPACE_FILES)
    ? undefined
    : new InvalidInput({
        field: `${field}.maxWorkspaceFiles`,
        detail: `must be an integer from 1 to ${MAX_WORKSPACE_FILES}`
      })

export const compileSourceLookup = (query: SourceLookup): Either.Either<CompiledSourceLookup, InvalidInput> => {
  if (query.selector === undefined && query.reactFiberId === undefined && query.componentName === undefined) {
    return Either.left(
      new InvalidInput({
        field: "sourceLookup",
        detail: "give at least one of selector, reactFiberId or componentName"
      })
    )
  }
  const bad = checkFiles("sourceLookup", query.maxWorkspaceFiles)
  if (bad !== undefined) return Either.left(bad)
  const rows: Array<ReadonlyArray<string>> = []
  if (query.selector !== undefined) {
    rows.push(["is", "visible", query.selector])
    if (query.includeDomHints !== false) {
      for (const name of SOURCE_ATTRS) rows.push(["get", "attr", query.selector, name])
      rows.push(["get", "html", query.selector])
    }
  }
  if (query.reactFiberId !== undefined) rows.push(["react", "inspect", query.reactFiberId])
  if (query.componentName !== undefined) rows.push(["react", "tree"])
  return Either.right({ ...batchOf(rows, false, []), query })
}

/**
 * `networkSourceLookup` → `network request <id>` and/or `network requests --filter <filter or url>` (filter wins),
 * in one `batch`, prefixed with `--session <name>` when given. Pure.
 */
export const compileNetworkSourceLookup = (
  query: NetworkSourceLookup
): Either.Either<CompiledNetworkSourceLookup, InvalidInput> => {
  if (query.requestId === undefined && query.filter === undefined && query.url === undefined) {
    return Either.left(
      new InvalidInput({ field: "networkSourceLookup", detail: "give at least one of requestId, filter or url" })
    )
  }
  const bad = checkFiles("networkSourceLookup", query.maxWorkspaceFiles)
  if (bad !== undefined) return Either.left(bad)
  const rows: Array<ReadonlyArray<string>> = []
  if (query.requestId !== undefined) rows.push(["network", "request", query.requestId])
  const filter = query.filter ?? query.url
  if (filter !== undefined) rows.push(["network", "requests", "--filter", filter])
  const batch = batchOf(rows, false, [])
  return Either.right({
    ...batch,
    args: query.session !== undefined ? ["--session", query.session, ...batch.args] : batch.args,
    query
  })
}
