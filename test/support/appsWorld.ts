/**
 * One test file's world over apps bundled and served on 127.0.0.1 (ui-apps, widget-libs): a private LiveEnv, the apps
 * `start` serves and a tool harness, made before the file's tests; after them the managed browser is closed, then the
 * harness, the apps and the LiveEnv go.
 */
import { afterAll, beforeAll } from "vitest"
import { type Harness, makeHarness } from "./harness.js"
import { type LiveEnv, makeLiveEnv } from "./liveEnv.js"

export interface AppsWorld<Apps> {
  readonly world: LiveEnv
  readonly apps: Apps
  readonly tool: Harness
}

/** `what` names the world in the error a read outside the file's tests throws. */
export const appsWorld = <Apps extends { readonly close: () => Promise<void> }>(
  what: string,
  start: () => Promise<Apps>
): AppsWorld<Apps> => {
  const ctx: { world?: LiveEnv; apps?: Apps; tool?: Harness } = {}
  beforeAll(async () => {
    ctx.world = makeLiveEnv()
    ctx.apps = await start()
    ctx.tool = makeHarness(ctx.world)
  })
  afterAll(async () => {
    await ctx.tool?.closeOwned()
    await ctx.tool?.dispose()
    await ctx.apps?.close()
    await ctx.world?.dispose()
  })
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error(`${what} used outside its tests`)
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
    }
  }
}
