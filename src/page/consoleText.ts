/**
 * The one in-page way console arguments and thrown values become a short line of text (`text(x)`: an Error as its name
 * and message, a string as itself, anything else as JSON; `norm1(s)`: whitespace collapsed), for the click's watch
 * (clickEffects.ts) and the load log of an open (loadLog.ts). Pure: page statements.
 */
export const CONSOLE_TEXT: string = `const norm1 = (s) => String(s).replace(/\\s+/g, " ").trim();
const json = (x) => { try { return JSON.stringify(x); } catch { return String(x); } };
const text = (x) => x instanceof Error ? x.name + ": " + x.message : typeof x === "string" ? x : json(x);`
