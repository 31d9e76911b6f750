/**
 * One CDP command over a DevTools WebSocket (`cdpConnection.ts`, the one connection): open, send, read until the
 * answer with its id arrives, close. Enough for a short exchange with a tab (Page.stopLoading). Resolves undefined on
 * any failure or timeout; `cdpExchange` also gives the events that arrived before the answer
 * (`Inspector.targetCrashed`). Commands `before` the command go first on the same connection, in order, without
 * waiting for their answers (CDP runs a session's commands in order; what they set up lasts as long as the connection).
 */
import type { CdpCall } from "../../domain/Endpoint.js"
import { type CdpAnswer, openCdpConnection } from "./cdpConnection.js"

export type { CdpAnswer } from "./cdpConnection.js"

export const cdpCommand = (
  webSocketUrl: string,
  method: string,
  params: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal?: AbortSignal,
  before: ReadonlyArray<CdpCall> = []
): Promise<unknown> =>
  cdpExchange(webSocketUrl, method, params, timeoutMs, signal, before).then((answer) => answer?.result)

export const cdpExchange = async (
  webSocketUrl: string,
  method: string,
  params: Readonly<Record<string, unknown>>,
  timeoutMs: number,
  signal?: AbortSignal,
  before: ReadonlyArray<CdpCall> = []
): Promise<CdpAnswer | undefined> => {
  const deadline = Date.now() + timeoutMs
  const connection = await openCdpConnection(webSocketUrl, timeoutMs, signal)
  if (connection === undefined) return undefined
  try {
    for (const call of before) connection.post(call.method, call.params)
    return await connection.send(method, params, Math.max(1, deadline - Date.now()), signal)
  } finally {
    connection.close()
  }
}
