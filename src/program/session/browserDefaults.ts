/**
 * Browser defaults from the config files (profile, executable path, allowed domains) surface as guidance, never as
 * silent launch flags: when a session's first call launched a browser without them, the result says which defaults
 * are configured and offers the exact fresh-launch retry that applies them.
 */
import * as Effect from "effect/Effect"
import { browserDefaultFlags, configPaths, loadFileConfig } from "../../config/fileConfig.js"
import { nextActions } from "../../presenters/nextActions.js"
import type { Plan } from "../../schema/Plan.js"
import type { ToolResult } from "../../schema/ToolDetails.js"
import { Redactor } from "../../services/Redactor.js"

export const browserDefaultsGuidance = (
  result: ToolResult,
  plan: Plan,
  call: { readonly cwd: string; readonly projectTrusted?: boolean },
  env: Readonly<Record<string, string | undefined>>
) =>
  Effect.gen(function*() {
    if (result.isError || !plan.firstLaunch || plan.launchFlags.length > 0) return result
    const loaded = loadFileConfig(configPaths(env, call.cwd, call.projectTrusted === true), env)
    const flags = browserDefaultFlags(loaded.config)
    if (flags.length === 0) return result
    const redactor = yield* Redactor
    const shown = redactor.redactArgs(flags).args.join(" ")
    const line = `Configured browser defaults (${loaded.sources.join(", ")}): ${shown}. Launch flags apply only when a browser starts; to use them, retry with sessionMode "fresh" and these flags.`
    return {
      ...result,
      content: result.content.map((c, i) => (i === 0 && c.type === "text" ? { ...c, text: `${c.text}\n${line}` } : c)),
      details: {
        ...result.details,
        browserDefaults: { flags: redactor.redactArgs(flags).args, sources: loaded.sources },
        nextActions: [...(result.details.nextActions ?? []), nextActions.retryFresh(redactor.redactArgs([...flags, ...plan.args]).args)]
      }
    } satisfies ToolResult
  })
