/**
 * The wrapper's own bounded reads of an attached app's session, each through the normal call path (so a snapshot
 * updates ref tracking): probe's title, url, focused element, tabs and compact `snapshot -i`; status's title and url.
 * A failed read is listed, never the call's failure. The caller holds the session lock.
 */
import * as Effect from "effect/Effect"
import { FOCUSED_ELEMENT_SCRIPT, focusedElementOf, MAX_PROBE_REF_IDS, probeTabsOf } from "../../electron/probeFacts.js"
import type { ElectronProbeReads } from "../../domain/ElectronReport.js"
import type { CallContext } from "../pipeline/planSession.js"
import { type ManagedCall, readTimeout, runManagedCall } from "./managedCall.js"

const dataOf = (c: ManagedCall): Record<string, unknown> | null =>
  c.executed?.outcome.kind === "single" ? (c.executed.outcome.data as Record<string, unknown> | null) : null

const reader = (session: string, timeoutMs: number | undefined, call: CallContext) => {
  const errors: Array<string> = []
  const at = (args: ReadonlyArray<string>, stdin?: string) =>
    Effect.map(
      runManagedCall(
        { args: ["--session", session, ...args], ...(stdin !== undefined ? { stdin } : {}), ...readTimeout(timeoutMs) },
        call
      ),
      (c) => {
        if (c.error !== undefined)
          errors.push(
            `${args.slice(0, 2).join(" ")}: ${c.error._tag}` +
              ("message" in c.error && c.error.message !== "" ? ` ${c.error.message}` : "")
          )
        return c
      }
    )
  const text = (c: ManagedCall, field: string): string | undefined => {
    const value = dataOf(c)?.[field]
    return typeof value === "string" ? value : undefined
  }
  return { at, text, errors }
}

/** `get title` and `get url` of a session (status's mismatch check). */
export const readPage = (session: string, timeoutMs: number | undefined, call: CallContext) =>
  Effect.gen(function* () {
    const { at, text, errors } = reader(session, timeoutMs, call)
    const title = text(yield* at(["get", "title"]), "title")
    const url = text(yield* at(["get", "url"]), "url")
    return { ...(title !== undefined ? { title } : {}), ...(url !== undefined ? { url } : {}), errors }
  })

/** Title, url, focused element and tabs, then a compact `snapshot -i` (the probe's Executed). */
export const readSession = (session: string, timeoutMs: number | undefined, call: CallContext) =>
  Effect.gen(function* () {
    const { at, text, errors } = reader(session, timeoutMs, call)
    const title = text(yield* at(["get", "title"]), "title")
    const url = text(yield* at(["get", "url"]), "url")
    // before the snapshot: an eval marks older refs as possibly changed, the snapshot then replaces them
    const focusedElement = focusedElementOf(dataOf(yield* at(["eval", "--stdin"], FOCUSED_ELEMENT_SCRIPT))?.["result"])
    const tabs = probeTabsOf(dataOf(yield* at(["tab", "list"]))?.["tabs"])
    const activeTab = tabs?.find((t) => t.active)
    const snapshot = yield* at(["snapshot", "-i"])
    const refs = dataOf(snapshot)?.["refs"]
    const refIds = typeof refs === "object" && refs !== null ? Object.keys(refs) : undefined
    const reads: ElectronProbeReads = {
      ...(title !== undefined ? { title } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(focusedElement !== undefined ? { focusedElement } : {}),
      ...(activeTab !== undefined ? { activeTab } : {}),
      ...(tabs !== undefined ? { tabs } : {}),
      ...(snapshot.executed?.refSnapshot !== undefined ? { refCount: snapshot.executed.refSnapshot.refCount } : {}),
      ...(refIds !== undefined ? { refIds: refIds.slice(0, MAX_PROBE_REF_IDS) } : {}),
      ...(refIds !== undefined && refIds.length > MAX_PROBE_REF_IDS
        ? { omittedRefIds: refIds.length - MAX_PROBE_REF_IDS }
        : {}),
      errors
    }
    return { reads, snapshot }
  })
