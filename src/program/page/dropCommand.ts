/**
 * `drop <sel> --files <paths> --text <text>` (compilers/inputCommand.ts): CDP `Input.dispatchDragEvent` (dragEnter,
 * dragOver, drop) at the element's centre, carrying files the browser reads from disk itself (so only a browser on
 * this machine can take them) and/or text. A recorder installed on the tab just before the events reads what the page
 * saw: a drop nobody accepted (no handler cancelled `dragover`, so no `drop` event fired) fails, and a drop that fired
 * is described by the files its event carried, as the page read them.
 */
import { statSync } from "node:fs"
import { basename, isAbsolute, resolve } from "node:path"
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { alternativeOf, type InputCommand } from "../../compilers/inputCommand.js"
import { DROP_RECORDER_INSTALL, DROP_RECORDER_READ, dropSeenOf } from "../../page/inputReads.js"
import { InvalidInput, UpstreamFailed } from "../../schema/ToolError.js"
import { describedRef, evaluate, reachablePoint, sendInput, tabSocket } from "./pointerDispatch.js"

type Drop = Extract<InputCommand, { kind: "drop" }>

const LOCAL_ENDPOINT = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/

/** The files to drop, resolved from the call's folder: each must be a regular file (its size for the text). */
const dropFiles = (plan: Plan, files: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const found: Array<{ path: string; name: string; size: number }> = []
    for (const file of files) {
      const path = isAbsolute(file) ? file : resolve(plan.cwd ?? process.cwd(), file)
      const size = yield* Effect.try(() => statSync(path)).pipe(
        Effect.map((s) => (s.isFile() ? s.size : undefined)),
        Effect.orElseSucceed(() => undefined)
      )
      if (size === undefined) {
        const detail = `drop: ${file} is not a file (resolved ${path}); nothing was dropped.`
        return yield* new InvalidInput({ field: "args", detail })
      }
      found.push({ path, name: basename(path), size })
    }
    return found
  })

/** The drag events' data: text as a `text/plain` item, files by path. */
const dragData = (command: Drop, paths: ReadonlyArray<string>) => ({
  items: command.text !== undefined ? [{ mimeType: "text/plain", data: command.text }] : [],
  ...(paths.length > 0 ? { files: paths } : {}),
  dragOperationsMask: 1 | 2 | 16
})

const notAccepted = (selector: string) =>
  new UpstreamFailed({
    detail:
      `the drag reached the page but ${selector} did not accept it (no handler cancelled dragover there), ` +
      "so no drop event fired and nothing was dropped. It is not a drop zone; for a file input use " +
      `upload ${selector} <files…>.`,
    stderr: "",
    exitCode: null
  })

export const runDrop = (plan: Plan, target: SessionTarget, command: Drop, timeoutMs: number) =>
  Effect.gen(function* () {
    const files = yield* dropFiles(plan, command.files)
    const { socket, endpoint } = yield* tabSocket(plan, alternativeOf(command))
    // the browser reads the files itself: only one on this machine can (a remote browser would read its own disk)
    if (files.length > 0 && !LOCAL_ENDPOINT.test(endpoint)) {
      return yield* new InvalidInput({
        field: "args",
        detail:
          `drop --files needs a browser on this machine (this one answers at ${endpoint}); nothing was ` +
          `dropped. Instead: ${alternativeOf(command)}`
      })
    }
    const point = yield* reachablePoint(target, socket, command.selector, timeoutMs, alternativeOf(command))
    const installed = (yield* evaluate(socket, DROP_RECORDER_INSTALL)) !== undefined
    const data = dragData(
      command,
      files.map((f) => f.path)
    )
    const event = (type: string) => ({
      method: "Input.dispatchDragEvent",
      params: { type, x: point.x, y: point.y, data, modifiers: 0 }
    })
    yield* sendInput(socket, [event("dragEnter"), event("dragOver"), event("drop")])
    const seen = installed ? dropSeenOf(yield* evaluate(socket, DROP_RECORDER_READ)) : undefined
    if (seen !== undefined && seen.drop === 0) return yield* notAccepted(command.selector)
    const what = yield* describedRef(plan, command.selector)
    return {
      toolInput: "drop",
      target: command.selector,
      ...(what !== undefined ? { described: what } : {}),
      files: seen?.files ?? files.map((f) => ({ name: f.name, size: f.size })),
      ...(command.text !== undefined ? { textLength: command.text.length } : {}),
      pageSaw: seen !== undefined
    }
  })
