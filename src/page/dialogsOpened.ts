/**
 * Which modal dialogs a click opened: the click's recorder notes the visible `dialog` / `alertdialog` elements (and
 * open `<dialog>`s) before the click, its read counts the visible ones that were not among them. Only a dialog the
 * click opened counts, so a page that always shows one, or a click that changed something else, is not flagged.
 * Pure: the expressions (evaluated in the page) and the decoding of the count.
 */

/** The visible modal dialogs of the document now (an array expression). */
export const VISIBLE_DIALOGS_EXPRESSION: string = `[
  ...document.querySelectorAll("[role=dialog],[role=alertdialog],dialog[open]")
].filter((e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 1 && r.height > 1 && s.visibility !== "hidden" && s.display !== "none"
})`

/**
 * The read's count of dialogs visible now that the recorder did not see (`before`: the recorder's Set, or undefined).
 */
export const dialogsOpenedExpression = (before: string): string =>
  `(${before} ? ${VISIBLE_DIALOGS_EXPRESSION}.filter((e) => !${before}.has(e)).length : undefined)`

/** The count from the read's answer (undefined when it did not answer one). */
export const dialogsOpenedOf = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined
