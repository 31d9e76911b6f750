// A loopback static file server for the demo, the tests and the benchmarks. `/hang` accepts and never answers
// (to exercise watchdogs); `/download/<name>` serves an attachment; any address with `delay=<ms>` in its query
// answers that much later (at most 10 s: a slow server). close() ends every open socket.
import { createServer } from "node:http"
import { readFile } from "node:fs/promises"
import { extname, join, normalize } from "node:path"

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".png": "image/png",
  ".txt": "text/plain; charset=utf-8"
}

/** `files`: in-memory pages served before `root` (path → [body, content type]); `mounts`: path prefix → another folder. */
export async function startStaticServer(root, { charsets = {}, files = {}, mounts = {} } = {}) {
  const sockets = new Set()
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    if (url.pathname === "/hang") return // never answers
    const delay = Math.min(Number(url.searchParams.get("delay") ?? 0) || 0, 10_000)
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
    const known = files[url.pathname]
    if (known !== undefined) return res.writeHead(200, { "content-type": known[1] }).end(known[0])
    if (url.pathname.startsWith("/download/")) {
      res.writeHead(200, {
        "content-type": "text/plain",
        "content-disposition": `attachment; filename="${url.pathname.slice(10) || "file.txt"}"`
      })
      return res.end("downloaded content\n")
    }
    const mount = Object.entries(mounts).find(([prefix]) => url.pathname.startsWith(prefix))
    const base = mount !== undefined ? mount[1] : root
    const rest = mount !== undefined ? `/${url.pathname.slice(mount[0].length)}` : url.pathname
    const path = normalize(join(base, decodeURIComponent(rest === "/" ? "/index.html" : rest)))
    if (!path.startsWith(normalize(base))) {
      res.writeHead(403)
      return res.end()
    }
    try {
      const body = await readFile(path)
      const type = TYPES[extname(path)] ?? "application/octet-stream"
      const charset = Object.entries(charsets).find(([prefix]) => url.pathname.startsWith(prefix))?.[1]
      res.writeHead(200, { "content-type": charset ? type.replace(/charset=[^;]+/, `charset=${charset}`) : type })
      res.end(body)
    } catch {
      res.writeHead(404, { "content-type": "text/html" })
      res.end("<title>Not found</title><h1>Not found</h1>")
    }
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address()
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}
