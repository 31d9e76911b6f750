// The widget-libs fixture (fixtures/widget-libs): pages built on third-party widget libraries from npm, served
// offline on 127.0.0.1. The TypeScript entries are bundled with esbuild into a temp folder (each with its CSS); TinyMCE,
// Swagger UI and Shoelace's assets are served from node_modules as published. `/api/pets?limit=N` answers JSON and
// is recorded in `requests` (what the page really asked the server). close() stops the server, removes the folder.
import { createServer } from "node:http"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { extname, join, normalize } from "node:path"
import { build } from "esbuild"
import { REPO } from "./runPi.mjs"

const APP = join(REPO, "fixtures/widget-libs")
const MODULES = join(REPO, "node_modules")
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff": "font/woff",
  ".woff2": "font/woff2"
}
/** Published packages served as they are, by URL prefix. */
const MOUNTS = {
  "/tinymce/": join(MODULES, "tinymce"),
  "/swagger/": join(MODULES, "swagger-ui-dist"),
  "/shoelace/": join(MODULES, "@shoelace-style/shoelace/dist")
}
const PETS = ["Rex", "Tom", "Bella", "Milo", "Luna", "Coco"].map((name, i) => ({ id: i + 1, name }))

/**
 * How long after the tool answered an action's effect may take to show (far less than a model's next turn): a render
 * the action scheduled (a panel that builds its body a frame after the click) may land a few ms after the answer.
 * The widget suite and bench:widgets judge an action by the page within it.
 */
export const EFFECT_WINDOW_MS = 500

/** Words of the tool's warnings: after an action whose effect is there, none may appear (the widget suite and bench:widgets). */
export const WARNINGS =
  /Fill check|holds \d+ character|Combobox diagnostic|did not open|Click dispatch diagnostic|not verifiable|still changing/

export async function startWidgetLibs({ tmpPrefix = "piab-widgetlibs-" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), tmpPrefix))
  const entries = Object.fromEntries(
    readdirSync(join(APP, "src"))
      .filter((f) => f.endsWith(".ts"))
      .map((f) => [f.slice(0, -3), join(APP, "src", f)])
  )
  try {
    await build({
      entryPoints: entries,
      bundle: true,
      outdir: dir,
      minify: true,
      format: "iife",
      loader: { ".svg": "dataurl", ".woff": "dataurl", ".woff2": "dataurl" },
      define: { "process.env.NODE_ENV": '"production"' },
      nodePaths: [MODULES],
      logLevel: "silent"
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const requests = []
  const sockets = new Set()
  const fileFor = (pathname) => {
    const mount = Object.keys(MOUNTS).find((prefix) => pathname.startsWith(prefix))
    if (mount !== undefined) return [MOUNTS[mount], pathname.slice(mount.length)]
    if (pathname.endsWith(".html")) return [join(APP, "pages"), pathname.slice(1)]
    return [dir, pathname.slice(1)]
  }
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    if (url.pathname === "/api/pets") {
      requests.push(`${req.method} ${url.pathname}${url.search}`)
      const limit = Number(url.searchParams.get("limit") ?? PETS.length)
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(PETS.slice(0, limit)))
    }
    const [root, rest] = fileFor(url.pathname)
    const path = normalize(join(root, decodeURIComponent(rest)))
    if (!path.startsWith(normalize(root))) return res.writeHead(403).end()
    try {
      const body = await readFile(path)
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" }).end(body)
    } catch {
      res.writeHead(404, { "content-type": "text/html" }).end("<title>Not found</title><h1>Not found</h1>")
    }
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(() => resolve()))
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
