/**
 * FakeDaemonSocket: a stand-in for a session daemon's socket, for unit tests. It records every command sent (with its
 * socket path) and answers like upstream's daemon: `route` with `{routed: url}`, `unroute` with `{unrouted: url|all}`,
 * anything else with an unknown-action error; a scripted answer (a reply line, or "timeout") goes first.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { TimedOut } from "../../schema/ToolError.js"
import { DaemonSocket } from "../../services/DaemonSocket.js"

export interface SentCommand {
  readonly socketPath: string
  readonly command: Readonly<Record<string, unknown>>
}

export type ScriptedAnswer = string | "timeout"

export interface FakeDaemonSocketShape {
  readonly sent: Effect.Effect<ReadonlyArray<SentCommand>>
}

/** What upstream's daemon answers for a route or unroute (cli/src/native/actions.rs). */
const daemonAnswer = (command: Readonly<Record<string, unknown>>): string => {
  const id = command["id"]
  const ok = (data: unknown) => JSON.stringify({ id, success: true, data, error: null })
  if (command["action"] === "route") return ok({ routed: command["url"] })
  if (command["action"] === "unroute") return ok({ unrouted: command["url"] ?? "all" })
  return JSON.stringify({ id, success: false, data: null, error: `Unknown action: ${String(command["action"])}` })
}

export class FakeDaemonSocket extends Context.Tag("pi-agent-browser-effect/FakeDaemonSocket")<
  FakeDaemonSocket,
  FakeDaemonSocketShape
>() {
  static layer(script: ReadonlyArray<ScriptedAnswer> = []): Layer.Layer<DaemonSocket | FakeDaemonSocket> {
    return Layer.effectContext(
      Effect.gen(function* () {
        const remaining = yield* Ref.make(script)
        const sent = yield* Ref.make<ReadonlyArray<SentCommand>>([])
        const send = (socketPath: string, command: Readonly<Record<string, unknown>>, timeoutMs: number) =>
          Effect.gen(function* () {
            yield* Ref.update(sent, (all) => [...all, { socketPath, command }])
            const next = yield* Ref.modify(remaining, ([first, ...rest]) => [first, rest])
            if (next === "timeout")
              return yield* new TimedOut({
                reason: "no-answer",
                timeoutMs,
                dispatched: "maybe",
                stdout: "",
                stderr: ""
              })
            return next ?? daemonAnswer(command)
          })
        return Context.make(DaemonSocket, DaemonSocket.of({ send })).pipe(
          Context.add(FakeDaemonSocket, { sent: Ref.get(sent) })
        )
      })
    )
  }
}
