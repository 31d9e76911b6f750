/**
 * The tool's own input commands (compilers/inputCommand.ts) as one call or one job/batch step: a click with modifiers,
 * another button or a click count, at an element or a point; a drop of files or text on an element (dropCommand.ts);
 * the removal of one web storage key. Clicks and drops are trusted CDP input on the session's tab
 * (pointerDispatch.ts); the removal is an upstream `eval`. Each answers like an upstream command (`kind: "single"`,
 * data marked `toolInput`) that the presenter words (presenters/text/formatInput.ts). Refused before anything is sent
 * where upstream may hold actions for approval (`--confirm-actions`, action policies): input sent around the daemon
 * would skip that gate.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { alternativeOf, type InputCommand, inputCommandOf, MODIFIER_BITS } from "../../compilers/inputCommand.js"
import { storageRemovedOf, storageRemoveScript } from "../../page/inputReads.js"
import { InvalidInput, UpstreamFailed } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { mayProbe } from "../../session/planRun.js"
import { targetOf } from "../../session/planRun.js"
import { runDrop } from "./dropCommand.js"
import { describedRef, evaluate, reachablePoint, sendInput, tabSocket } from "./pointerDispatch.js"
import { APPEARED_INSTALL, APPEARED_READ, field, shownEffectsOf } from "../../page/appearedText.js"

type Click = Extract<InputCommand, { kind: "click" }>
type StorageRemove = Extract<InputCommand, { kind: "storage-remove" }>

/** The CDP mouse events of a click: a move to the point, then a press and release per click of the count. */
const clickEvents = (command: Click, at: { readonly x: number; readonly y: number }) => {
  const base = { x: at.x, y: at.y, modifiers: command.modifiers.reduce((bits, m) => bits | MODIFIER_BITS[m], 0) }
  const event = (type: string, clickCount: number) => ({
    method: "Input.dispatchMouseEvent",
    params: { ...base, type, button: command.button, clickCount }
  })
  const press = (count: number) => [event("mousePressed", count), event("mouseReleased", count)]
  const presses = Array.from({ length: command.clickCount }, (_, i) => press(i + 1))
  const move = { method: "Input.dispatchMouseEvent", params: { ...base, type: "mouseMoved", button: "none" } }
  return [move, ...presses.flat()]
}

const runClick = (plan: Plan, target: SessionTarget, command: Click, timeoutMs: number) =>
  Effect.gen(function* () {
    const { socket } = yield* tabSocket(plan, alternativeOf(command))
    const selector = command.target.kind === "element" ? command.target.selector : undefined
    const aim = command.target
    const alternative = alternativeOf(command)
    const at = aim.kind === "point" ? aim : yield* reachablePoint(target, socket, aim.selector, timeoutMs, alternative)
    // the text the click made appear or hid (a custom context menu): watched over the input, on the same socket
    // (a read that fails, as on a page the click left, says nothing more: the click was sent)
    const read = (js: string) => Effect.orElseSucceed(evaluate(socket, js), () => undefined)
    const watching = (yield* read(`String(${APPEARED_INSTALL})`)) === "true"
    yield* sendInput(socket, clickEvents(command, at))
    const shown = watching ? yield* read(`JSON.stringify(${APPEARED_READ} ?? null)`) : undefined
    const effects = shownEffectsOf(field(parsedJson(shown), "appeared"))
    const what = selector !== undefined ? yield* describedRef(plan, selector) : undefined
    const data = {
      toolInput: "click",
      ...(selector !== undefined ? { target: selector } : {}),
      ...(what !== undefined ? { described: what } : {}),
      x: at.x,
      y: at.y,
      button: command.button,
      clickCount: command.clickCount,
      modifiers: command.modifiers
    }
    return { data, effects: Object.keys(effects).length > 0 ? effects : undefined }
  })

/** A JSON text read from the page, parsed; undefined when it is none. */
const parsedJson = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const runStorageRemove = (target: SessionTarget, command: StorageRemove, timeoutMs: number) =>
  Effect.gen(function* () {
    const script = storageRemoveScript(command.area, command.key)
    const reply = yield* (yield* SessionCommands).run(target, ["eval", script], { timeoutMs })
    const read = reply.kind === "single" ? storageRemovedOf(reply.data) : undefined
    const failed = (detail: string) => new UpstreamFailed({ detail, stderr: "", exitCode: null })
    const key = `${command.key} in ${command.area}Storage`
    if (read === undefined) return yield* failed(`the page did not answer the removal of ${key}; it may be unchanged.`)
    if (read.left) return yield* failed(`${key} is still there after removeItem (a page script kept it).`)
    return { toolInput: "storage-remove", area: command.area, key: command.key, removed: read.had }
  })

/** Runs one tool input command in the session; its answer as an upstream-like single reply. */
export const runInputCommand = (plan: Plan, target: SessionTarget, command: InputCommand, timeoutMs: number) =>
  Effect.gen(function* () {
    if (!mayProbe(plan)) {
      return yield* new InvalidInput({
        field: "args",
        detail:
          `${command.kind} is sent by the tool itself, which is not supported while upstream holds actions for ` +
          "approval (--confirm-actions, an action policy) or outside a browser session; nothing was sent. " +
          `Instead: ${alternativeOf(command)}`
      })
    }
    const { data, effects } =
      command.kind === "click"
        ? yield* runClick(plan, target, command, timeoutMs)
        : command.kind === "drop"
          ? { data: yield* runDrop(plan, target, command, timeoutMs), effects: undefined }
          : { data: yield* runStorageRemove(target, command, timeoutMs), effects: undefined }
    const outcome: UpstreamOutcome = { kind: "single", data, warning: undefined, ...(effects ? { effects } : {}) }
    return outcome
  })

const invalid = (detail: string) => new InvalidInput({ field: "args", detail })

/** A plain call's tool input command, run (its reply as an Either, like the other runners'); undefined for others. */
export const runInputCall = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.line.command === "batch") return undefined
    const parsed = inputCommandOf(plan.line.positionals)
    if (parsed === undefined) return undefined
    if ("problem" in parsed) return { replied: Either.left(invalid(parsed.problem)) }
    return { replied: yield* Effect.either(runInputCommand(plan, targetOf(plan), parsed.command, plan.timeoutMs)) }
  })

/** What running an input command needs, for callers that spell out their requirements. */
export type InputServices = Effect.Effect.Context<ReturnType<typeof runInputCommand>>
