/**
 * Browser defaults from the config files (profile, executable path, allowed domains), the trusted project's included,
 * go into the launch that starts a session's browser: a managed session's first call or a fresh launch, on a local
 * browser the call did not choose itself (no `--cdp`, provider, auto-connect or `connect`; no pool). A flag the call
 * gives itself wins over its default. The flags become the session's launch flags, re-sent on every later call, so
 * no relaunch follows; the result names them (`details.browserDefaults`).
 */
import * as Effect from "effect/Effect"
import { browserDefaultFlags, configPaths, loadFileConfig } from "../../config/fileConfig.js"
import type { Plan } from "../../domain/Plan.js"
import { ToolConfig } from "../../services/ToolConfig.js"

const OWN_BROWSER_FLAGS = ["--cdp", "-p", "--provider", "--auto-connect"]

/** Pairs of `[flag, value]` from the flat list `browserDefaultFlags` gives. */
const pairsOf = (flags: ReadonlyArray<string>): ReadonlyArray<readonly [string, string]> =>
  flags.flatMap((token, i) => (i % 2 === 0 ? [[token, flags[i + 1] ?? ""] as const] : []))

const launchesOwnBrowser = (plan: Plan): boolean =>
  plan.kind !== "browser" ||
  !plan.firstLaunch ||
  (plan.sessionRole !== "managed" && plan.sessionRole !== "fresh") ||
  plan.line.command === "connect" ||
  plan.line.flags.some((f) => OWN_BROWSER_FLAGS.includes(f.flag))

/** The plan with the configured defaults it does not set itself, after `--session <name>`; unchanged otherwise. */
export const withBrowserDefaults = (plan: Plan, call: { readonly cwd: string; readonly projectTrusted?: boolean }) =>
  Effect.map(ToolConfig, (config): Plan => {
    if (config.pool !== undefined || launchesOwnBrowser(plan)) return plan
    const loaded = loadFileConfig(configPaths(config.env, call.cwd, call.projectTrusted === true), config.env)
    const given = new Set(plan.line.flags.map((f) => f.flag))
    const added = pairsOf(browserDefaultFlags(loaded.config))
      .filter(([flag]) => !given.has(flag))
      .flat()
    const at = plan.effectiveArgs.indexOf("--session")
    if (added.length === 0 || at < 0) return plan
    return {
      ...plan,
      effectiveArgs: [...plan.effectiveArgs.slice(0, at + 2), ...added, ...plan.effectiveArgs.slice(at + 2)],
      launchFlags: [...plan.launchFlags, ...added],
      browserDefaults: { flags: added, sources: loaded.sources }
    }
  })
