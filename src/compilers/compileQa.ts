/**
 * `qa` → one `batch --bail`: clear the diagnostic buffers, open the URL (or use the attached page), wait for the
 * load state, assert expected text/selector with bounded waits, take the evidence screenshot, then read network
 * requests, console and page errors for the verdict (evaluateQa), and the page's title and URL for the pass. Expected
 * text is upstream's `wait --text`: visible text only, case-sensitive substring, not inside shadow roots (measured on
 * 0.41.2; the contract's `wait --fn` innerText predicate matches the same). Pure.
 */
import * as Either from "effect/Either"
import { isAbsolute, resolve } from "node:path"
import { InvalidInput } from "../schema/ToolError.js"
import type { Qa } from "../schema/ToolInput.js"
import { batchOf } from "./compileJob.js"
import type { CompiledQa } from "../domain/Compiled.js"

/** Expected text and selectors get this long after load: enough for a render, short enough to fail fast. */
export const QA_ASSERT_TIMEOUT_MS = 5_000

export const compileQa = (qa: Qa, cwd: string): Either.Either<CompiledQa, InvalidInput> => {
  const attached = qa.attached === true
  if (attached === (qa.url !== undefined)) {
    return Either.left(
      new InvalidInput({
        field: "qa",
        detail: "give either url (open and check a page) or attached: true (check the current page)"
      })
    )
  }
  const checks = {
    network: qa.checkNetwork ?? !attached,
    console: qa.checkConsole ?? !attached,
    errors: qa.checkErrors ?? !attached,
    attached,
    ...(qa.url !== undefined ? { url: qa.url } : {}),
    diagnosticsResetAtStart: !attached
  }
  const loadState = qa.loadState ?? "domcontentloaded"
  const rows: Array<ReadonlyArray<string>> = []
  if (!attached) {
    if (checks.network) rows.push(["network", "requests", "--clear"])
    if (checks.console) rows.push(["console", "--clear"])
    if (checks.errors) rows.push(["errors", "--clear"])
    rows.push(["open", qa.url ?? ""])
  }
  rows.push(["wait", "--load", loadState])
  const texts =
    qa.expectedText === undefined ? [] : typeof qa.expectedText === "string" ? [qa.expectedText] : qa.expectedText
  for (const text of texts) rows.push(["wait", "--text", text, "--timeout", String(QA_ASSERT_TIMEOUT_MS)])
  if (qa.expectedSelector !== undefined)
    rows.push(["wait", qa.expectedSelector, "--timeout", String(QA_ASSERT_TIMEOUT_MS)])
  const outputs: Array<string> = []
  if (qa.screenshotPath !== undefined) {
    const path = isAbsolute(qa.screenshotPath) ? qa.screenshotPath : resolve(cwd, qa.screenshotPath)
    outputs.push(path)
    rows.push(["screenshot", path])
  }
  if (checks.network) rows.push(["network", "requests"])
  if (checks.console) rows.push(["console"])
  if (checks.errors) rows.push(["errors"])
  // the page that passed, as observed at the end (a pass names its title and URL)
  rows.push(["get", "title"], ["get", "url"])
  return Either.right({ ...batchOf(rows, true, outputs), loadState, checks })
}
