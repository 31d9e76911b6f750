/** Tabs in a live world's session, read with the raw binary, and a pin set the way tab recovery sets it. */
import * as Effect from "effect/Effect"
import { prepare } from "../../src/program/pipeline/prepare.js"
import { SessionRegistry } from "../../src/services/SessionRegistry.js"
import type { LiveWorld } from "./liveWorld.js"

export interface Tab {
  readonly tabId: string
  readonly url: string
  readonly active: boolean
}

export const tabsIn = (live: LiveWorld, session: string): ReadonlyArray<Tab> =>
  (JSON.parse(live.world.raw(["--json", "--session", session, "tab", "list"])) as { data: { tabs: Array<Tab> } }).data
    .tabs

export const activeTabIn = (live: LiveWorld, session: string): Tab | undefined =>
  tabsIn(live, session).find((t) => t.active)

/** Pins the session to `tabId` as tab recovery does after a drift it corrected: a recorded call that re-selected it. */
export const pinTab = (live: LiveWorld, tabId: string | undefined) =>
  live.tool.runtime.runPromise(
    Effect.gen(function* () {
      const plan = yield* prepare(
        { args: ["get", "url"] },
        { piSessionId: live.tool.piSessionId, cwd: live.world.root }
      )
      yield* (yield* SessionRegistry).recordCall(plan, tabId !== undefined ? { reselectedTab: tabId } : {})
    })
  )
