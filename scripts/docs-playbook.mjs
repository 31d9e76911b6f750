// Rewrites the playbook region of docs/TOOL_CONTRACT.md from src/playbook.ts (the one source of model-facing
// text). test/unit/playbookDocs.test.ts fails when the checked-in docs drift from it.
import { build } from "esbuild"
import { readFileSync, writeFileSync } from "node:fs"

const out = await build({
  entryPoints: ["src/playbook.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  write: false
})
const { playbookMarkdown } = await import(
  `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`
)
const file = "docs/TOOL_CONTRACT.md"
const doc = readFileSync(file, "utf8")
const next = doc.replace(
  /(<!-- playbook:start[^>]*-->\n)[\s\S]*?(<!-- playbook:end -->)/,
  (_m, start, end) => `${start}${playbookMarkdown()}\n${end}`
)
writeFileSync(file, next)
console.log(next === doc ? "docs already match the playbook" : "docs updated from the playbook")
