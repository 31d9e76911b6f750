/** Pages a test serves from its live world (liveWorld's `files`: path → [body, content type]). */

/** A page's body in a whole document (`<title>t</title>`), served as UTF-8 HTML. */
export const htmlPage = (body: string) =>
  [`<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`, "text/html; charset=utf-8"] as const
