/** The browsers this process recorded, one per session (a `Ref`, replaced whole). */
import * as Ref from "effect/Ref"
import type { BrowserIdentity } from "../../services/BrowserProcesses.js"

export type KnownBrowsers = Ref.Ref<ReadonlyMap<string, BrowserIdentity>>

export const forget = (known: KnownBrowsers, session: string) =>
  Ref.update(known, (m) => new Map([...m].filter(([k]) => k !== session)))

export const remember = (known: KnownBrowsers, session: string, identity: BrowserIdentity) =>
  Ref.update(known, (m) => new Map([...m, [session, identity]]))
