/**
 * A `select <css> <value>...` that asks for a disabled option: upstream 0.41.2 selects it anyway (the select's value
 * becomes the disabled option's) and answers `Selected [...]`, though a user cannot pick a disabled option and a form
 * does not send its value (HTML: a disabled option is not submitted). The tool refuses it before the select runs, by
 * a read-only step in the same upstream batch that throws what it found (upstream/wire.ts), so a batch that
 * stops at its first failed step never sends the select. Options are matched as upstream matches them (seen on the
 * raw binary): every option whose value or label is asked is selected in turn, so a single select ends on the last
 * match. A ref target is found again by the role and name its snapshot gave it (a native select: `combobox`, or
 * `listbox` when it shows several rows), only where the page holds as many such selects as the snapshot named; a ref
 * it cannot find so, or a target that is not a native select, is left to upstream and the read after it
 * (program/page/selectCheck.ts). Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow } from "../domain/Outcome.js"
import { type RefSnapshot, refIdOf } from "../domain/RefSnapshot.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { throwValueStatement } from "../upstream/wire.js"
import { ROLE_NAME_SNIPPET } from "./accessibleName.js"

/** `UpstreamFailed.code` of a select the tool refused because an asked option is disabled. */
export const SELECT_REFUSED = "select-refused"

/** How the page finds the select again: by CSS, or by a ref's role, name and place among its twins. */
export type SelectLocator =
  | { readonly kind: "selector" }
  | { readonly kind: "ref"; readonly role: string; readonly name: string; readonly index: number; readonly of: number }

export interface SelectTarget {
  /** As the model wrote it (`#s`, `@e3`): the words name it so. */
  readonly selector: string
  readonly values: ReadonlyArray<string>
  readonly locator?: SelectLocator
}

/** The roles a snapshot gives a native select. */
const SELECT_ROLES = new Set(["combobox", "listbox"])

/** A ref's select: its role and name, and which of the snapshot's same-named twins it is. */
const refLocator = (ref: string, refs: RefSnapshot | undefined): SelectLocator | undefined => {
  const info = refs?.refs.get(ref)
  if (info === undefined || !SELECT_ROLES.has(info.role) || info.name.trim() === "") return undefined
  const twins = [...(refs?.refs ?? [])].filter(([, r]) => r.role === info.role && r.name === info.name)
  return {
    kind: "ref",
    role: info.role,
    name: info.name,
    index: twins.findIndex(([id]) => id === ref),
    of: twins.length
  }
}

/** Whether `select <target> <value>...` may be guarded: a CSS target, or a ref (found again in `selectTargetOf`). */
export const selectGuardApplies = (positionals: ReadonlyArray<string>): boolean => {
  const [command, selector, ...values] = positionals
  return command === "select" && selector !== undefined && values.length > 0
}

/**
 * `select <target> <value>...`: its target and values; undefined for any other command line, and for a ref the
 * snapshot did not name as a select with a name.
 */
export const selectTargetOf = (positionals: ReadonlyArray<string>, refs?: RefSnapshot): SelectTarget | undefined => {
  const [, selector = "", ...values] = positionals
  if (!selectGuardApplies(positionals)) return undefined
  const ref = refIdOf(selector)
  if (ref === undefined) return { selector, values }
  const locator = refLocator(ref, refs)
  return locator === undefined ? undefined : { selector, values, locator }
}

/** Page JavaScript that sets `el` to the target's element (null when it cannot be told apart). */
export const findScript = (target: SelectTarget): string => {
  const locator = target.locator
  if (locator === undefined || locator.kind === "selector")
    return `try { el = document.querySelector(${JSON.stringify(target.selector)}) } catch (e) { return true }`
  return `${ROLE_NAME_SNIPPET}
  const own = (e) => role(e) || (e.multiple || e.size > 1 ? "listbox" : "combobox");
  const same = [...document.querySelectorAll("select")]
    .filter((e) => own(e) === ${JSON.stringify(locator.role)} && name(e) === norm(${JSON.stringify(locator.name)}));
  if (same.length !== ${locator.of}) return true;
  el = same[${locator.index}] || null;`
}

/** The before-step: throws `{disabledOption: {asked, enabled, shown}}` when an asked option is disabled; else true. */
export const selectBeforeScript = (target: SelectTarget): string => `(() => {
  let el = null;
  ${findScript(target)}
  if (!(el instanceof HTMLSelectElement)) return true;
  const options = [...el.options];
  const asked = ${JSON.stringify(target.values)};
  const matched = options.filter((o) => asked.some((v) => o.value === v || o.label === v || o.text.trim() === v));
  const off = (el.multiple ? matched : matched.slice(-1)).filter((o) => o.matches(":disabled"));
  if (off.length === 0) return true;
  const word = (o) => ({ value: o.value, label: o.label });
  // an option disabled only by its <optgroup>: the group is named
  const group = (o) =>
    !o.disabled && o.parentElement instanceof HTMLOptGroupElement ? { group: o.parentElement.label } : {};
  const enabled = options.filter((o) => !o.matches(":disabled")).map(word);
  const found = { asked: off.map((o) => ({ ...word(o), ...group(o) })), enabled,
    shown: [...el.selectedOptions].map(word) };
  ${throwValueStatement("{ disabledOption: found }")};
})()`

const Word = Schema.Struct({ value: Schema.String, label: Schema.String })
const Thrown = Schema.Struct({
  disabledOption: Schema.Struct({
    asked: Schema.Array(Schema.Struct({ ...Word.fields, group: Schema.optional(Schema.String) })),
    enabled: Schema.Array(Word),
    shown: Schema.Array(Word)
  })
})
type Found = (typeof Thrown.Type)["disabledOption"]

/** An option as upstream names it in its own list: `drone ("Drone")`. */
const optionWords = (o: typeof Word.Type): string => `${o.value} (${JSON.stringify(o.label)})`

/** An asked option, and the disabled group that disables it: `drone ("Drone", in the disabled group "Air")`. */
const askedWords = (o: Found["asked"][number]): string =>
  o.group === undefined
    ? optionWords(o)
    : `${o.value} (${JSON.stringify(o.label)}, in the disabled group ${JSON.stringify(o.group)})`

const refusalText = (selector: string, found: Found): string => {
  const asked = found.asked.map(askedWords).join(", ")
  const which = found.asked.length === 1 ? `Option ${asked} of ${selector} is` : `Options ${asked} of ${selector} are`
  const shown = found.shown.map((o) => JSON.stringify(o.label)).join(", ")
  const enabled = found.enabled.length > 0 ? found.enabled.map(optionWords).join(", ") : "none"
  return (
    `${which} disabled: nothing was selected (the select was not sent; ${selector} still shows ` +
    `${shown !== "" ? shown : "no option"}). A user cannot pick a disabled option, and a form does not send its ` +
    `value. Enabled options: ${enabled}.`
  )
}

/** The refusal from the before-step's row (it threw); undefined when no asked option is disabled. */
export const selectRefusedOf = (
  target: SelectTarget | undefined,
  guard: StepRow | undefined
): UpstreamFailed | undefined =>
  target === undefined || guard === undefined || guard.success
    ? undefined
    : Option.getOrUndefined(
        Option.map(
          Schema.decodeUnknownOption(Thrown)(guard.thrown),
          (t) =>
            new UpstreamFailed({
              code: SELECT_REFUSED,
              stderr: "",
              exitCode: null,
              detail: refusalText(target.selector, t.disabledOption)
            })
        )
      )
