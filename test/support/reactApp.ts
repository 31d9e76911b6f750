/**
 * A real React 19 app for the lookup tests: `fixtures/react-app/src` is copied into a temp workspace (the tool's
 * cwd in those tests), bundled there with esbuild and served on 127.0.0.1. An esbuild plugin stamps each lowercase
 * JSX element with `data-source-file`/`data-source-line` (what a dev-build source plugin does). The server answers
 * `/api/items` with 200 and `/api/broken-report` with 500. `close` stops the server and removes the folder.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { Socket } from "node:net"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { build, type Plugin } from "esbuild"
import { REPO } from "./liveEnv.js"

export interface ReactApp {
  /** The workspace folder holding `src/` (and decoy folders the scan must skip). */
  readonly workspace: string
  readonly origin: string
  readonly close: () => Promise<void>
}

/** Adds source attributes to every lowercase JSX opening tag, with the file relative to the workspace. */
const sourceAttributes = (workspace: string): Plugin => ({
  name: "source-attributes",
  setup(b) {
    b.onLoad({ filter: /\.tsx$/ }, (args) => {
      const file = relative(workspace, args.path)
      const lines = readFileSync(args.path, "utf8").split("\n")
      const contents = lines
        .map((line, i) =>
          line.replace(
            /(?<![\w.])<([a-z][a-z0-9]*)(?=[\s>])/g,
            `<$1 data-source-file="${file}" data-source-line="${i + 1}"`
          )
        )
        .join("\n")
      return { contents, loader: "tsx" }
    })
  }
})

const PAGE = `<!doctype html><html><head><title>Lookup demo</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>`

export const startReactApp = async (): Promise<ReactApp> => {
  const workspace = mkdtempSync(join(tmpdir(), "piab-react-"))
  cpSync(join(REPO, "fixtures/react-app/src"), join(workspace, "src"), { recursive: true })
  // decoys the bounded scan must never read: a declaration and the failing URL in skipped folders
  for (const skipped of ["node_modules/lib", "dist", ".git"]) {
    mkdirSync(join(workspace, skipped), { recursive: true })
    writeFileSync(
      join(workspace, skipped, "Decoy.tsx"),
      "export function SaveButton() { return fetch('/api/broken-report') }\n"
    )
  }
  const out = join(workspace, "public")
  await build({
    entryPoints: [join(workspace, "src/main.tsx")],
    bundle: true,
    outfile: join(out, "app.js"),
    jsx: "automatic",
    jsxDev: true,
    define: { "process.env.NODE_ENV": '"development"' },
    nodePaths: [join(REPO, "node_modules")],
    plugins: [sourceAttributes(workspace)],
    logLevel: "silent"
  })
  const script = readFileSync(join(out, "app.js"))
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname
    if (path === "/app.js") return res.writeHead(200, { "content-type": "text/javascript" }).end(script)
    if (path === "/api/items")
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(["alpha", "beta"]))
    if (path === "/api/broken-report")
      return res.writeHead(500, { "content-type": "application/json" }).end('{"error":"boom"}')
    if (path === "/" || path === "/index.html") return res.writeHead(200, { "content-type": "text/html" }).end(PAGE)
    return res.writeHead(404).end()
  })
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    workspace,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(workspace, { recursive: true, force: true })
    }
  }
}
