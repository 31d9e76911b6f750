/** The whole service graph over FakeAgentBrowser: deterministic, no processes, a private artifact dir. */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { fakeConfig, makeFakeLayer } from "../../src/layers/test/FakeLayer.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import type { ToolConfigShape } from "../../src/services/ToolConfig.js"

/** The test kit's config (src/layers/test/FakeLayer.ts), under the name the tests use. */
export const testConfig = fakeConfig

/** A temp root for one test file, removed by the returned cleanup. */
export const tempRoot = (): { readonly root: string; readonly cleanup: () => void } => {
  const root = mkdtempSync(join(tmpdir(), "piab-unit-"))
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

/** A temp root for the tests of the file (or describe block) that makes it, removed after them. */
export const suiteTempRoot = (): { readonly root: string; readonly cleanup: () => void } => {
  const temp = tempRoot()
  afterAll(() => temp.cleanup())
  return temp
}

export const fakeLayer = (
  root: string,
  script: ReadonlyArray<ScriptedRun>,
  overrides: Partial<ToolConfigShape> = {},
  version?: string
) => makeFakeLayer(FakeAgentBrowser.layer(script, version), toolConfigLayer(testConfig(root, overrides)))

/** A result's content as the tests read it: every part's text (none for an image), one part a line. */
export const contentText = (content: ReadonlyArray<{ readonly type: string; readonly text?: string }>): string =>
  content.map((c) => c.text ?? "").join("\n")

/** The text of a result's content, read as contentText does. */
export const resultText = (result: {
  readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }>
}): string => contentText(result.content)

export type FakeServices = Layer.Layer.Success<ReturnType<typeof fakeLayer>>

export const call = { piSessionId: "session-1", cwd: "/work/project" }

/** Upstream's batch row for a step that succeeded with `result`. */
export const doneRow = (command: unknown, result: unknown) => ({ command, success: true, result, error: null })

/**
 * A scripted `batch` reply, for every batch: one successful row per stdin step, its result chosen by `answer` (given
 * the step, its index and all the batch's steps). `seen`, when given, is shown each batch's steps before the answer.
 */
export const batchRows = (
  answer: (step: ReadonlyArray<string>, index: number, steps: ReadonlyArray<ReadonlyArray<string>>) => unknown,
  seen?: (steps: ReadonlyArray<ReadonlyArray<string>>, request: { readonly stdin?: string | undefined }) => void
): ScriptedRun => ({
  when: (r) => r.args.includes("batch"),
  reply: (r) => {
    const steps = JSON.parse(r.stdin ?? "[]") as ReadonlyArray<ReadonlyArray<string>>
    seen?.(steps, r)
    const rows = steps.map((step, i) => doneRow(step, answer(step, i, steps)))
    return { exitCode: 0, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

/** The steps of a scripted `batch` request (none for any other request). */
export const stepsOf = (request: {
  readonly args: ReadonlyArray<string>
  readonly stdin?: string | undefined
}): ReadonlyArray<ReadonlyArray<string>> => {
  if (!request.args.includes("batch")) return []
  try {
    const steps: unknown = JSON.parse(request.stdin ?? "[]")
    return Array.isArray(steps) ? (steps as ReadonlyArray<ReadonlyArray<string>>) : []
  } catch {
    return []
  }
}

/** The upstream command a request ran: its argv after the session flags (`--session <name>`). */
export const commandOf = (args: ReadonlyArray<string>): ReadonlyArray<string> =>
  args.slice(args.indexOf("--session") + 2)

/** The upstream commands the requests ran, in order: a batch's steps each, any other request's command. */
export const commandsRun = (
  requests: ReadonlyArray<{ readonly args: ReadonlyArray<string>; readonly stdin?: string | undefined }>
): ReadonlyArray<ReadonlyArray<string>> =>
  requests.flatMap((r) => (r.args.includes("batch") ? stepsOf(r) : [commandOf(r.args)]))

/** Whether a request runs `command`: alone, or as a step of its batch (a job's click runs with its recorder). */
export const runsCommand = (
  request: { readonly args: ReadonlyArray<string>; readonly stdin?: string | undefined },
  command: string
): boolean => commandsRun([request]).some((step) => step[0] === command)

/** A reply that answers each command done with `answer`'s result: a batch's steps each, or the request's command. */
export const answered =
  (answer: (step: ReadonlyArray<string>) => unknown) =>
  (request: { readonly args: ReadonlyArray<string>; readonly stdin?: string | undefined }) =>
    request.args.includes("batch")
      ? { exitCode: 0, stdout: `${JSON.stringify(stepsOf(request).map((step) => doneRow(step, answer(step))))}\n` }
      : FakeAgentBrowser.ok(answer(commandOf(request.args)))

/**
 * A command that fails with `message` (upstream's words): alone, or as a step of a batch, which stops there (the
 * steps before it answered done with `before`'s result).
 */
export const failing = (
  fails: (step: ReadonlyArray<string>) => boolean,
  message: string,
  before: (step: ReadonlyArray<string>) => unknown = () => ({})
): ScriptedRun => ({
  when: (request) => commandsRun([request]).some(fails),
  reply: (request) => {
    if (!request.args.includes("batch")) return FakeAgentBrowser.fail(message)
    const steps = stepsOf(request)
    const at = steps.findIndex(fails)
    const rows = [
      ...steps.slice(0, at).map((step) => doneRow(step, before(step))),
      { command: steps[at], success: false, result: null, error: message }
    ]
    return { exitCode: 1, stdout: `${JSON.stringify(rows)}\n` }
  },
  repeat: true
})

/** Whether a request runs an `open`: alone, or as the first step of the open's batch with its page read. */
export const runsOpen = (request: {
  readonly args: ReadonlyArray<string>
  readonly stdin?: string | undefined
}): boolean => (request.args.includes("open") && !request.args.includes("batch")) || stepsOf(request)[0]?.[0] === "open"

/** A page read that finds no challenge evidence. */
export const NO_CHALLENGE = { frames: [], scripts: [], markers: [], widgets: [], passwords: 0 }

/**
 * An `open`'s one upstream process (`batch --bail`: the open, then the opened-page read), answered as agent-browser
 * does: the open's row with `opened`, then the read's row finding `read` (by default the page the open reported, with
 * no challenge evidence).
 */
export const openBatch = (
  opened: { readonly url: string; readonly title: string },
  read: unknown = { ...opened, challenge: NO_CHALLENGE },
  repeat = false
): ScriptedRun => ({
  when: (r) => stepsOf(r)[0]?.[0] === "open",
  reply: (r) => ({
    exitCode: 0,
    stdout: `${JSON.stringify(stepsOf(r).map((step, i) => doneRow(step, i === 0 ? opened : { result: read })))}\n`
  }),
  repeat
})
