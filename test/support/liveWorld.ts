/**
 * One test file's live world: a private LiveEnv, the fixture site on loopback and a tool harness over them, set up
 * before the file's tests and torn down after (closing the managed browser and proving nothing outlived it).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { startStaticServer, type StaticServer } from "../../scripts/lib/staticServer.mjs"
import { type Harness, makeHarness, okText } from "./harness.js"
import { type LiveEnv, makeLiveEnv, REPO, TEST_MARKER } from "./liveEnv.js"

export interface LiveWorldOptions {
  /** Extra environment for the tool and the raw binary. */
  readonly env?: Record<string, string>
  /** A config file (PI_AGENT_BROWSER_CONFIG) written once the site's origin is known. */
  readonly config?: (site: StaticServer) => unknown
  /** Pages built by the test, served before the fixture site (path → [body, content type]). */
  readonly files?: Readonly<Record<string, readonly [string, string]>>
}

export interface LiveWorld {
  readonly world: LiveEnv
  readonly site: StaticServer
  readonly tool: Harness
  /** The site's address of `path` (which starts with `/`). */
  readonly url: (path: string) => string
  /** Opens `path` of the site with the tool; the session the open ran in ("" when it named none). */
  readonly openSession: (path: string) => Promise<string>
  /** As openSession, for an open that must succeed: a failed open fails the test, with its text. */
  readonly openedSession: (path: string) => Promise<string>
}

export const liveWorld = (options: LiveWorldOptions = {}): LiveWorld => {
  const ctx: { world?: LiveEnv; site?: StaticServer; tool?: Harness; configDir?: string } = {}
  beforeAll(async () => {
    const configDir = options.config !== undefined ? mkdtempSync(join(tmpdir(), `${TEST_MARKER}config-`)) : undefined
    if (configDir !== undefined) ctx.configDir = configDir
    ctx.world = makeLiveEnv(
      {},
      {
        ...options.env,
        ...(configDir !== undefined ? { PI_AGENT_BROWSER_CONFIG: join(configDir, "config.json") } : {})
      }
    )
    ctx.site = await startStaticServer(join(REPO, "fixtures/site"), {
      mounts: { "/long-docs/": join(REPO, "fixtures/long-docs") },
      ...(options.files !== undefined ? { files: options.files } : {})
    })
    if (configDir !== undefined && options.config !== undefined)
      writeFileSync(join(configDir, "config.json"), JSON.stringify(options.config(ctx.site)))
    ctx.tool = makeHarness(ctx.world)
  })
  afterAll(async () => {
    await ctx.tool?.closeOwned()
    await ctx.tool?.dispose()
    await ctx.site?.close()
    await ctx.world?.dispose()
    if (ctx.configDir !== undefined) rmSync(ctx.configDir, { recursive: true, force: true })
  })
  const need = <A>(value: A | undefined): A => {
    if (value === undefined) throw new Error("live world used outside its tests")
    return value
  }
  return {
    get world() {
      return need(ctx.world)
    },
    get site() {
      return need(ctx.site)
    },
    get tool() {
      return need(ctx.tool)
    },
    url: (path) => `${need(ctx.site).origin}${path}`,
    openSession: async (path) =>
      (await need(ctx.tool).call({ args: ["open", `${need(ctx.site).origin}${path}`] })).details.sessionName ?? "",
    openedSession: async (path) => {
      const opened = await need(ctx.tool).call({ args: ["open", `${need(ctx.site).origin}${path}`] })
      okText(opened)
      return opened.details.sessionName ?? ""
    }
  }
}
