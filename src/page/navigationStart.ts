/**
 * Page JavaScript (a function expression): whether a submit event is a `method="dialog"` form's (or its submitter's
 * `formmethod`), which closes its dialog and loads nothing.
 */
export const DIALOG_SUBMIT: string = `((e) => {
  const s = e.submitter, f = e.target;
  const m = s && s.hasAttribute("formmethod") ? s.getAttribute("formmethod")
    : f instanceof HTMLFormElement ? f.getAttribute("method") : "";
  return String(m || "").trim().toLowerCase() === "dialog";
})`

/**
 * Whether an action started to leave its page: a `navigate` event (the Navigation API: a link followed, a form sent,
 * `location` set, a history entry pushed), a form submission nobody prevented, or a tab opened (`window.open`, a
 * `target=_blank` link). Page JavaScript: an expression whose value is `{ started, off }`; `started()` says whether
 * any of them happened since it was installed, `off()` removes its listeners and gives `window.open` back. The key
 * press watch (clickEffects.ts) uses it so that a key that stayed on its page needs no read of a page it led to.
 */
export const NAVIGATION_START_WATCH: string = `(() => {
  // a submission is read when asked: a handler may still prevent it after this listener ran
  let moved = false, sent;
  const onSent = (e) => { sent = e; };
  const onNavigate = () => { moved = true; };
  const open = window.open;
  window.open = function (...a) { moved = true; return open.apply(this, a); };
  const onBlank = (e) => {
    try { if (e.isTrusted && e.target instanceof Element && e.target.closest("a[target=_blank i]")) moved = true; }
    catch {}
  };
  window.addEventListener("submit", onSent);
  window.addEventListener("click", onBlank, true);
  if (window.navigation) window.navigation.addEventListener("navigate", onNavigate);
  return {
    started: () => moved || (sent !== undefined && !sent.defaultPrevented && !${DIALOG_SUBMIT}(sent)),
    off: () => {
      window.open = open;
      window.removeEventListener("submit", onSent);
      window.removeEventListener("click", onBlank, true);
      if (window.navigation) window.navigation.removeEventListener("navigate", onNavigate);
    }
  };
})()`
