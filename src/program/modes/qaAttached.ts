/**
 * `qa.attached` preflight: before the QA batch runs against the current session, `get url` must answer with an
 * http(s) or file: page. No browser yet, a failed read, or another surface (about:blank, chrome://) fails fast as
 * `InvalidInput` on field `qa.attached` (validation-error; the presenter adds the tab/snapshot recovery actions),
 * and the QA batch does not run.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Plan } from "../../domain/Plan.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { targetOf } from "../../session/planRun.js"

/** The field the preflight's InvalidInput names; the presenter keys its recovery actions on it. */
export const QA_ATTACHED_FIELD = "qa.attached"

/** A quick read: an attached page that cannot say its URL within this is not ready for QA. */
const GET_URL_TIMEOUT_MS = 5_000

const refuse = (message: string) => new InvalidInput({ field: QA_ATTACHED_FIELD, detail: message })

/**
 * A page QA can check: http(s), and file: (Electron apps load their own UI from file://; beyond the contract's
 * http(s) rule, documented as such). Blank and browser-internal surfaces (about:, chrome:, devtools:, data:) fail fast.
 */
const isHttpPage = (url: string): boolean => {
  try {
    const { protocol } = new URL(url)
    return protocol === "http:" || protocol === "https:" || protocol === "file:"
  } catch {
    return false
  }
}

export const preflightAttachedQa = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.compiled.mode !== "qa" || !plan.compiled.qa.checks.attached) return
    if (plan.sessionRole === "fresh") {
      return yield* refuse(
        "qa.attached checks the current session's page; " +
          'sessionMode "fresh" would launch an empty browser. Drop sessionMode.'
      )
    }
    if (plan.firstLaunch) {
      return yield* refuse(
        "qa.attached needs an attached browser showing an http(s) page, and this session has none yet. " +
          "Open a page (or connect / electron.launch) first, or use qa.url."
      )
    }
    const commands = yield* SessionCommands
    const reply = yield* Effect.either(commands.run(targetOf(plan), ["get", "url"], { timeoutMs: GET_URL_TIMEOUT_MS }))
    if (Either.isLeft(reply)) {
      return yield* refuse(
        `qa.attached could not read the current page URL (${reply.left._tag}` +
          `${"message" in reply.left && reply.left.message !== "" ? `: ${reply.left.message}` : ""}); ` +
          "check the tabs and select an http(s) page first."
      )
    }
    const outcome = reply.right
    const url = outcome.kind === "single" ? (outcome.data as { url?: unknown } | null)?.url : undefined
    if (typeof url !== "string" || url === "") {
      return yield* refuse("qa.attached found no current page URL; check the tabs and select an http(s) page first.")
    }
    if (!isHttpPage(url)) {
      const shown = url.length > 80 ? `${url.slice(0, 80)}…` : url
      return yield* refuse(
        `qa.attached needs an http(s) page, and the current page is ${shown}; ` +
          "select an http(s) tab (tab list, tab <id>) or use qa.url."
      )
    }
  })
