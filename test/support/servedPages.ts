/** Pages a test serves from its live world (liveWorld's `files`: path → [body, content type]). */

/** A whole document, served as UTF-8 HTML. */
export const servedHtml = (html: string) => [html, "text/html; charset=utf-8"] as const

/** A page's title and body in a whole document, served as UTF-8 HTML. */
export const titledPage = (title: string, body: string) =>
  servedHtml(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`)

/** A page's body in a whole document titled `t`, served as UTF-8 HTML. */
export const htmlPage = (body: string) => titledPage("t", body)

/** A body after only the doctype and a UTF-8 charset (the body may hold its own title), served as UTF-8 HTML. */
export const charsetPage = (body: string) => servedHtml(`<!doctype html><meta charset="utf-8">${body}`)
