/**
 * DaemonSocketLive: one JSON line to a session daemon's unix socket over node:net, one JSON line read back, within a
 * deadline. Upstream's daemon answers each connection's command with one line (cli/src/native/daemon.rs).
 */
import { connect } from "node:net"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TimedOut, UpstreamFailed } from "../schema/ToolError.js"
import { DaemonSocket } from "../services/DaemonSocket.js"

type Answer =
  | { readonly kind: "line"; readonly line: string }
  | { readonly kind: "unreachable"; readonly cause: string }
  | { readonly kind: "closed" | "timeout"; readonly sent: boolean; readonly partial: string }

/** Connects, writes the command, and settles on the first line, a close, an error or the deadline. */
const exchange = (socketPath: string, payload: string, timeoutMs: number) =>
  Effect.async<Answer>((resume) => {
    let buffer = ""
    let sent = false
    let settled = false
    const socket = connect(socketPath)
    const settle = (answer: Answer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resume(Effect.succeed(answer))
    }
    const timer = setTimeout(() => settle({ kind: "timeout", sent, partial: buffer }), timeoutMs)
    socket.setEncoding("utf8")
    socket.on("connect", () => socket.write(payload, () => void (sent = true)))
    socket.on("data", (chunk: string) => {
      buffer += chunk
      const end = buffer.indexOf("\n")
      if (end >= 0) settle({ kind: "line", line: buffer.slice(0, end) })
    })
    socket.on("end", () =>
      settle(buffer.trim() !== "" ? { kind: "line", line: buffer } : { kind: "closed", sent, partial: "" })
    )
    socket.on("error", (error) =>
      settle(sent ? { kind: "closed", sent, partial: buffer } : { kind: "unreachable", cause: error.message })
    )
    // interrupted: the connection is dropped, nothing is resumed
    return Effect.sync(() => {
      settled = true
      clearTimeout(timer)
      socket.destroy()
    })
  })

const failed = (detail: string) => new UpstreamFailed({ detail, stderr: "", exitCode: null })

/** The reply line, or the typed error of a socket that could not be reached, closed, or stayed silent. */
const replyOf = (
  socketPath: string,
  answer: Answer,
  timeoutMs: number
): Effect.Effect<string, TimedOut | UpstreamFailed> => {
  if (answer.kind === "line") return Effect.succeed(answer.line)
  if (answer.kind === "unreachable")
    return Effect.fail(
      failed(
        `the session's agent-browser daemon could not be reached at ${socketPath} (${answer.cause}); nothing was sent`
      )
    )
  if (answer.kind === "closed")
    return Effect.fail(
      failed("the session's agent-browser daemon closed its socket without answering; it may have run")
    )
  const dispatched = answer.sent ? "maybe" : "no"
  return Effect.fail(new TimedOut({ reason: "no-answer", timeoutMs, dispatched, stdout: answer.partial, stderr: "" }))
}

export const DaemonSocketLive: Layer.Layer<DaemonSocket> = Layer.succeed(
  DaemonSocket,
  DaemonSocket.of({
    send: (socketPath, command, timeoutMs) =>
      Effect.flatMap(exchange(socketPath, `${JSON.stringify(command)}\n`, timeoutMs), (answer) =>
        replyOf(socketPath, answer, timeoutMs)
      )
  })
)
