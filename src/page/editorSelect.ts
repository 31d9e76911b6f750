/**
 * A fill on a rich editor (contenteditable) replaces its text, as a fill on an input does. Upstream's fill focuses
 * its target, dispatches a plain untrusted `input` Event on it, then inserts the text as typing does
 * (`Input.insertText`), at the caret: an editor holding text kept it ("New textOld draft text"). The fill's guard
 * (fillGuard.ts) installs a one-shot listener for that plain `input` Event: when its target is the focused editing
 * host (or an iframe whose same-origin document's focused editable body is one: TinyMCE) and holds text, all of its
 * contents are selected, so the insert that follows replaces them and the page sees the typing's own `beforeinput`
 * and `input` events, as after a user's select-all. Nothing else is touched: an input, a textarea or an empty editor
 * takes the fill as before; a listener the fill never reached ends after `EDITOR_SELECT_MS` and is removed by the
 * read-back (fillReadback.ts). Pure.
 */

/** Where the guard leaves the listener, for the read-back to remove it. */
const EDITOR_SELECT_KEY = `Symbol.for("pi-agent-browser.fill-editor-select")`

/** How long after the guard the listener still acts (the fill is the next step of the same upstream batch). */
export const EDITOR_SELECT_MS = 10_000

/**
 * Page-side statements installing the listener; `target` is an expression for the fill's element when the page
 * knows it (a CSS target), else `null` (a ref or a locator: the event's own target is upstream's).
 */
export const editorSelectInstall = (target: string): string => `{
    const want = ${target}, until = performance.now() + ${EDITOR_SELECT_MS};
    const on = (e) => {
      if (e.isTrusted || e.constructor !== Event || !(e.target instanceof Element)) return;
      if ((want !== null && e.target !== want) || performance.now() > until) return;
      window.removeEventListener("input", on, true);
      let doc = document, ed = e.target;
      if (ed.tagName === "IFRAME" || ed.tagName === "FRAME") {
        try { doc = ed.contentDocument } catch (x) { doc = null }
        if (doc === null) return;
        ed = doc.activeElement !== null && doc.activeElement !== doc.documentElement ? doc.activeElement : doc.body;
        if (ed === null) return;
      }
      const host = ed.isContentEditable === true && !(ed.parentElement && ed.parentElement.isContentEditable);
      if (!host || ed.getRootNode().activeElement !== ed || String(ed.innerText || "").trim() === "") return;
      const range = doc.createRange();
      range.selectNodeContents(ed);
      const sel = doc.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    };
    window.removeEventListener("input", window[${EDITOR_SELECT_KEY}], true);
    window[${EDITOR_SELECT_KEY}] = on;
    window.addEventListener("input", on, true);
  }`

/** Page-side statement removing the listener, if the fill left it. */
export const editorSelectRemove = `window.removeEventListener("input", window[${EDITOR_SELECT_KEY}], true);
  delete window[${EDITOR_SELECT_KEY}];`
