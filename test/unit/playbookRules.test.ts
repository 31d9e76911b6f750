/**
 * G1 (#28, #29): the contract's operating rules a model needs on every turn are in the always-on guidelines, and
 * everything the tool adds to a turn stays within 5,000 characters with them (the rest is in the docs it names).
 */
import { describe, expect, it } from "vitest"
import { agentBrowserTool } from "../../src/pi/tool.js"

const ROOT = "/home/user/.npm-global/lib/node_modules/pi-agent-browser-effect"
const graph = {} as Parameters<typeof agentBrowserTool>[0]
const perTurn = (tool: ReturnType<typeof agentBrowserTool>) =>
  tool.description.length +
  JSON.stringify(tool.parameters).length +
  tool.promptSnippet.length +
  tool.promptGuidelines.join("\n").length

describe("G1: the always-on playbook carries the contract's operating rules", () => {
  const guidelines = agentBrowserTool(graph, ROOT).promptGuidelines.join("\n")

  it.each([
    ["eval scripts through stdin", `eval: args ["eval","--stdin"], script in stdin`],
    ["download, not a click, to save a file", "download <sel> <path> or wait --download <path>, not click"],
    // the model reads the text, not details: artifactVerification shows there as a failure, an Unverified or pending
    // note
    [
      "branch on artifact verification before reporting a file",
      "report one only when saved (no failure, no Unverified/pending note)"
    ],
    ["headed success is not visibility", "--headed success does not prove a visible window"],
    ["dialogs", "dialog accept|dismiss"],
    ["frames", "frame <sel> (back: frame main)"],
    ["nested scroll containers", "scroll <sel> <dir>, scrollintoview @eN"],
    ["native and custom selects", "select <sel> <value>; custom: click, snapshot -i, click option"],
    ["stop boundaries", "Do only what was asked (no unrequested submit/post/buy)"],
    ["no exploratory --help", "no exploratory --help"],
    ["configured secrets", "{{secret:NAME}}: a configured secret"],
    ["profile failures", "profile fails: profiles, doctor"],
    ["tab recovery", "Wrong tab: tab list, tab <id>"],
    ["readiness waits", "not ready: wait <sel>|--text <t>"]
  ])("%s", (_rule, words) => {
    expect(guidelines).toContain(words)
  })

  it("does not forbid a login the user asked for with a password they gave (no blanket password ban)", () => {
    expect(guidelines).toContain("a login the user asked for may use a password they gave")
    expect(guidelines).not.toMatch(/never type passwords/i)
  })

  it("everything the tool adds to a turn stays within 5,000 characters, with configured launch flags too", () => {
    expect(perTurn(agentBrowserTool(graph, ROOT))).toBeLessThanOrEqual(5000)
    expect(perTurn(agentBrowserTool(graph, ROOT, ["--profile", "Work"]))).toBeLessThanOrEqual(5000)
  })
})
