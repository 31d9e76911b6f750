/**
 * A `select <css> <value>...` that asks for a disabled option: upstream 0.41.2 selects it anyway (the select's value
 * becomes the disabled option's) and answers `Selected [...]`, though a user cannot pick a disabled option and a form
 * does not send its value (HTML: a disabled option is not submitted). The tool refuses it before the select runs, by
 * a read-only step in the same upstream batch that throws what it found (upstream/thrownValue.ts), so a batch that
 * stops at its first failed step never sends the select. Options are matched as upstream matches them (seen on the
 * raw binary): every option whose value or label is asked is selected in turn, so a single select ends on the last
 * match. A ref target, or one that is not a native select, is left to upstream and the read after it
 * (program/page/selectCheck.ts). Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow } from "../domain/Outcome.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { throwValueStatement } from "../upstream/thrownValue.js"

/** `UpstreamFailed.code` of a select the tool refused because an asked option is disabled. */
export const SELECT_REFUSED = "select-refused"

export interface SelectTarget {
  readonly selector: string
  readonly values: ReadonlyArray<string>
}

/** `select <css> <value>...`: its CSS target and values; undefined for a ref target or any other command line. */
export const selectTargetOf = (positionals: ReadonlyArray<string>): SelectTarget | undefined => {
  const [command, selector, ...values] = positionals
  if (command !== "select" || selector === undefined || values.length === 0) return undefined
  return /^(?:@|ref=)?e\d+$/.test(selector) ? undefined : { selector, values }
}

/** The before-step: throws `{disabledOption: {asked, enabled, shown}}` when an asked option is disabled; else true. */
export const selectBeforeScript = (target: SelectTarget): string => `(() => {
  let el = null;
  try { el = document.querySelector(${JSON.stringify(target.selector)}) } catch (e) { return true }
  if (!(el instanceof HTMLSelectElement)) return true;
  const options = [...el.options];
  const asked = ${JSON.stringify(target.values)};
  const matched = options.filter((o) => asked.some((v) => o.value === v || o.label === v || o.text.trim() === v));
  const off = (el.multiple ? matched : matched.slice(-1)).filter((o) => o.matches(":disabled"));
  if (off.length === 0) return true;
  const word = (o) => ({ value: o.value, label: o.label });
  const enabled = options.filter((o) => !o.matches(":disabled")).map(word);
  const found = { asked: off.map(word), enabled, shown: [...el.selectedOptions].map(word) };
  ${throwValueStatement("{ disabledOption: found }")};
})()`

const Word = Schema.Struct({ value: Schema.String, label: Schema.String })
const Thrown = Schema.Struct({
  disabledOption: Schema.Struct({
    asked: Schema.Array(Word),
    enabled: Schema.Array(Word),
    shown: Schema.Array(Word)
  })
})
type Found = (typeof Thrown.Type)["disabledOption"]

/** An option as upstream names it in its own list: `drone ("Drone")`. */
const optionWords = (o: typeof Word.Type): string => `${o.value} (${JSON.stringify(o.label)})`

const refusalText = (selector: string, found: Found): string => {
  const asked = found.asked.map(optionWords).join(", ")
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
