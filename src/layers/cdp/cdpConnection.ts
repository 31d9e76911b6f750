/**
 * The one DevTools WebSocket connection (RFC 6455, client side, text frames only): connect, upgrade, then send
 * commands masked and read frames, matching each answer to its command by id, until closed. No dependency, any Node
 * version. A short exchange (`cdpCommand.ts`) opens one, sends and closes; a held one (PermissionGrantsLive) stays
 * open, since what a browser-level command sets up (a permission grant) lasts only as long as its connection; it ends
 * when closed, or when the browser goes.
 */
import { randomBytes } from "node:crypto"
import { connect as connectTcp, type Socket } from "node:net"
import { connect as connectTls } from "node:tls"

const frame = (text: string): Buffer => {
  const payload = Buffer.from(text, "utf8")
  const mask = randomBytes(4)
  const length = payload.length
  const header =
    length < 126 ? Buffer.from([0x81, 0x80 | length]) : length < 65_536 ? Buffer.alloc(4) : Buffer.alloc(10)
  if (length >= 126 && length < 65_536) {
    header[0] = 0x81
    header[1] = 0x80 | 126
    header.writeUInt16BE(length, 2)
  } else if (length >= 65_536) {
    header[0] = 0x81
    header[1] = 0x80 | 127
    header.writeBigUInt64BE(BigInt(length), 2)
  }
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)))
  return Buffer.concat([header, mask, masked])
}

/** Complete frames at the start of `buffer`: their opcodes and payloads, and the bytes left over. */
const readFrames = (
  buffer: Buffer
): { readonly frames: ReadonlyArray<{ fin: boolean; opcode: number; payload: Buffer }>; readonly rest: Buffer } => {
  const frames: Array<{ fin: boolean; opcode: number; payload: Buffer }> = []
  let at = 0
  while (buffer.length - at >= 2) {
    const b0 = buffer[at] ?? 0
    const b1 = buffer[at + 1] ?? 0
    let length = b1 & 0x7f
    let offset = at + 2
    if (length === 126) {
      if (buffer.length < offset + 2) break
      length = buffer.readUInt16BE(offset)
      offset += 2
    } else if (length === 127) {
      if (buffer.length < offset + 8) break
      length = Number(buffer.readBigUInt64BE(offset))
      offset += 8
    }
    const masked = (b1 & 0x80) !== 0
    const maskAt = offset
    if (masked) offset += 4
    if (buffer.length < offset + length) break
    let payload = buffer.subarray(offset, offset + length)
    if (masked) payload = Buffer.from(payload.map((byte, i) => byte ^ (buffer[maskAt + (i % 4)] ?? 0)))
    frames.push({ fin: (b0 & 0x80) !== 0, opcode: b0 & 0x0f, payload })
    at = offset + length
  }
  return { frames, rest: buffer.subarray(at) }
}

/** A command's answer and the events (their method names) that arrived on the connection before it. */
export interface CdpAnswer {
  readonly result: unknown
  readonly events: ReadonlyArray<string>
}

export interface CdpConnection {
  /** A command's answer; undefined on an error answer, after the timeout, on abort, or once the connection closed. */
  readonly send: (
    method: string,
    params: Readonly<Record<string, unknown>>,
    timeoutMs: number,
    signal?: AbortSignal
  ) => Promise<CdpAnswer | undefined>
  /** A command sent without waiting for its answer (CDP runs a connection's commands in order). */
  readonly post: (method: string, params: Readonly<Record<string, unknown>>) => void
  readonly isOpen: () => boolean
  /** The connection no longer keeps the process alive (a held one: the runtime's scope closes it). */
  readonly unref: () => void
  /** Ends the connection (idempotent): the browser drops what it set up for it. */
  readonly close: () => void
}

/** Commands awaiting their answers, by id, and the events that arrived so far: one connection's bookkeeping. */
const answerBook = (
  write: (id: number, method: string, params: Readonly<Record<string, unknown>>) => void,
  isOpen: () => boolean
) => {
  const pending = new Map<number, (answer: CdpAnswer | undefined) => void>()
  const events: Array<string> = []
  let nextId = 1
  const send: CdpConnection["send"] = (method, params, timeoutMs, signal) =>
    new Promise((resolve) => {
      if (!isOpen() || signal?.aborted === true) return resolve(undefined)
      const id = nextId++
      const settle = (answer: CdpAnswer | undefined) => {
        clearTimeout(timer)
        signal?.removeEventListener("abort", abort)
        pending.delete(id)
        resolve(answer)
      }
      const abort = () => settle(undefined)
      const timer = setTimeout(abort, Math.max(1, timeoutMs))
      signal?.addEventListener("abort", abort)
      pending.set(id, settle)
      write(id, method, params)
    })
  return {
    send,
    post: (method: string, params: Readonly<Record<string, unknown>>) => {
      if (isOpen()) write(nextId++, method, params)
    },
    /** One whole text message: an answer settles its command, an event is noted. */
    onMessage: (text: string) => {
      try {
        const reply = JSON.parse(text) as { id?: unknown; method?: unknown; result?: unknown; error?: unknown }
        const waiting = typeof reply.id === "number" ? pending.get(reply.id) : undefined
        if (waiting !== undefined)
          waiting(reply.error !== undefined ? undefined : { result: reply.result ?? {}, events: [...events] })
        else if (typeof reply.method === "string") events.push(reply.method)
      } catch {
        // a message we cannot read: not an answer
      }
    },
    /** The connection ended: every command still waiting gets no answer. */
    endAll: () => {
      for (const settle of [...pending.values()]) settle(undefined)
    }
  }
}

/** The socket to a `ws:`/`wss:` URL, or undefined for any other address. */
const socketTo = (url: URL): Socket | undefined => {
  const secure = url.protocol === "wss:"
  if (!secure && url.protocol !== "ws:") return undefined
  const port = Number(url.port || (secure ? 443 : 80))
  return secure
    ? connectTls({ host: url.hostname, port, servername: url.hostname })
    : connectTcp({ host: url.hostname, port })
}

/** Opens a connection; undefined when it is not upgraded within the timeout (or the signal aborts). */
export const openCdpConnection = (
  webSocketUrl: string,
  timeoutMs: number,
  signal?: AbortSignal
): Promise<CdpConnection | undefined> =>
  new Promise((resolveOpen) => {
    let url: URL
    try {
      url = new URL(webSocketUrl)
    } catch {
      return resolveOpen(undefined)
    }
    const socket = socketTo(url)
    if (socket === undefined) return resolveOpen(undefined)
    const key = randomBytes(16).toString("base64")
    let upgraded = false
    let open = true
    let buffer: Buffer = Buffer.alloc(0)
    let message: Array<Buffer> = []
    const book = answerBook(
      (id, method, params) => socket.write(frame(JSON.stringify({ id, method, params }))),
      () => open
    )
    const close = () => {
      if (!open) return
      open = false
      clearTimeout(timer)
      signal?.removeEventListener("abort", close)
      socket.destroy()
      book.endAll()
      if (!upgraded) resolveOpen(undefined)
    }
    const timer = setTimeout(() => (upgraded ? undefined : close()), Math.max(1, timeoutMs))
    signal?.addEventListener("abort", close)
    const connection: CdpConnection = {
      isOpen: () => open,
      unref: () => void socket.unref(),
      close,
      post: book.post,
      send: book.send
    }
    socket.once(url.protocol === "wss:" ? "secureConnect" : "connect", () => {
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
          "Upgrade: websocket\r\nConnection: Upgrade\r\n" +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`
      )
    })
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk])
      if (!upgraded) {
        const end = buffer.indexOf("\r\n\r\n")
        if (end < 0) return
        if (!/^HTTP\/1\.1 101/.test(buffer.subarray(0, end).toString("latin1"))) return close()
        upgraded = true
        clearTimeout(timer)
        signal?.removeEventListener("abort", close)
        buffer = buffer.subarray(end + 4)
        resolveOpen(connection)
      }
      const { frames, rest } = readFrames(buffer)
      buffer = rest
      for (const f of frames) {
        if (f.opcode === 8) return close()
        if (f.opcode !== 1 && f.opcode !== 0) continue
        message.push(f.payload)
        if (!f.fin) continue
        const text = Buffer.concat(message).toString("utf8")
        message = []
        book.onMessage(text)
      }
    })
    socket.once("error", close)
    socket.once("close", close)
  })
