/**
 * DaemonSocketLive over a real unix socket in a temp folder: one JSON line sent, the first line back answered; a
 * socket that is not there, one that closes without a line, and one that stays silent fail with their typed errors.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll } from "vitest"
import { DaemonSocketLive } from "../../src/layers/DaemonSocketLive.js"
import { DaemonSocket } from "../../src/services/DaemonSocket.js"

let dir = ""
const servers: Array<Server> = []
const received: Array<string> = []

const serve = (name: string, onLine: (socket: Socket, line: string) => void): Promise<string> =>
  new Promise((ready) => {
    const path = join(dir, `${name}.sock`)
    const server = createServer((socket) => {
      let buffer = ""
      socket.setEncoding("utf8")
      socket.on("data", (chunk: string) => {
        buffer += chunk
        if (buffer.includes("\n")) onLine(socket, buffer.slice(0, buffer.indexOf("\n")))
      })
    })
    servers.push(server)
    server.listen(path, () => ready(path))
  })

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "piab-daemon-socket-"))
})
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((done) => s.close(done))))
  rmSync(dir, { recursive: true, force: true })
})

const send = (path: string, timeoutMs = 2_000) =>
  Effect.flatMap(DaemonSocket, (socket) =>
    socket.send(path, { id: "r1", action: "route", url: "**/a" }, timeoutMs)
  ).pipe(Effect.provide(DaemonSocketLive), Effect.either)

describe("DaemonSocketLive", () => {
  it.live("writes one JSON line and answers the first line the daemon writes back", () =>
    Effect.gen(function* () {
      const path = yield* Effect.promise(() =>
        serve("answers", (socket, line) => {
          received.push(line)
          socket.write('{"id":"r1","success":true,"data":{"routed":"**/a"}}\n{"extra":1}\n')
        })
      )
      const reply = yield* send(path)
      expect(reply._tag === "Right" && reply.right).toBe('{"id":"r1","success":true,"data":{"routed":"**/a"}}')
      expect(received).toEqual(['{"id":"r1","action":"route","url":"**/a"}'])
    })
  )

  it.live("no socket: UpstreamFailed, nothing sent; closed without a line: UpstreamFailed; silent: TimedOut", () =>
    Effect.gen(function* () {
      const missing = yield* send(join(dir, "none.sock"))
      expect(missing._tag === "Left" && missing.left._tag).toBe("UpstreamFailed")
      expect(missing._tag === "Left" && missing.left.message).toContain("could not be reached")
      const closing = yield* Effect.promise(() => serve("closes", (socket) => socket.end()))
      const closed = yield* send(closing)
      expect(closed._tag === "Left" && closed.left.message).toContain("closed its socket without answering")
      const silent = yield* Effect.promise(() => serve("silent", () => undefined))
      const timedOut = yield* send(silent, 200)
      expect(timedOut._tag === "Left" && timedOut.left._tag).toBe("TimedOut")
      expect(timedOut._tag === "Left" && timedOut.left._tag === "TimedOut" && timedOut.left.dispatched).toBe("maybe")
    })
  )
})
