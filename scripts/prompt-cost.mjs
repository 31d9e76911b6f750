// Prints the per-turn cost of the tool: what pi sends the model on every turn (description, parameter schema,
// prompt snippet and guidelines), in characters.
import { build } from "esbuild"

const out = await build({
  entryPoints: ["src/pi/tool.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  write: false,
  external: ["@earendil-works/*"]
})
const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`)
// an install path of typical length (npm global prefix + package name): the docs guideline names it
const tool = mod.agentBrowserTool({}, "/home/user/.npm-global/lib/node_modules/pi-agent-browser-effect")
const parts = {
  description: tool.description.length,
  parameters: JSON.stringify(tool.parameters).length,
  promptSnippet: tool.promptSnippet.length,
  promptGuidelines: tool.promptGuidelines.join("\n").length
}
const total = Object.values(parts).reduce((a, b) => a + b, 0)
for (const [k, v] of Object.entries(parts)) console.log(`${k.padEnd(18)} ${String(v).padStart(6)} chars`)
console.log(`${"total per turn".padEnd(18)} ${String(total).padStart(6)} chars`)
