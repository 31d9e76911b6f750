/**
 * `semanticAction` → upstream argv: locator actions become `find <locator> <value> <action> [text] [--name n]`,
 * selector/@ref actions the matching direct command, `select` a `select <selector> <values…>`, `press` a lone
 * `press <key>` for the focused element; `session` prefixes
 * `--session <name>`. Pure; invalid combinations are rejected with a message that says what to send instead.
 */
import * as Either from "effect/Either"
import { InvalidInput } from "../schema/ToolError.js"
import type { SemanticAction } from "../schema/ToolInput.js"
import type { CompiledSemanticAction } from "../domain/Compiled.js"
import { isFindAction } from "../upstream/commandEffects.js"

const invalid = (message: string) => Either.left(new InvalidInput({ field: "semanticAction", detail: message }))
const blank = (s: string | undefined) => s === undefined || s.trim() === ""

/** Element actions; upstream `find` can do only some of them, the rest need a selector or @ref. */
export type ElementAction = "click" | "fill" | "check" | "uncheck" | "hover" | "dblclick" | "scrollIntoView"
/** Upstream's spelling of an action. */
const upstreamCommand = (action: ElementAction): string => (action === "scrollIntoView" ? "scrollintoview" : action)

/** The argv of one element action, shared by `semanticAction` and `job` element steps. */
export const compileElementAction = (
  a: Pick<SemanticAction, "locator" | "value" | "role" | "name" | "text" | "selector" | "exact"> & {
    readonly action: ElementAction
  },
  where = "semanticAction"
): Either.Either<
  { readonly args: ReadonlyArray<string>; readonly locator?: string; readonly selector?: string },
  InvalidInput
> => {
  const fail = (message: string) => Either.left(new InvalidInput({ field: where, detail: message }))
  if (a.action === "fill" && (a.text === undefined || a.text === "")) return fail("fill needs non-empty text")
  const tail = a.action === "fill" ? [a.text ?? ""] : []
  const command = upstreamCommand(a.action)
  if (a.selector !== undefined) {
    const located = a.locator !== undefined || a.value !== undefined || a.role !== undefined || a.name !== undefined
    if (located || a.exact !== undefined) {
      return fail("use either selector (CSS or @ref) or locator/value/role/name/exact, not both")
    }
    return Either.right({ args: [command, a.selector, ...tail], selector: a.selector })
  }
  if (a.locator !== undefined && !isFindAction(a.action)) {
    return fail(
      `${a.action} needs a selector or @ref (locators work for click, fill, check, hover); take snapshot -i for refs`
    )
  }
  if (a.locator === undefined)
    return fail("give a locator (role, text, label, placeholder, alt, title, testid) with its value, or a selector")
  // upstream's --exact: the whole text (for role: the whole name), case-sensitive; a test id is always exact
  if (a.exact === true && a.locator === "testid") {
    return fail("exact is for text, label, placeholder, alt, title and role names (a testid is always exact)")
  }
  if (a.role !== undefined && a.locator !== "role") return fail('role is only for locator "role"')
  if (a.name !== undefined && a.locator !== "role") return fail('name is only for locator "role" (it becomes --name)')
  if (a.role !== undefined && a.value !== undefined && a.role !== a.value)
    return fail("role and value disagree; give one of them")
  const value = a.value ?? a.role
  if (blank(value))
    return fail(`locator "${a.locator}" needs a non-empty value${a.locator === "role" ? " (or role)" : ""}`)
  return Either.right({
    args: [
      "find",
      a.locator,
      value ?? "",
      a.action,
      ...tail,
      ...(a.name !== undefined ? ["--name", a.name] : []),
      ...(a.exact === true ? ["--exact"] : [])
    ],
    locator: a.locator
  })
}

export const compileSemanticAction = (a: SemanticAction): Either.Either<CompiledSemanticAction, InvalidInput> => {
  const prefix = a.session !== undefined ? ["--session", a.session] : []
  if (a.action === "select") {
    if (a.locator !== undefined || a.role !== undefined || a.name !== undefined || a.text !== undefined) {
      return invalid(
        "select takes selector plus value or values (resolve role/label targets to a selector or @ref first)"
      )
    }
    const values = a.values ?? (a.value !== undefined ? [a.value] : [])
    if (blank(a.selector) || values.length === 0) return invalid("select needs selector and value or values")
    return Either.right({
      action: "select",
      selector: a.selector ?? "",
      values,
      args: [...prefix, "select", a.selector ?? "", ...values]
    })
  }
  if (a.values !== undefined) return invalid("values is only for select")
  if (a.action === "press") {
    if (
      a.locator !== undefined ||
      a.selector !== undefined ||
      a.value !== undefined ||
      a.role !== undefined ||
      a.name !== undefined
    ) {
      return invalid("press takes only text (a key such as Enter, Escape, Control+a): it goes to the focused element")
    }
    if (blank(a.text)) return invalid("press needs text: the key, e.g. Enter")
    return Either.right({ action: "press", args: [...prefix, "press", a.text ?? ""] })
  }
  const action = a.action
  return Either.map(compileElementAction({ ...a, action }), (c) => ({
    action: a.action,
    ...(c.locator !== undefined ? { locator: c.locator } : {}),
    ...(c.selector !== undefined ? { selector: c.selector } : {}),
    args: [...prefix, ...c.args]
  }))
}
