// The ui-apps fixture (fixtures/ui-apps): its TSX pages bundled with esbuild into a temp folder and served on
// 127.0.0.1, with every other path falling through to fixtures/site (the challenge pages live there).
// close() stops the server and removes the folder.
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { build } from "esbuild"
import { REPO } from "./runPi.mjs"
import { startStaticServer } from "./staticServer.mjs"

const APP = join(REPO, "fixtures/ui-apps")
const SITE = join(REPO, "fixtures/site")
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".png": "image/png" }

const page = (title, styles, script) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  styles.map((s) => `<link rel="stylesheet" href="${s}">`).join("") +
  `</head><body><div id="root"></div><script src="${script}"></script></body></html>`

export async function startUiApps({ tmpPrefix = "piab-uiapps-" } = {}) {
  const dir = mkdtempSync(join(tmpdir(), tmpPrefix))
  try {
    await build({
      entryPoints: { todo: join(APP, "src/todo.tsx"), widgets: join(APP, "src/widgets.tsx") },
      bundle: true,
      outdir: dir,
      jsx: "automatic",
      minify: true,
      define: { "process.env.NODE_ENV": '"production"' },
      nodePaths: [join(REPO, "node_modules")],
      logLevel: "silent"
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const files = {
    "/todo.html": [page("TodoMVC: React", ["/todo.css"], "/todo.js"), TYPES[".html"]],
    "/widgets.html": [page("Widget demo", ["/react-datepicker.css", "/widgets.css"], "/widgets.js"), TYPES[".html"]],
    "/todo.js": [readFileSync(join(dir, "todo.js")), TYPES[".js"]],
    "/widgets.js": [readFileSync(join(dir, "widgets.js")), TYPES[".js"]],
    "/todo.css": [readFileSync(join(APP, "src/todo.css")), TYPES[".css"]],
    "/widgets.css": [readFileSync(join(APP, "src/widgets.css")), TYPES[".css"]],
    "/react-datepicker.css": [
      readFileSync(join(REPO, "node_modules/react-datepicker/dist/react-datepicker.css")),
      TYPES[".css"]
    ]
  }
  const server = await startStaticServer(SITE, { files })
  return {
    origin: server.origin,
    close: async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
