/**
 * Recovery after a `find` / semanticAction miss whose fresh snapshot found exact current refs
 * (`SelectorNotFound.fallback`): direct ref retries for clicks and other actions (`try-current-visible-ref`, `-2`..),
 * and for a fill on exact editable refs (`textbox` / `searchbox`) the contract's `richInputRecovery`: focus or click
 * the ref, then type in a separate call. Nothing here carries the fill text, types, presses Enter or submits. Pure.
 */
import { richInputRecoveryNextActionIds } from "../../schema/NextActionIds.js"
import type { Plan } from "../../domain/Plan.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import type { NextAction, RichInputRecovery } from "../../schema/NextAction.js"
import type { SelectorNotFound } from "../../schema/ToolError.js"
import { nextActions } from "./nextActions.js"
import { entersText } from "../../upstream/commandEffects.js"

const EDITABLE_ROLES: ReadonlySet<string> = new Set(["textbox", "searchbox"])

export const INPUT_METHOD_HINT =
  "Focus the field, then type the text in a separate call (keyboard inserttext <text>, or a job type step for " +
  "real key events); press Enter only if the flow needs it."

export interface SelectorRecovery {
  readonly line: string
  readonly nextActions: ReadonlyArray<NextAction>
  readonly richInputRecovery?: RichInputRecovery
}

const sessionArgs = (session: string | undefined, args: ReadonlyArray<string>): ReadonlyArray<string> =>
  session === undefined ? args : ["--session", session, ...args]

/** What the missed `find` looked for: locator and value, the accessible name; never the fill text. */
const targetOf = (plan: Plan | undefined): RichInputRecovery["target"] => {
  const p = plan?.line.positionals ?? []
  const at = p.indexOf("--name")
  const name = at >= 0 ? p[at + 1] : undefined
  return {
    action: "fill",
    ...(p[0] === "find" ? { locator: p[1] ?? "", value: p[2] ?? "" } : {}),
    ...(name !== undefined ? { name } : {})
  }
}

export const richInputRecoveryOf = (plan: Plan | undefined, error: SelectorNotFound): RichInputRecovery | undefined => {
  const fallback = error.fallback
  if (fallback?.action !== "fill") return undefined
  const editable = fallback.refs.filter((r) => EDITABLE_ROLES.has(r.role))
  if (editable.length === 0) return undefined
  const session = plan?.sessionName
  return {
    candidates: editable.map((r) => ({
      ref: `@${r.ref}`,
      role: r.role,
      name: r.name,
      focusArgs: sessionArgs(session, ["focus", `@${r.ref}`]),
      clickArgs: sessionArgs(session, ["click", `@${r.ref}`]),
      reason: `exact current ${r.role} named ${JSON.stringify(r.name)} for the missed fill target`
    })),
    inputMethodHint: INPUT_METHOD_HINT,
    nextActionIds: richInputRecoveryNextActionIds(editable.length),
    summary:
      `${editable.length} current editable ref${editable.length === 1 ? "" : "s"} match` +
      `${editable.length === 1 ? "es" : ""} the missed fill target; focus one, then type in a separate call.`,
    target: targetOf(plan)
  }
}

/** The text line and next actions of a miss with current ref matches (none without a fallback). */
export const selectorRecovery = (plan: Plan | undefined, error: SelectorNotFound): SelectorRecovery => {
  const session = plan?.sessionName
  const refs = error.fallback?.refs ?? []
  if (refs.length === 0) return { line: "", nextActions: [] }
  const rich = richInputRecoveryOf(plan, error)
  if (rich !== undefined) {
    return {
      line:
        `\nRich input recovery: ${rich.candidates.map((c) => `${c.ref} ${c.role} "${c.name}"`).join(", ")}: ` +
        "focus it (or click it), then keyboard inserttext in a separate call; the fill text is not repeated here.",
      nextActions: rich.candidates.flatMap((c, i) => [
        nextActions.editableRef(session, "focus", i, c.ref, `${c.role} "${c.name}"`),
        nextActions.editableRef(session, "click", i, c.ref, `${c.role} "${c.name}"`)
      ]),
      richInputRecovery: rich
    }
  }
  const isFill = error.fallback?.action === "fill"
  return {
    line:
      `\nCurrent snapshot ref fallback: ${refs.map((r) => `@${r.ref} ${r.role} "${r.name}"`).join(", ")}` +
      `${isFill ? " (not an editable field; the fill text is not repeated here)" : ""}.`,
    // a fill on a ref that is not an editable field gets no direct retry (it would need the fill text)
    nextActions: isFill
      ? []
      : refs.map((r, i) =>
          nextActions.tryVisibleRef(
            session,
            i,
            [error.fallback?.action ?? "click", `@${r.ref}`],
            `${r.role} "${r.name}"`
          )
        )
  }
}

/** Actions whose trailing text is typed (never repeated in recovery details). */

/**
 * The contract's `details.visibleRefFallback` `{candidates, snapshot, summary, target}`: the exact current refs a
 * fresh `snapshot -i` found for the missed `find`, each with the direct ref argv (not for fills: that would need the
 * text) and why it matched; the target as looked for, without typed text.
 */
export const visibleRefFallbackDetails = (
  plan: Plan | undefined,
  error: SelectorNotFound
): ToolDetails["visibleRefFallback"] => {
  const fallback = error.fallback
  if (fallback === undefined || fallback.refs.length === 0) return undefined
  const session = plan?.sessionName
  const typing = entersText(fallback.action)
  const p = plan?.line.positionals ?? []
  const at = p.indexOf("--name")
  const name = at >= 0 ? p[at + 1] : undefined
  const text = !typing && p[0] === "find" && p[4] !== undefined && !p[4].startsWith("--") ? p[4] : undefined
  return {
    candidates: fallback.refs.map((r) => ({
      ref: `@${r.ref}`,
      role: r.role,
      name: r.name,
      ...(typing ? {} : { args: sessionArgs(session, [fallback.action, `@${r.ref}`]) }),
      reason: `exact current ${r.role} named ${JSON.stringify(r.name)}`
    })),
    snapshot: { args: sessionArgs(session, ["snapshot", "-i"]), matchedRefs: fallback.refs.length },
    summary:
      `${fallback.refs.length} current ref${fallback.refs.length === 1 ? "" : "s"} exactly match` +
      `${fallback.refs.length === 1 ? "es" : ""} the missed target` +
      `${fallback.refs.length > 1 ? ": choose only if one is unambiguous" : ""}.`,
    target: {
      action: fallback.action,
      ...(p[0] === "find" ? { locator: p[1] ?? "", value: p[2] ?? "" } : {}),
      ...(name !== undefined ? { name } : {}),
      ...(text !== undefined ? { text } : {})
    }
  }
}
