/**
 * What one successful command says, per command family (`formatCommand`): the per-command wording that a single
 * call's text and a batch/job row both use, one formatter per command from a table (actionText.ts for element and
 * input actions, pageCommandText.ts for the rest); then the diagnostic texts, then upstream's data as it is. Pure.
 */
import { page, type Parts } from "./contentBoundary.js"
import { formatRoutes, formatSavedBody } from "./routeText.js"
import { formatDiagnostics } from "./formatDiagnostics.js"
import { formatInput } from "./formatInput.js"
import { ACTION_TEXTS } from "./actionText.js"
import { type CommandText, type Data, type Formatted, formatted, stripLifecycle } from "./formatted.js"
import { PAGE_COMMAND_TEXTS } from "./pageCommandText.js"

const BY_COMMAND: ReadonlyMap<string, CommandText> = new Map([...PAGE_COMMAND_TEXTS, ...ACTION_TEXTS])

export const formatCommand = (
  positionals: ReadonlyArray<string>,
  data: Data,
  sessionName: string | undefined,
  crashedTabs: ReadonlyArray<string> = []
): Formatted => {
  const [command = "", sub] = positionals
  const target = positionals[1] ?? ""
  // the tool's own input commands (a click with modifiers, a drop, a storage key removal) mark their reply
  const input = data["toolInput"] !== undefined ? formatInput(data) : undefined
  if (input !== undefined) return input
  const own = BY_COMMAND.get(command)?.({ positionals, command, sub, target, data, sessionName, crashedTabs })
  if (own !== undefined) return own
  const diagnostic =
    formatDiagnostics(command, sub, data, positionals) ??
    formatRoutes(command, sub, data) ??
    formatSavedBody(command, sub, data)
  if (diagnostic !== undefined) return diagnostic
  const rest = stripLifecycle(data)
  const body: Parts =
    rest !== null && typeof rest === "object" && Object.keys(rest).length > 0
      ? ["\n", page(JSON.stringify(rest, null, 2))]
      : []
  return formatted([`${positionals.slice(0, 2).join(" ")}: done`, ...body], `${command} done`)
}
