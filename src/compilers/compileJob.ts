/**
 * `job` → one upstream `batch` (with `--bail` unless `failFast: false`): each step becomes one or a few argv rows.
 * Navigation is never assumed: only explicit `assertUrl`/`assertText` steps check where a click led. Pure.
 */
import { extensionFormat } from "../upstream/imageFormat.js"
import * as Either from "effect/Either"
import { isAbsolute, resolve } from "node:path"
import { InvalidInput } from "../schema/ToolError.js"
import type { Job, JobStep } from "../schema/ToolInput.js"
import { compileElementAction } from "./compileSemanticAction.js"
import { keystrokeRows, MAX_TYPED_KEYS } from "../upstream/keystrokes.js"
import { fieldReadRows } from "../page/typeReadback.js"
import { SECRET_PLACEHOLDER } from "../schema/SecurityPolicy.js"
import type { CompiledBatch } from "../domain/Compiled.js"
import { urlGlobPredicate } from "../upstream/waitAssertion.js"

/** Assertions wait this long (upstream's default is 25 s): a wrong page should fail fast, not burn the watchdog. */
export const ASSERT_TIMEOUT_MS = 10_000

type Rows = ReadonlyArray<ReadonlyArray<string>>

/** drop: files (`path`, comma-separated) and/or text on the selected element. */
const dropRows = (step: JobStep, where: string): Either.Either<Rows, InvalidInput> => {
  const text = step.text !== undefined && step.text !== "" ? ["--text", step.text] : []
  if (step.selector === undefined || (step.path === undefined && text.length === 0)) {
    const detail = "drop: needs selector and path (files, comma-separated) or text"
    return Either.left(new InvalidInput({ field: where, detail }))
  }
  return Either.right([["drop", step.selector, ...(step.path !== undefined ? ["--files", step.path] : []), ...text]])
}

/**
 * click/dblclick (and rightclick: the right button) as element actions; `press` names the modifier keys held during
 * the click (`Control+Shift`), sent by the tool itself (compilers/inputCommand.ts).
 */
const pointerRows = (step: JobStep, kind: "click" | "dblclick" | "rightclick", where: string) => {
  const action = kind === "rightclick" ? "click" : kind
  const keys = step.press !== undefined ? ["--modifiers", step.press] : []
  const button = kind === "rightclick" ? ["--button", "right"] : []
  if ((keys.length > 0 || button.length > 0) && step.selector === undefined) {
    const what = `${kind}${keys.length > 0 ? " with press (modifier keys)" : ""}`
    const detail = `${what} needs a selector (CSS or @ref); take snapshot -i for refs`
    return Either.left(new InvalidInput({ field: where, detail }))
  }
  return Either.map(compileElementAction({ ...step, action }, where), (c): Rows => [[...c.args, ...button, ...keys]])
}

type Fail = (message: string) => Either.Either<Rows, InvalidInput>

/** type: real key events per character (upstream's `keyboard type` sends none: keystrokes.ts), paced when asked. */
const typeRows = (step: JobStep, fail: Fail): Either.Either<Rows, InvalidInput> => {
  if (step.text === undefined || step.text === "") return fail("needs text")
  const focus = step.selector !== undefined ? [["focus", step.selector]] : []
  const press = step.press !== undefined ? [["press", step.press]] : []
  if ([...step.text].length > MAX_TYPED_KEYS) {
    return fail(`typing is limited to ${MAX_TYPED_KEYS} characters per step (fill sets longer text)`)
  }
  // a {{secret:NAME}} is put in where upstream's typed text sits: one `keyboard type` (as input, no key events)
  if (new RegExp(SECRET_PLACEHOLDER.source).test(step.text)) {
    return Either.right([...focus, ["keyboard", "type", step.text], ...press])
  }
  const pause = step.delayMs !== undefined ? [["wait", String(step.delayMs)]] : []
  // the field is read after the keys and before the key pressed after them (which may submit), as `type` reads it
  const keys = [...step.text].flatMap((ch) => [...keystrokeRows(ch), ...pause])
  return Either.right([...focus, ...keys, ...fieldReadRows(step.selector, step.text), ...press])
}

/**
 * screenshot: a batch step writes PNG whatever its name (agent-browser 0.41.2 reads no per-step
 * --screenshot-format).
 */
const screenshotRows = (
  step: JobStep,
  fail: Fail,
  abs: (path: string) => string
): Either.Either<Rows, InvalidInput> => {
  if (step.path === undefined) return fail("needs path")
  if (extensionFormat(step.path) !== undefined && extensionFormat(step.path) !== "png") {
    const instead = `["screenshot", "${step.path}"]`
    return fail(`writes PNG: name the file .png, or take a JPEG or WebP with args ${instead} (converted, verified)`)
  }
  return Either.right([["screenshot", abs(step.path)]])
}

const stepRows = (
  step: JobStep,
  index: number,
  cwd: string,
  outputs: Array<string>
): Either.Either<ReadonlyArray<ReadonlyArray<string>>, InvalidInput> => {
  const where = `job.steps.${index}`
  const fail = (message: string) =>
    Either.left(new InvalidInput({ field: where, detail: `${step.action}: ${message}` }))
  const abs = (path: string) => {
    const p = isAbsolute(path) ? path : resolve(cwd, path)
    outputs.push(p)
    return p
  }
  switch (step.action) {
    case "open":
      if (step.url === undefined) return fail("needs url")
      return Either.right([
        ["open", step.url],
        ...(step.loadState !== undefined ? [["wait", "--load", step.loadState]] : [])
      ])
    case "click":
    case "dblclick":
    case "rightclick":
      return pointerRows(step, step.action, where)
    case "drop":
      return dropRows(step, where)
    case "fill":
    case "check":
    case "uncheck":
    case "hover":
    case "scrollIntoView":
      return Either.map(compileElementAction({ ...step, action: step.action }, where), (c) => [c.args])
    case "press":
      if (step.text === undefined || step.text === "") return fail("needs text: the key, e.g. Enter")
      return Either.right([...(step.selector !== undefined ? [["focus", step.selector]] : []), ["press", step.text]])
    case "drag":
      if (step.selector === undefined || step.target === undefined)
        return fail("needs selector (CSS or @ref) and target")
      return Either.right([["drag", step.selector, step.target]])
    case "type":
      return typeRows(step, fail)
    case "select": {
      const values = step.values ?? (step.value !== undefined ? [step.value] : [])
      if (step.selector === undefined || values.length === 0) return fail("needs selector and value or values")
      return Either.right([["select", step.selector, ...values]])
    }
    case "wait":
      return step.milliseconds === undefined
        ? fail("needs milliseconds")
        : Either.right([["wait", String(step.milliseconds)]])
    case "assertText":
      return step.text === undefined || step.text === ""
        ? fail("needs text")
        : Either.right([["wait", "--text", step.text, "--timeout", String(ASSERT_TIMEOUT_MS)]])
    case "assertUrl":
      if (step.url === undefined) return fail("needs url")
      return Either.right([
        [
          ...(step.url.includes("*") ? ["wait", "--fn", urlGlobPredicate(step.url)] : ["wait", "--url", step.url]),
          "--timeout",
          String(ASSERT_TIMEOUT_MS)
        ]
      ])
    case "waitForDownload":
      return step.path === undefined ? fail("needs path") : Either.right([["wait", "--download", abs(step.path)]])
    case "snapshot":
      return Either.right([["snapshot", "-i"]])
    case "screenshot":
      return screenshotRows(step, fail, abs)
  }
}

export const batchOf = (
  rows: ReadonlyArray<ReadonlyArray<string>>,
  failFast: boolean,
  outputPaths: ReadonlyArray<string>,
  rowActions?: ReadonlyArray<string>
): CompiledBatch => ({
  args: failFast ? ["batch", "--bail"] : ["batch"],
  stdin: JSON.stringify(rows),
  rows,
  outputPaths,
  ...(rowActions !== undefined ? { rowActions } : {})
})

export const compileJob = (job: Job, cwd: string): Either.Either<CompiledBatch, InvalidInput> =>
  Either.gen(function* () {
    const outputs: Array<string> = []
    const rows: Array<ReadonlyArray<string>> = []
    const rowActions: Array<string> = []
    for (const [index, step] of job.steps.entries()) {
      const compiled = yield* stepRows(step, index, cwd, outputs)
      rows.push(...compiled)
      rowActions.push(...compiled.map(() => step.action))
    }
    return batchOf(rows, job.failFast ?? true, outputs, rowActions)
  })
