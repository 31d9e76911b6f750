/**
 * One CDP command over a DevTools WebSocket (RFC 6455, client side, text frames only): connect, upgrade, send the
 * command masked, read frames until the answer with its id arrives, close. Enough for a short exchange with a tab
 * (Page.stopLoading), with no dependency and on any Node version. Resolves undefined on any failure or timeout;
 * `cdpExchange` also gives the events that arrived before the answer (`Inspector.targetCrashed`). Commands `before` the
 * command go first on the same connection, in order, without waiting for their answers (CDP runs a session's commands
 * in order; what they set up lasts as long as the connection).
 */
import { randomBytes } from "node:crypto"
import { connect as connectTcp, type Socket } from "node:net"
import { connect as connectTls } from "node:tls"
import type { CdpCall } from "../../domain/Endpoint.js"

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

export const cdpCommand = (
  webSocketUrl: string,
  method: string,
  params: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal?: AbortSignal,
  before: ReadonlyArray<CdpCall> = []
): Promise<unknown> =>
  cdpExchange(webSocketUrl, method, params, timeoutMs, signal, before).then((answer) => answer?.result)

/** The command's answer and the events the tab sent before it (their method names), or undefined without an answer. */
export interface CdpAnswer {
  readonly result: unknown
  readonly events: ReadonlyArray<string>
}

export const cdpExchange = (
  webSocketUrl: string,
  method: string,
  params: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal?: AbortSignal,
  before: ReadonlyArray<CdpCall> = []
): Promise<CdpAnswer | undefined> =>
  new Promise((resolve) => {
    let url: URL
    try {
      url = new URL(webSocketUrl)
    } catch {
      return resolve(undefined)
    }
    const secure = url.protocol === "wss:"
    if (!secure && url.protocol !== "ws:") return resolve(undefined)
    const port = Number(url.port || (secure ? 443 : 80))
    const socket: Socket = secure
      ? connectTls({ host: url.hostname, port, servername: url.hostname })
      : connectTcp({ host: url.hostname, port })
    const key = randomBytes(16).toString("base64")
    const calls = [...before, { method, params }]
    let upgraded = false
    let buffer: Buffer = Buffer.alloc(0)
    let message: Array<Buffer> = []
    let settled = false
    const events: Array<string> = []
    const done = (value: CdpAnswer | undefined) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal?.removeEventListener("abort", abort)
      socket.destroy()
      resolve(value)
    }
    const abort = () => done(undefined)
    const timer = setTimeout(() => done(undefined), Math.max(1, timeoutMs))
    signal?.addEventListener("abort", abort)
    socket.once(secure ? "secureConnect" : "connect", () => {
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
        if (!/^HTTP\/1\.1 101/.test(buffer.subarray(0, end).toString("latin1"))) return done(undefined)
        upgraded = true
        buffer = buffer.subarray(end + 4)
        calls.forEach((call, i) => socket.write(frame(JSON.stringify({ id: i + 1, ...call }))))
      }
      const { frames, rest } = readFrames(buffer)
      buffer = rest
      for (const f of frames) {
        if (f.opcode === 8) return done(undefined)
        if (f.opcode !== 1 && f.opcode !== 0) continue
        message.push(f.payload)
        if (!f.fin) continue
        const text = Buffer.concat(message).toString("utf8")
        message = []
        try {
          const reply = JSON.parse(text) as { id?: unknown; method?: unknown; result?: unknown; error?: unknown }
          if (reply.id === calls.length) {
            return done(reply.error !== undefined ? undefined : { result: reply.result ?? {}, events })
          }
          if (typeof reply.method === "string") events.push(reply.method)
        } catch {
          // an event we cannot read: not our answer
        }
      }
    })
    socket.once("error", () => done(undefined))
    socket.once("close", () => done(undefined))
  })
