/** The files agent-browser reads when it starts (its config discovery), which a process started ahead has read early. */
import { describe, expect, it } from "vitest"
import { startupFiles } from "../../src/upstream/sessionFiles.js"

/** A lookup over a plain environment record. */
const envOf =
  (env: Record<string, string>) =>
  (name: string): string | undefined =>
    env[name]

describe("startupFiles", () => {
  it("the user's then the project's config by default; --config or AGENT_BROWSER_CONFIG alone otherwise", () => {
    expect(startupFiles(["--json", "batch"], envOf({}), "/p", "/h")).toEqual([
      "/h/.agent-browser/config.json",
      "/p/agent-browser.json"
    ])
    expect(
      startupFiles(["--config", "ab.json", "batch"], envOf({ AGENT_BROWSER_CONFIG: "/x.json" }), "/p", "/h")
    ).toEqual(["/p/ab.json"])
    expect(startupFiles(["--config=/etc/ab.json"], envOf({}), "/p", "/h")).toEqual(["/etc/ab.json"])
    expect(startupFiles(["batch"], envOf({ AGENT_BROWSER_CONFIG: "/x.json" }), "/p", "/h")).toEqual(["/x.json"])
  })
})
