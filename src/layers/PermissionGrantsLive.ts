/**
 * PermissionGrantsLive: one DevTools connection held per session to its browser (`layers/cdp/`, the one client), over
 * which the permissions the session's commands asked for are granted to each of the browser's contexts. A grant lasts
 * as long as its connection, so the connection stays open until `release`, its browser going (the socket ends), or
 * the layer's scope closing (the tool's shutdown). `Browser.grantPermissions` replaces a context's grants, so each
 * grant names every permission the session asked for so far.
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { GrantOutcome, Permission } from "../domain/Permission.js"
import { PermissionGrants } from "../services/PermissionGrants.js"
import { pageContextsOf } from "../upstream/devTools.js"
import { cdpVersionAt } from "./cdp/cdpClient.js"
import { type CdpConnection, openCdpConnection } from "./cdp/cdpConnection.js"

/** A live browser answers in milliseconds. */
const TIMEOUT_MS = 3_000

interface Held {
  /** The browser's own WebSocket (a new browser behind the same endpoint has a new one). */
  readonly browserUrl: string
  readonly connection: CdpConnection
  readonly permissions: ReadonlySet<Permission>
}

const closeAll = (held: Ref.Ref<ReadonlyMap<string, Held>>) =>
  Effect.flatMap(Ref.getAndSet(held, new Map()), (all) =>
    Effect.sync(() => {
      for (const h of all.values()) h.connection.close()
    })
  )

/** The grant over one connection: to each page context (none known: the default context). */
const grantOver = (connection: CdpConnection, permissions: ReadonlyArray<Permission>) =>
  Effect.promise(async (signal): Promise<boolean> => {
    const targets = await connection.send("Target.getTargets", {}, TIMEOUT_MS, signal)
    if (targets === undefined) return false
    const contexts: ReadonlyArray<string | undefined> = pageContextsOf(targets.result)
    for (const context of contexts.length > 0 ? contexts : [undefined]) {
      const params = { permissions, ...(context !== undefined ? { browserContextId: context } : {}) }
      if ((await connection.send("Browser.grantPermissions", params, TIMEOUT_MS, signal)) === undefined) return false
    }
    return true
  })

const make = Effect.gen(function* () {
  const held = yield* Ref.make<ReadonlyMap<string, Held>>(new Map())
  yield* Effect.addFinalizer(() => closeAll(held))
  const release = (session: string) =>
    Effect.flatMap(
      Ref.modify(held, (all) => [all.get(session), new Map([...all].filter(([name]) => name !== session))]),
      (gone) => Effect.sync(() => gone?.connection.close())
    )
  /** The session's open connection to the browser at the endpoint (a new one when it has none, or another browser). */
  const heldFor = (session: string, endpoint: string) =>
    Effect.gen(function* () {
      const version = yield* Effect.either(cdpVersionAt(endpoint, TIMEOUT_MS))
      if (Either.isLeft(version)) {
        yield* Effect.logDebug(`no DevTools answer at ${endpoint} to grant permissions`, Cause.fail(version.left))
        return undefined
      }
      const browserUrl = version.right.webSocketDebuggerUrl
      const current = (yield* Ref.get(held)).get(session)
      if (current !== undefined && current.connection.isOpen() && current.browserUrl === browserUrl) return current
      yield* release(session)
      const connection = yield* Effect.promise((signal) => openCdpConnection(browserUrl, TIMEOUT_MS, signal))
      if (connection === undefined) return undefined
      connection.unref()
      const fresh: Held = { browserUrl, connection, permissions: new Set() }
      yield* Ref.update(held, (all) => new Map([...all, [session, fresh]]))
      return fresh
    })
  const grant = (session: string, endpoint: string | undefined, permissions: ReadonlyArray<Permission>) =>
    Effect.gen(function* () {
      if (endpoint === undefined) return { granted: false, reason: "no-endpoint" } satisfies GrantOutcome
      const current = yield* heldFor(session, endpoint)
      if (current === undefined) return { granted: false, reason: "no-answer" } satisfies GrantOutcome
      const all = new Set([...current.permissions, ...permissions])
      if (!(yield* grantOver(current.connection, [...all]))) return { granted: false, reason: "no-answer" } as const
      yield* Ref.update(held, (m) => new Map([...m, [session, { ...current, permissions: all }]]))
      return { granted: true } satisfies GrantOutcome
    }).pipe(Effect.withSpan("PermissionGrants.grant"))
  return PermissionGrants.of({
    grant,
    release,
    held: Effect.map(Ref.get(held), (all) =>
      [...all].filter(([, h]) => h.connection.isOpen()).map(([session]) => session)
    )
  })
})

export const PermissionGrantsLive: Layer.Layer<PermissionGrants> = Layer.scoped(PermissionGrants, make)
