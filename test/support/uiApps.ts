/**
 * One test file's world on the ui-apps fixture (fixtures/ui-apps: TodoMVC in React, react-select, react-datepicker,
 * sortablejs, ...): a private LiveEnv, the pages bundled by `scripts/lib/uiApps.mjs` and served on 127.0.0.1 (other
 * paths fall through to fixtures/site), and a tool harness; torn down after the file's tests. `page` reads the page
 * independently of the tool: the raw binary's `eval` on the tool's session.
 */
import { afterAll, beforeAll } from "vitest"
import { startUiApps, type UiApps } from "../../scripts/lib/uiApps.mjs"
import { type Harness, makeHarness } from "./harness.js"
import { type LiveEnv, makeLiveEnv, TEST_MARKER } from "./liveEnv.js"

export interface UiWorld {
  readonly world: LiveEnv
  readonly apps: UiApps
  readonly tool: Harness
  /** The value of `expression` on the page of the tool's session, read with the raw binary (`--json eval`). */
  readonly page: <A = unknown>(session: string, expression: string) => A
}

export const uiWorld = (): UiWorld => {
  const ctx: { world?: LiveEnv; apps?: UiApps; tool?: Harness } = {}
  beforeAll(async () => {
    ctx.world = makeLiveEnv()
    ctx.apps = await startUiApps({ tmpPrefix: `${TEST_MARKER}uiapps-` })
    ctx.tool = makeHarness(ctx.world)
  })
  afterAll(async () => {
    await ctx.tool?.closeOwned()
    await ctx.tool?.dispose()
    await ctx.apps?.close()
    await ctx.world?.dispose()
  })
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("ui world used outside its tests")
    return value
  }
  return {
    get world() {
      return need(ctx.world)
    },
    get apps() {
      return need(ctx.apps)
    },
    get tool() {
      return need(ctx.tool)
    },
    page: <A>(session: string, expression: string): A => {
      const reply = JSON.parse(need(ctx.world).raw(["--json", "--session", session, "eval", expression])) as {
        data?: { result?: A }
      }
      return reply.data?.result as A
    }
  }
}
