// The loopback server of bench:cases. Each case's pages live under /c/<run>/<case id>/ (run: "tool" or "cli", so the
// two runs of one case never share a log); every page gets a `log(type, data)` helper that posts the page's own events
// to <base>log with sendBeacon, and every request is recorded, so a case reads what the page really did and what
// reached the server, outside the tool's words. close() ends every open socket.
import { createServer } from "node:http"

// served as a file, so no page text (a text search, a snapshot) ever sees the helper's words
const logJs = (base) =>
  `window.log=(t,d)=>{try{navigator.sendBeacon(${JSON.stringify(`${base}log`)},` +
  "JSON.stringify({type:t,...(d||{})}))}catch(e){}}"
const logScript = (base) => `<script src="${base}log.js"></script>`

/** A case file: an HTML string, { status, type, body, html, json, headers, delayMs, hang }, or a function of one. */
const respond = async (res, spec, base, req) => {
  const s = typeof spec === "function" ? await spec(req) : spec
  if (typeof s === "string") return respond(res, { html: s }, base, req)
  if (s.hang) return undefined
  if (s.delayMs) await new Promise((r) => setTimeout(r, s.delayMs))
  const html = s.html !== undefined ? `<!doctype html><meta charset="utf-8">${logScript(base)}${s.html}` : undefined
  const body = html ?? (s.json !== undefined ? JSON.stringify(s.json) : (s.body ?? ""))
  const fallback = s.json !== undefined ? "application/json" : "text/plain"
  const type = s.type ?? (html !== undefined ? "text/html; charset=utf-8" : fallback)
  res.writeHead(s.status ?? 200, { "content-type": type, "cache-control": "no-store", ...(s.headers ?? {}) })
  res.end(body)
}

/** `cases`: id → case ({ page, files }). Returns origin, per-run logs/requests and close(). */
export async function startCaseServer(cases) {
  // a case's URL carries an opaque slug, not its id: no word of an id ("click", "crash") reaches a text through a URL
  const slugOf = new Map(cases.map((c, i) => [c.id, `k${i}`]))
  const bySlug = new Map(cases.map((c, i) => [`k${i}`, c]))
  const events = new Map()
  const requests = new Map()
  const sockets = new Set()
  const push = (map, key, value) => {
    if (!map.has(key)) map.set(key, [])
    map.get(key).push(value)
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const m = /^\/c\/(tool|cli)\/([^/]+)\/(.*)$/.exec(url.pathname)
    // the origin's root is a plain page, as on a real site (state load visits origins at their root)
    const html = { "content-type": "text/html" }
    if (url.pathname === "/") return void res.writeHead(200, html).end("<title>Case server</title><p>root</p>")
    if (m === null) return void res.writeHead(404).end()
    const [, run, slug, sub] = m
    const kase = bySlug.get(slug)
    const key = `${run}/${kase?.id}`
    const base = `/c/${run}/${slug}/`
    if (sub === "log.js") return void res.writeHead(200, { "content-type": "text/javascript" }).end(logJs(base))
    if (sub === "log" && req.method === "POST") {
      let body = ""
      req.on("data", (d) => (body += d))
      req.on("end", () => {
        try {
          push(events, key, { ...JSON.parse(body), ms: Date.now() })
        } catch {
          /* a malformed beacon is dropped */
        }
        res.writeHead(204).end()
      })
      return
    }
    let body = ""
    req.on("data", (d) => (body += d))
    req.on("end", () => {
      push(requests, key, { method: req.method, path: sub, headers: req.headers, body, ms: Date.now() })
      const spec = kase === undefined ? undefined : sub === "" ? kase.page : kase.files?.[sub]
      if (spec === undefined) return void res.writeHead(404, html).end("<title>Not found</title>")
      respond(res, spec, base, req).catch(() => res.destroy())
    })
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  return {
    origin,
    base: (run, id) => `${origin}/c/${run}/${slugOf.get(id)}/`,
    events: (run, id) => events.get(`${run}/${id}`) ?? [],
    requests: (run, id) => requests.get(`${run}/${id}`) ?? [],
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
