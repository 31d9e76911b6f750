/**
 * BrowserEndpoints: a session's browser as its own DevTools endpoint sees it, without local process ids (a browser
 * on a remote pool has none): which browser answers there (its id), which tabs it has, and one CDP command to a tab.
 * Liveness of an attached browser is recorded per session after a call and checked before the next: nothing
 * answering, another browser behind the same endpoint (a pool that ended the old one and hands out a new one), or the
 * session's tab gone is a loss (`session/endpointLoss.ts` decides which). State: one record per session (a `Ref`).
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { CdpCall, EndpointLoss, EndpointView } from "../domain/Endpoint.js"

export type { CdpCall, EndpointLoss, EndpointRecord, EndpointTarget, EndpointView } from "../domain/Endpoint.js"

export interface BrowserEndpointsShape {
  /** The browser and tabs at an HTTP endpoint; undefined when nothing answers within the timeout. */
  readonly inspect: (endpoint: string, timeoutMs: number) => Effect.Effect<EndpointView | undefined>
  /**
   * One CDP command over a tab's WebSocket; undefined when it got no answer within the timeout. `before`: commands sent
   * first on the same connection, in order (what they set up lasts until the connection closes, after the answer).
   */
  readonly command: (
    webSocketUrl: string,
    method: string,
    params: Readonly<Record<string, unknown>>,
    timeoutMs: number,
    before?: ReadonlyArray<CdpCall>
  ) => Effect.Effect<unknown>
  /**
   * Whether a tab's page crashed (its renderer is gone): `Inspector.enable` on a crashed tab is answered with an
   * `Inspector.targetCrashed` event first. False when it answered without one; undefined when it did not answer.
   */
  readonly crashed: (webSocketUrl: string, timeoutMs: number) => Effect.Effect<boolean | undefined>
  /** The endpoint a browser this tool launched wrote into its profile folder (`DevToolsActivePort`), if any. */
  readonly inProfile: (profileDir: string) => Effect.Effect<string | undefined>
  /**
   * After a call that worked: what answers at the session's endpoint now is recorded (nothing answering keeps the old
   * record), and the loss the same read shows against the record before the call, if any (one read, not two). An
   * endpoint that names no browser (a pool) is followed by the session's tab instead (`tabLossOf`); `tabCommand`: the
   * call may have switched tabs on purpose.
   */
  readonly record: (
    session: string,
    endpoint: string,
    targetId: string | undefined,
    url: string | undefined,
    tabCommand?: boolean
  ) => Effect.Effect<EndpointLoss | undefined>
  /** The endpoint recorded for a session (kept after a loss, so the session can be followed into its next browser). */
  readonly endpointOf: (session: string) => Effect.Effect<string | undefined>
  /**
   * Before (or after) a call: the recorded browser gone, replaced behind its endpoint, or without the session's tab.
   * Reported once: the record keeps only its endpoint until the next call that works records what answers there.
   */
  readonly check: (session: string) => Effect.Effect<EndpointLoss | undefined>
  readonly forget: (session: string) => Effect.Effect<void>
}

export class BrowserEndpoints extends Context.Tag("agent-browser/BrowserEndpoints")<
  BrowserEndpoints,
  BrowserEndpointsShape
>() {}
