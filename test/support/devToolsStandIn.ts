/**
 * A stand-in DevTools endpoint on loopback for unit tests of the one DevTools client: `/json/version` names its
 * browser WebSocket, which upgrades, records every command (method and params) and answers it (`answer`, else `{}`);
 * the test sees the connections open now and can drop them all (the browser going away).
 */
import { createHash } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { Socket } from "node:net"

export interface Sent {
  readonly method: string
  readonly params: Record<string, unknown>
}

export interface DevToolsStandIn {
  readonly endpoint: string
  readonly sent: Array<Sent>
  readonly open: () => number
  readonly connections: () => number
  readonly drop: () => void
  readonly close: () => Promise<void>
}

const serverFrame = (text: string): Buffer => {
  const payload = Buffer.from(text, "utf8")
  const head =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff])
  return Buffer.concat([head, payload])
}

/** The client's masked text frames at the start of `buffer`, and the bytes left. */
const clientFrames = (buffer: Buffer): { texts: Array<string>; rest: Buffer } => {
  const texts: Array<string> = []
  let at = 0
  while (buffer.length - at >= 6) {
    let length = (buffer[at + 1] ?? 0) & 0x7f
    let offset = at + 2
    if (length === 126) {
      length = buffer.readUInt16BE(offset)
      offset += 2
    }
    if (buffer.length < offset + 4 + length) break
    const mask = buffer.subarray(offset, offset + 4)
    const payload = buffer.subarray(offset + 4, offset + 4 + length).map((b, i) => b ^ (mask[i % 4] ?? 0))
    if (((buffer[at] ?? 0) & 0x0f) === 1) texts.push(Buffer.from(payload).toString("utf8"))
    at = offset + 4 + length
  }
  return { texts, rest: buffer.subarray(at) }
}

export const startDevToolsStandIn = async (
  answer: (method: string) => unknown = () => ({})
): Promise<DevToolsStandIn> => {
  const sockets = new Set<Socket>()
  const sent: Array<Sent> = []
  let connections = 0
  let port = 0
  const server: Server = createServer((_req, res) => {
    res.setHeader("content-type", "application/json")
    res.end(JSON.stringify({ webSocketDebuggerUrl: `ws://127.0.0.1:${port}/devtools/browser/stand-in` }))
  })
  server.on("upgrade", (req, socket: Socket) => {
    const accept = createHash("sha1")
      .update(`${String(req.headers["sec-websocket-key"])}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
      .digest("base64")
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n`)
    socket.write(`Sec-WebSocket-Accept: ${accept}\r\n\r\n`)
    connections++
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
    // the HTTP server keeps half-open sockets: the client's end is the connection's end
    socket.on("end", () => {
      sockets.delete(socket)
      socket.destroy()
    })
    socket.on("error", () => sockets.delete(socket))
    let buffer: Buffer = Buffer.alloc(0)
    socket.on("data", (chunk: Buffer) => {
      const { texts, rest } = clientFrames(Buffer.concat([buffer, chunk]))
      buffer = rest
      for (const text of texts) {
        const { id, method, params } = JSON.parse(text) as {
          id: number
          method: string
          params: Record<string, unknown>
        }
        sent.push({ method, params })
        socket.write(serverFrame(JSON.stringify({ id, result: answer(method) })))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  port = typeof address === "object" && address !== null ? address.port : 0
  const drop = () => {
    for (const socket of sockets) socket.destroy()
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    sent,
    open: () => sockets.size,
    connections: () => connections,
    drop,
    close: () => {
      drop()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
