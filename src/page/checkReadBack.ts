/**
 * A check that upstream answers with a locator miss although the step before it found its box: upstream 0.41.2 reads
 * the box back once it clicked it (and clicks it again by script when it reads it unchecked), and a change handler
 * that loads another page (a filter, "in stock only") may have replaced the box by then: `Element not found: #stock`,
 * or a CDP error naming a lost context when the read falls between the two documents (seen on the raw binary; which
 * one, or none, depends on how soon the next page comes). The box was there and was clicked; the page moved on. So
 * the tool reads the page once it loaded, instead of running the check again on a page that is not the one it was
 * aimed at: whether it is still the document the check's watch went into, where it is, and the box's state there (a
 * CSS target; a ref names nothing on another page). Pure: page JavaScript and its decoding.
 */
import type { BoxNow } from "../domain/ActionEffects.js"
import { CHALLENGE_FACTS_EXPRESSION } from "./challengeEvidence.js"
import { CHECKABLE } from "./checkGuard.js"
import { EVENT_WATCH_STILL_ON } from "./fillTimers.js"

/**
 * The read (an expression): `{ same, box, title, url, challenge }`; `box` is true, false, null (not there) or absent
 * (a ref, `css` undefined: not read).
 */
export const checkReadBackExpression = (css: string | undefined): string => `(() => {
const same = ${EVENT_WATCH_STILL_ON};
const box = (() => {
  if (${css === undefined}) return undefined;
  let el = null;
  try { el = document.querySelector(${JSON.stringify(css ?? "")}) } catch (e) { return null }
  if (el === null) return null;
  const label = el.closest("label");
  if (label !== null && label.control) el = label.control;
  const b = el.closest(${JSON.stringify(CHECKABLE)}) || el.querySelector(${JSON.stringify(CHECKABLE)}) || el;
  if (typeof b.checked === "boolean") return b.checked;
  const aria = b.getAttribute("aria-checked");
  return aria === "true" ? true : aria === "false" ? false : null;
})();
return { same, box, title: document.title, url: location.href, challenge: ${CHALLENGE_FACTS_EXPRESSION} };
})()`

/** The read decoded: whether the page left the checked box's document, and the box's state on the page now. */
export const checkReadBackOf = (value: unknown): { readonly left: boolean; readonly box: BoxNow } | undefined => {
  if (value === null || typeof value !== "object") return undefined
  const same = Reflect.get(value, "same"),
    box = Reflect.get(value, "box")
  if (typeof same !== "boolean") return undefined
  return {
    left: !same,
    box: box === true ? "checked" : box === false ? "unchecked" : box === null ? "absent" : "unread"
  }
}
