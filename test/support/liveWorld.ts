/**
 * One test file's live world: a private LiveEnv, the fixture site on loopback and a tool harness over them, set up
 * before the file's tests and torn down after (closing the managed browser and proving nothing outlived it).
 */
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness } from "./harness.js"
import { type LiveEnv, makeLiveEnv, REPO } from "./liveEnv.js"

export interface LiveWorld {
  readonly world: LiveEnv
  readonly site: StaticServer
  readonly tool: Harness
}

export const liveWorld = (): LiveWorld => {
  const ctx: { world?: LiveEnv; site?: StaticServer; tool?: Harness } = {}
  beforeAll(async () => {
    ctx.world = makeLiveEnv()
    ctx.site = await startStaticServer(join(REPO, "fixtures/site"))
    ctx.tool = makeHarness(ctx.world)
  })
  afterAll(async () => {
    await ctx.tool?.closeOwned()
    await ctx.tool?.dispose()
    await ctx.site?.close()
    await ctx.world?.dispose()
  })
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("live world used outside its tests")
    return value
  }
  return {
    get world() { return need(ctx.world) },
    get site() { return need(ctx.site) },
    get tool() { return need(ctx.tool) }
  }
}
