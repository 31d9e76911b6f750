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
 * matches the selector) with reason `not-native-select`, so the presenter can add the custom-combobox follow-ups.
 */
export const notNativeSelect = (target: string, values: ReadonlyArray<string>): SelectorNotFound =>
  new SelectorNotFound({ selector: target, reason: "not-native-select", values })
