/**
 * A scripted stand-in for the model, loaded into real pi as an extension (pi's own faux provider). Steps come from
 * the JSON file named by FAUX_SCRIPT: `{ "tool": "agent_browser", "args": {...} }` or `{ "text": "..." }`.
 * String values may use `{{ref:<role>:<name>}}`, resolved to the `@eN` of that element in the newest snapshot the
 * model has seen, so the script acts on what the tool returned, as a model would. The system prompt the model got
 * is written beside the script (`<script>.system.txt`), so tests can read what pi sends every turn.
 * `{ "followNextAction": "<id>" }` calls the tool with the params of that next action in the newest tool result that
 * offers it, as a model following the tool's advice would. A tool step with `"barrier": {"touch": f, "waitFor": [...]}`
 * first writes `f`, then waits (up to 60 s) until every file of `waitFor` exists: tests start two pi processes' calls at
 * the same moment, whatever each process's start-up took.
 */
import { fauxAssistantMessage, fauxToolCall, registerFauxProvider } from "@mariozechner/pi-ai"
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { expandRuns } from "./snapshotRuns.mjs"

interface Barrier {
  readonly touch: string
  readonly waitFor: ReadonlyArray<string>
}
type Step =
  | { readonly tool: string; readonly args?: Record<string, unknown>; readonly barrier?: Barrier }
  | { readonly text: string }
  | { readonly followNextAction: string }

/** Writes this process's file, then blocks until the others' exist (a test-only rendezvous; the model "thinks"). */
const meet = (barrier: Barrier | undefined): void => {
  if (barrier === undefined) return
  writeFileSync(barrier.touch, "")
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (const until = Date.now() + 60_000; !barrier.waitFor.every((f) => existsSync(f)) && Date.now() < until; )
    Atomics.wait(pause, 0, 0, 25)
}
interface Message {
  readonly role?: string
  readonly content?: string | ReadonlyArray<{ readonly type?: string; readonly text?: string }>
  /** pi's system message: the prompt in named sections (preamble, tools, rules, ...). */
  readonly sections?: Record<string, unknown>
  readonly details?: {
    readonly nextActions?: ReadonlyArray<{
      readonly id?: string
      readonly tool?: string
      readonly params?: Record<string, unknown>
    }>
  }
}

/** The params of the newest offered next action with this id. */
const nextActionParams = (
  messages: ReadonlyArray<Message>,
  id: string
): { tool: string; params: Record<string, unknown> } => {
  for (const m of [...messages].reverse()) {
    const action = m.role === "toolResult" ? m.details?.nextActions?.find((a) => a.id === id) : undefined
    if (action?.params !== undefined) return { tool: action.tool ?? "agent_browser", params: action.params }
  }
  throw new Error(`faux driver: no tool result offered next action ${id}`)
}

/** pi 0.87 folds the system prompt into leading system messages; older pi passes `systemPrompt`. */
const systemOf = (context: { readonly messages: ReadonlyArray<Message>; readonly systemPrompt?: string }): string =>
  context.systemPrompt ??
  context.messages
    .filter((m) => m.role === "system")
    .flatMap((m) => [
      ...(typeof m.content === "string" ? [m.content] : (m.content ?? []).map((c) => c.text ?? "")),
      ...Object.values(m.sections ?? {}).filter((v): v is string => typeof v === "string")
    ])
    .join("\n")

const seenTexts = (messages: ReadonlyArray<Message>): ReadonlyArray<string> =>
  messages
    .filter((m) => m.role === "toolResult")
    .flatMap((m) => (typeof m.content === "string" ? [m.content] : (m.content ?? []).map((c) => c.text ?? "")))
    .reverse()

const resolveRef = (texts: ReadonlyArray<string>, role: string, name: string): string => {
  const pattern = new RegExp(`${role} "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\\n]*?ref=(e\\d+)`)
  for (const text of texts) {
    const match = pattern.exec(expandRuns(text))
    if (match?.[1] !== undefined) return `@${match[1]}`
  }
  throw new Error(`faux driver: no ${role} "${name}" in any snapshot seen so far`)
}

const fill = (value: unknown, texts: ReadonlyArray<string>): unknown => {
  if (typeof value === "string")
    return value.replace(/\{\{ref:([^:}]+):([^}]+)\}\}/g, (_m, role: string, name: string) =>
      resolveRef(texts, role, name)
    )
  if (Array.isArray(value)) return value.map((v) => fill(v, texts))
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, texts)]))
  return value
}

/** What pi says of its tools (`getAllTools`; each tool's annotations from pi 1.5 on), written beside the script. */
interface PiTools {
  readonly getAllTools?: () => ReadonlyArray<{ readonly name: string; readonly annotations?: unknown }>
}

export default function fauxDriver(pi: { registerProvider: (name: string, config: unknown) => void } & PiTools): void {
  const steps = JSON.parse(readFileSync(process.env["FAUX_SCRIPT"] ?? "", "utf8")) as ReadonlyArray<Step>
  const faux = registerFauxProvider({ provider: "faux", models: [{ id: "faux-1" }] })
  const script = process.env["FAUX_SCRIPT"] ?? ""
  faux.setResponses(
    steps.map(
      (step, index) => (context: { messages: ReadonlyArray<Message>; systemPrompt?: string }) => (
        index === 0 ? writeFileSync(`${script}.system.txt`, systemOf(context)) : undefined,
        index === 0 && pi.getAllTools !== undefined
          ? writeFileSync(
              `${script}.tools.json`,
              JSON.stringify(pi.getAllTools().map(({ name, annotations }) => ({ name, annotations })))
            )
          : undefined,
        "followNextAction" in step
          ? ((next) =>
              fauxAssistantMessage([fauxToolCall(next.tool, next.params, { id: `call_${index}` })], {
                stopReason: "toolUse"
              }))(nextActionParams(context.messages, step.followNextAction))
          : "tool" in step
            ? (meet(step.barrier),
              fauxAssistantMessage(
                [
                  fauxToolCall(
                    step.tool,
                    fill(step.args ?? {}, seenTexts(context.messages)) as Record<string, unknown>,
                    { id: `call_${index}` }
                  )
                ],
                { stopReason: "toolUse" }
              ))
            : fauxAssistantMessage(step.text)
      )
    )
  )
  pi.registerProvider("faux", {
    baseUrl: "http://localhost:0",
    apiKey: "faux",
    api: faux.api,
    models: [
      {
        id: "faux-1",
        name: "Faux",
        reasoning: false,
        input: ["text", "image"],
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        contextWindow: 128000,
        maxTokens: 16384
      }
    ]
  })
}
