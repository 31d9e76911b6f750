/**
 * A scripted stand-in for the model, loaded into real pi as an extension (pi's own faux provider). Steps come from
 * the JSON file named by FAUX_SCRIPT: `{ "tool": "agent_browser", "args": {...} }` or `{ "text": "..." }`.
 * String values may use `{{ref:<role>:<name>}}`, resolved to the `@eN` of that element in the newest snapshot the
 * model has seen, so the script acts on what the tool returned, as a model would.
 */
import { fauxAssistantMessage, fauxToolCall, registerFauxProvider } from "@mariozechner/pi-ai"
import { readFileSync } from "node:fs"

type Step = { readonly tool: string; readonly args?: Record<string, unknown> } | { readonly text: string }
interface Message { readonly role?: string; readonly content?: ReadonlyArray<{ readonly type?: string; readonly text?: string }> }

const seenTexts = (messages: ReadonlyArray<Message>): ReadonlyArray<string> =>
  messages.filter((m) => m.role === "toolResult").flatMap((m) => (m.content ?? []).map((c) => c.text ?? "")).reverse()

const resolveRef = (texts: ReadonlyArray<string>, role: string, name: string): string => {
  const pattern = new RegExp(`${role} "${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^\\n]*?ref=(e\\d+)`)
  for (const text of texts) {
    const match = pattern.exec(text)
    if (match?.[1] !== undefined) return `@${match[1]}`
  }
  throw new Error(`faux driver: no ${role} "${name}" in any snapshot seen so far`)
}

const fill = (value: unknown, texts: ReadonlyArray<string>): unknown => {
  if (typeof value === "string") return value.replace(/\{\{ref:([^:}]+):([^}]+)\}\}/g, (_m, role: string, name: string) => resolveRef(texts, role, name))
  if (Array.isArray(value)) return value.map((v) => fill(v, texts))
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, texts)]))
  return value
}

export default function fauxDriver(pi: { registerProvider: (name: string, config: unknown) => void }): void {
  const steps = JSON.parse(readFileSync(process.env["FAUX_SCRIPT"] ?? "", "utf8")) as ReadonlyArray<Step>
  const faux = registerFauxProvider({ provider: "faux", models: [{ id: "faux-1" }] })
  faux.setResponses(steps.map((step, index) => (context: { messages: ReadonlyArray<Message> }) =>
    "tool" in step
      ? fauxAssistantMessage([fauxToolCall(step.tool, fill(step.args ?? {}, seenTexts(context.messages)) as Record<string, unknown>, { id: `call_${index}` })], { stopReason: "toolUse" })
      : fauxAssistantMessage(step.text)))
  pi.registerProvider("faux", {
    baseUrl: "http://localhost:0",
    apiKey: "faux",
    api: faux.api,
    models: [{ id: "faux-1", name: "Faux", reasoning: false, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 16384 }]
  })
}
