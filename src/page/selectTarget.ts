/**
 * Whether the target of a successful `select` is a native `<select>`. Upstream's `select` answers `Selected [...]`
 * for any element, and changes nothing on a custom ARIA combobox; a native select (whose inner HTML holds its
 * `<option>`s) is the only target it really selects on. Pure.
 */
import { SelectorNotFound } from "../schema/ToolError.js"

/** `get html <target>` (innerHTML) of a native select: its options (or option groups). */
export const isNativeSelectHtml = (innerHtml: string): boolean => /<(option|optgroup)[\s>]/i.test(innerHtml)

/**
 * A `select` whose target is not a native `<select>`: nothing was selected. A `selector-not-found` (no native select
 * matches the selector), told apart by class so the presenter can add the custom-combobox follow-ups.
 */
export class NotNativeSelect extends SelectorNotFound {}

export const notNativeSelect = (target: string, values: ReadonlyArray<string>): NotNativeSelect =>
  new NotNativeSelect({
    selector: target,
    message: `${target} is not a native <select>, so select changed nothing (upstream still answered Selected ${JSON.stringify(values)}). ` +
      "For a custom combobox: click it to open its list, take snapshot -i, then click the option's ref (or type and press Enter)."
  })
