/**
 * One test file's world on the ui-apps fixture (fixtures/ui-apps: TodoMVC in React, react-select, react-datepicker,
 * sortablejs, ...): a private LiveEnv, the pages bundled by `scripts/lib/uiApps.mjs` and served on 127.0.0.1 (other
 * paths fall through to fixtures/site), and a tool harness; torn down after the file's tests. `page` reads the page
 * independently of the tool: the raw binary's `eval` on the tool's session.
 */
import { startUiApps, type UiApps } from "../../scripts/lib/uiApps.mjs"
import { appsWorld } from "./appsWorld.js"
import type { Harness } from "./harness.js"
import { type LiveEnv, TEST_MARKER } from "./liveEnv.js"

export interface UiWorld {
  readonly world: LiveEnv
  readonly apps: UiApps
  readonly tool: Harness
  /** The value of `expression` on the page of the tool's session, read with the raw binary (`--json eval`). */
  readonly page: <A = unknown>(session: string, expression: string) => A
}

export const uiWorld = (): UiWorld => {
  const served = appsWorld("ui world", () => startUiApps({ tmpPrefix: `${TEST_MARKER}uiapps-` }))
  return {
    get world() {
      return served.world
    },
    get apps() {
      return served.apps
    },
    get tool() {
      return served.tool
    },
    page: <A>(session: string, expression: string): A => {
      const reply = JSON.parse(served.world.raw(["--json", "--session", session, "eval", expression])) as {
        data?: { result?: A }
      }
      return reply.data?.result as A
    }
  }
}
