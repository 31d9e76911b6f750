/**
 * One test file's world over the live React app (reactApp.ts): the app, a private LiveEnv and a tool harness whose
 * cwd is the app's workspace. Before the file's tests the tool opens the app and waits for its failed report request
 * to show (`#load-error`); after them it closes the managed browser and removes all of it.
 */
import { afterAll, beforeAll, expect } from "vitest"
import { type Harness, makeHarness, textOf } from "./harness.js"
import { type LiveEnv, makeLiveEnv } from "./liveEnv.js"
import { type ReactApp, startReactApp } from "./reactApp.js"

export interface ReactAppWorld {
  readonly app: ReactApp
  readonly world: LiveEnv
  readonly tool: Harness
}

/** `openArgs` go before the `open` (e.g. `--enable react-devtools`). */
export const reactAppWorld = (piSessionId: string, openArgs: ReadonlyArray<string> = []): ReactAppWorld => {
  const ctx: { app?: ReactApp; world?: LiveEnv; tool?: Harness } = {}
  beforeAll(async () => {
    const app = await startReactApp()
    ctx.app = app
    ctx.world = makeLiveEnv()
    const tool = makeHarness(ctx.world, piSessionId, app.workspace)
    ctx.tool = tool
    const opened = await tool.call({ args: [...openArgs, "open", app.origin] })
    expect(opened.isError, textOf(opened)).toBe(false)
    expect((await tool.call({ args: ["wait", "#load-error"] })).isError).toBe(false)
  }, 60_000)
  afterAll(async () => {
    await ctx.tool?.closeOwned()
    await ctx.tool?.dispose()
    await ctx.world?.dispose()
    await ctx.app?.close()
  })
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("React app world used outside its tests")
    return value
  }
  return {
    get app() {
      return need(ctx.app)
    },
    get world() {
      return need(ctx.world)
    },
    get tool() {
      return need(ctx.tool)
    }
  }
}
