/**
 * PermissionGrants: browser permissions granted to a session's pages (geolocation after `set geo`, the clipboard for
 * `clipboard …`), which headless Chromium otherwise denies. A grant made over DevTools lasts only as long as the
 * connection that made it, so the service holds one connection per session to its browser's endpoint, and closes it
 * when the session closes (`release`), when its browser goes (the connection ends with it), or when the service's
 * scope closes (the tool's shutdown). State: the held connections, one per session.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { GrantOutcome, Permission } from "../domain/Permission.js"

export type { GrantOutcome, Permission } from "../domain/Permission.js"

export interface PermissionGrantsShape {
  /**
   * Grants the permissions to every page of the browser at `endpoint` (each of its browser contexts), over the
   * session's held connection (opened if it has none, or its browser changed). `endpoint` undefined: not granted.
   */
  readonly grant: (
    session: string,
    endpoint: string | undefined,
    permissions: ReadonlyArray<Permission>
  ) => Effect.Effect<GrantOutcome>
  /** Closes the session's held connection, if any: its grants end. */
  readonly release: (session: string) => Effect.Effect<void>
  /** The sessions whose connection is open now. */
  readonly held: Effect.Effect<ReadonlyArray<string>>
}

export class PermissionGrants extends Context.Tag("agent-browser/PermissionGrants")<
  PermissionGrants,
  PermissionGrantsShape
>() {}
