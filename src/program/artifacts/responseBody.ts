/**
 * `network request <id> --save <path>` (wrapper-only flag; upstream ignores it): the response body as a file. A text
 * body is in upstream's reply and is written as it is (redacted like every text the tool writes). A binary body
 * agent-browser 0.41.2 withholds (`[base64, 24 chars]`), so a GET's body is read again by the page itself (`fetch`
 * with its cookies, the HTTP cache first) and its size compared with the captured one; a request that cannot be
 * repeated safely (not a GET) or that the page cannot read (CORS) is not saved, and the error names the HAR route
 * that keeps bodies. The file is then verified like any artifact (verifyArtifacts.ts reads `path`).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { ArtifactMissing } from "../../schema/ToolError.js"
import { Redactor } from "../../services/Redactor.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { mayProbe } from "../../session/planRun.js"
import { targetOf } from "../../session/planRun.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"

/** How agent-browser 0.41.2 writes a body it withheld. */
const WITHHELD = /^\[base64, (\d+) chars\]$/
const REREAD_TIMEOUT_MS = 15_000

const HAR =
  "record it with network har start --content all before the request, then network har stop <path>: " +
  "the HAR keeps every body as base64"
const WITHHELD_TEXT = "agent-browser 0.41.2 withholds binary bodies"
const NO_BODY = `agent-browser's reply holds no response body for this request (none yet, or none kept); ${HAR}`

/** The page's own `fetch` of the URL (cookies included, cache first), as base64 with its status. */
const rereadScript = (url: string): string => `(async () => {
  const r = await fetch(${JSON.stringify(url)}, { credentials: "include", cache: "force-cache" });
  const bytes = new Uint8Array(await r.arrayBuffer());
  let s = "";
  for (let i = 0; i < bytes.length; i += 32768) s += String.fromCharCode(...bytes.subarray(i, i + 32768));
  return { status: r.status, base64: btoa(s) };
})()`

export interface SavedBody {
  readonly path: string
  readonly bytes: number
  /** `captured`: upstream's reply held the text; `re-read`: the page fetched the URL again. */
  readonly source: "captured" | "re-read"
  /** Re-read only: the captured body's size as upstream's base64 length implies it. */
  readonly capturedBytes?: number
}

const write = (path: string, bytes: Uint8Array) =>
  Effect.sync(() => {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, bytes)
  })

/** The page reads the URL again; the bytes, or why it could not. */
const reread = (plan: Plan, url: string) =>
  Effect.gen(function* () {
    // page script upstream may hold for a human's approval is not the tool's to send (session/planRun.ts)
    if (!mayProbe(plan)) return "this session holds page script for approval (--confirm-actions or an action policy)"
    const commands = yield* SessionCommands
    const options = { stdin: rereadScript(url), timeoutMs: REREAD_TIMEOUT_MS }
    const reply = yield* Effect.either(commands.run(targetOf(plan), ["eval", "--stdin"], options))
    if (reply._tag === "Left") return `the page could not read it again (${reply.left.message})`
    type Reread = { result?: { status?: unknown; base64?: unknown } } | null
    const result = reply.right.kind === "single" ? (reply.right.data as Reread)?.result : undefined
    if (typeof result?.base64 !== "string") return "the page could not read it again"
    return { status: Number(result.status), bytes: Buffer.from(result.base64, "base64") }
  })

export const saveResponseBody = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    if (artifactRequest(plan.line)?.kind !== "response-body" || outcome.kind !== "single") return outcome
    const path = plan.outputPath ?? ""
    const data = (outcome.data !== null && typeof outcome.data === "object" ? outcome.data : {}) as Record<
      string,
      unknown
    >
    const body = data["responseBody"]
    const missing = (detail: string) => new ArtifactMissing({ path, kind: "response-body", detail })
    if (typeof body !== "string") {
      return yield* missing(NO_BODY)
    }
    const withheld = WITHHELD.exec(body)
    let saved: SavedBody
    if (withheld === null) {
      const text = Buffer.from(yield* (yield* Redactor).scrubText(body), "utf8")
      yield* write(path, text)
      saved = { path, bytes: text.length, source: "captured" }
    } else {
      const method = String(data["method"] ?? "GET").toUpperCase()
      const url = String(data["url"] ?? "")
      if (method !== "GET") {
        return yield* missing(`${WITHHELD_TEXT} (${body}), and a ${method} is not sent again to read it; ${HAR}`)
      }
      const again = yield* reread(plan, url)
      if (typeof again === "string") return yield* missing(`${WITHHELD_TEXT} (${body}) and ${again}; ${HAR}`)
      if (again.status >= 400) {
        return yield* missing(`${WITHHELD_TEXT} (${body}) and the page's new request got HTTP ${again.status}; ${HAR}`)
      }
      yield* write(path, again.bytes)
      const capturedBytes = Math.floor((Number(withheld[1]) * 3) / 4)
      saved = { path, bytes: again.bytes.length, source: "re-read", capturedBytes }
    }
    return { ...outcome, data: { ...data, path, savedBody: saved } } satisfies UpstreamOutcome
  })
