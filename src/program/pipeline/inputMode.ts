/**
 * Exactly one input mode per call: `args`, `semanticAction`, `job`, `qa`, `sourceLookup`, `networkSourceLookup` or
 * `electron` (decoded here, run by its own program; wrapper-only `network requests --current-*` flags are taken off
 * args here). The higher-level modes compile to
 * upstream argv (and generated batch stdin) here, before planning, so everything after this runs the same way.
 */
import * as Either from "effect/Either"
import { compileJob } from "../../compilers/compileJob.js"
import { compileQa } from "../../compilers/compileQa.js"
import { compileSemanticAction } from "../../compilers/compileSemanticAction.js"
import { compileNetworkSourceLookup, compileSourceLookup } from "../../compilers/compileSourceLookup.js"
import { pageFilterOf } from "../../compilers/networkPageFilter.js"
import { decodeElectronInput } from "../../schema/ElectronInput.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { INPUT_MODES as MODES, type ToolInput } from "../../schema/ToolInput.js"
import type { ResolvedInput } from "../../domain/Compiled.js"

export const resolveInputMode = (input: ToolInput, cwd: string): Either.Either<ResolvedInput, InvalidInput> => {
  const present = MODES.filter((m) => input[m] !== undefined)
  if (present.length !== 1) {
    return Either.left(
      new InvalidInput({
        field: present.length === 0 ? "args" : present.join(", "),
        detail:
          present.length === 0
            ? `give one of ${MODES.join(", ")}`
            : `use exactly one of ${MODES.join(", ")} per call (got ${present.join(" and ")})`
      })
    )
  }
  const mode = present[0]
  if (mode !== "args" && input.stdin !== undefined) {
    return Either.left(
      new InvalidInput({
        field: "stdin",
        detail: `${mode} generates its own upstream input; drop stdin (use args with batch for custom stdin)`
      })
    )
  }
  switch (mode) {
    case "semanticAction":
      return Either.map(compileSemanticAction(input.semanticAction!), (c) => ({
        input: { ...input, args: c.args },
        compiled: { mode, semanticAction: c }
      }))
    case "job":
      return Either.map(compileJob(input.job!, cwd), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, job: c }
      }))
    case "qa":
      if (input.qa!.attached === true && input.sessionMode === "fresh") {
        return Either.left(
          new InvalidInput({
            field: "qa",
            detail: "qa.attached checks the current page; it cannot run with sessionMode fresh"
          })
        )
      }
      return Either.map(compileQa(input.qa!, cwd), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, qa: c }
      }))
    case "sourceLookup":
      return Either.map(compileSourceLookup(input.sourceLookup!), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, sourceLookup: c }
      }))
    case "networkSourceLookup":
      return Either.map(compileNetworkSourceLookup(input.networkSourceLookup!), (c) => ({
        input: { ...input, args: c.args, stdin: c.stdin },
        compiled: { mode, networkSourceLookup: c }
      }))
    case "electron":
      if (input.timeoutMs !== undefined || input.outputPath !== undefined) {
        return Either.left(
          new InvalidInput({
            field: input.timeoutMs !== undefined ? "timeoutMs" : "outputPath",
            detail: "electron takes its budget as electron.timeoutMs and writes no outputPath; drop the top-level field"
          })
        )
      }
      return Either.map(decodeElectronInput(input.electron), (electron) => ({
        input: { ...input, args: [] },
        compiled: { mode, electron }
      }))
    default: {
      const filter = input.args?.includes("network") === true ? pageFilterOf(input.args) : { args: input.args ?? [] }
      return Either.right({
        input: { ...input, args: filter.args },
        compiled: { mode: "args", ...(filter.mode !== undefined ? { pageFilter: filter.mode } : {}) }
      })
    }
  }
}
