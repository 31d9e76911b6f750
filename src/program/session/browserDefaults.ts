/**
 * Browser defaults from the config files (profile, executable path, allowed domains) surface as guidance, never as
 * silent launch flags: when a session's first call launched a browser without them, the result says which defaults
 * are configured and offers the exact fresh-launch retry that applies them.
 */
import * as Effect from "effect/Effect"
import { browserDefaultFlags, configPaths, loadFileConfig } from "../../config/fileConfig.js"
import type { BrowserDefaults } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"

export const unusedBrowserDefaults = (
  plan: Plan,
  call: { readonly cwd: string; readonly projectTrusted?: boolean },
  env: Readonly<Record<string, string | undefined>>
) =>
  Effect.sync((): BrowserDefaults | undefined => {
    if (!plan.firstLaunch || plan.launchFlags.length > 0) return undefined
    const loaded = loadFileConfig(configPaths(env, call.cwd, call.projectTrusted === true), env)
    const flags = browserDefaultFlags(loaded.config)
    return flags.length === 0 ? undefined : { flags, sources: loaded.sources }
  })
