/** The security policy from the config layers: presets, per-rule overrides and their sources, secrets left unresolved. */
import { existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { CONFIG_DIR, configPaths } from "../../src/config/configPaths.js"
import { normalizeOrigin, resolveSecurityConfig, SECURITY_PRESET_ENV } from "../../src/config/securityConfig.js"
import { STANDARD_POLICY, STRICT_RULES } from "../../src/schema/SecurityPolicy.js"
import { suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

let count = 0
/** A fresh HOME / project / override trio; each config written only when given. */
const world = (files: { global?: unknown; project?: unknown; override?: unknown }) => {
  const dir = join(temp.root, `w${count++}`)
  const home = join(dir, "home")
  const project = join(dir, "project")
  mkdirSync(home, { recursive: true })
  mkdirSync(project, { recursive: true })
  const write = (path: string, value: unknown) => {
    mkdirSync(join(path, ".."), { recursive: true })
    writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value))
    return path
  }
  const global =
    files.global !== undefined
      ? write(join(home, CONFIG_DIR, "config.json"), files.global)
      : join(home, CONFIG_DIR, "config.json")
  const local =
    files.project !== undefined
      ? write(join(project, CONFIG_DIR, "config.json"), files.project)
      : join(project, CONFIG_DIR, "config.json")
  const override = files.override !== undefined ? write(join(dir, "override.json"), files.override) : undefined
  const env: Record<string, string> = {
    HOME: home,
    ...(override !== undefined ? { PI_AGENT_BROWSER_CONFIG: override } : {})
  }
  const resolve = (extraEnv: Record<string, string> = {}, trusted = true) => {
    const all = { ...env, ...extraEnv }
    return resolveSecurityConfig({ paths: configPaths(all, project, trusted), env: all, cwd: project })
  }
  return { dir, home, project, global, local, override, resolve }
}

describe("security config", () => {
  it("defaults to standard, every source `default`, when no file says anything; uploads stay in the call's folder", () => {
    const w = world({ global: { browser: { profile: "Work" } } })
    expect(w.resolve()).toEqual({
      policy: { ...STANDARD_POLICY, rules: { ...STANDARD_POLICY.rules, uploadRoots: [realpathSync(w.project)] } },
      problems: []
    })
  })

  it("a preset sets every rule with its file as source; later explicit keys override one by one", () => {
    const w = world({
      global: { security: { preset: "strict" } },
      project: { security: { eval: "allow" } },
      override: { security: { blockedSchemes: ["FILE:", "data", "file"] } }
    })
    const { policy, problems } = w.resolve()
    expect(problems).toEqual([])
    expect(policy.preset).toBe("strict")
    expect(policy.rules).toEqual({
      ...STRICT_RULES,
      eval: "allow",
      blockedSchemes: ["file", "data"],
      uploadRoots: [realpathSync(w.project)]
    })
    expect(policy.sources).toEqual({
      preset: w.global,
      passwordFields: w.global,
      uploadRoots: w.global,
      contentBoundaries: w.global,
      eval: w.local,
      blockedSchemes: w.override
    })
    // the untrusted project is not a layer
    expect(w.resolve({}, false).policy.rules.eval).toBe("deny")
  })

  it("a later preset resets every rule an earlier layer set", () => {
    const w = world({
      global: { security: { preset: "strict", eval: "allow" } },
      override: { security: { preset: "standard", contentBoundaries: true } }
    })
    const { policy } = w.resolve()
    expect(policy.preset).toBe("standard")
    expect(policy.rules).toEqual({
      ...STANDARD_POLICY.rules,
      contentBoundaries: true,
      uploadRoots: [realpathSync(w.project)]
    })
    expect(policy.sources.eval).toBe(w.override)
  })

  it("PI_AGENT_BROWSER_SECURITY_PRESET applies as the last layer; a bad value is a problem", () => {
    const w = world({ global: { security: { preset: "strict" } } })
    const standard = w.resolve({ [SECURITY_PRESET_ENV]: "standard" })
    expect(standard.policy.rules).toEqual({ ...STANDARD_POLICY.rules, uploadRoots: [realpathSync(w.project)] })
    expect(Object.values(standard.policy.sources)).toEqual(Array(6).fill(SECURITY_PRESET_ENV))
    const strict = world({}).resolve({ [SECURITY_PRESET_ENV]: "strict" })
    expect(strict.policy.preset).toBe("strict")
    expect(strict.policy.sources.eval).toBe(SECURITY_PRESET_ENV)
    expect(w.resolve({ [SECURITY_PRESET_ENV]: "lax" }).problems).toEqual([
      `${SECURITY_PRESET_ENV}: expected "standard" or "strict", got "lax"`
    ])
  })

  it("strict upload roots default to the call's folder; relative and ~ roots resolve to real absolute paths", () => {
    const w = world({ project: { security: { uploadRoots: ["fixtures", "~/uploads", "link"] } } })
    mkdirSync(join(w.project, "fixtures"))
    mkdirSync(join(w.home, "uploads"))
    mkdirSync(join(w.dir, "elsewhere"))
    symlinkSync(join(w.dir, "elsewhere"), join(w.project, "link"))
    expect(world({}).resolve({ [SECURITY_PRESET_ENV]: "strict" }).policy.rules.uploadRoots).toHaveLength(1)
    const { policy, problems } = w.resolve()
    expect(problems).toEqual([])
    expect(policy.rules.uploadRoots).toEqual([
      join(realpathSync(w.project), "fixtures"),
      join(realpathSync(w.home), "uploads"),
      realpathSync(join(w.dir, "elsewhere"))
    ])
  })

  it("a missing upload root is a problem naming the file and the folder", () => {
    const w = world({ global: { security: { uploadRoots: ["no-such-folder"] } } })
    expect(w.resolve().problems).toEqual([
      `${w.global}: security.uploadRoots: "no-such-folder" (${join(w.project, "no-such-folder")}) does not exist`
    ])
  })

  it("typos and wrong values are problems naming the file and key, never a silent default", () => {
    const w = world({
      global: { security: { evl: "deny", eval: "yes", blockedSchemes: ["fi le"], contentBoundaries: 1 } },
      override: { security: "strict" }
    })
    const { policy, problems } = w.resolve()
    expect(problems).toEqual([
      `${w.global}: security.evl: unknown key`,
      `${w.global}: security.blockedSchemes[0]: a URL scheme such as "file" or "data:"`,
      `${w.global}: security.eval: expected "allow" or "deny", got "yes"`,
      `${w.global}: security.contentBoundaries: expected boolean, got 1`,
      `${w.override}: security: expected an object`
    ])
    expect(policy.sources.eval).toBe("default")
  })

  it("a config file that is not JSON is a problem (its security settings are unknown)", () => {
    const w = world({ global: "{ not json" })
    expect(w.resolve().problems[0]).toMatch(new RegExp(`^${w.global}: not JSON`))
  })

  it("secrets merge by name across layers, later wins, with normalized origins and their defining file", () => {
    const w = world({
      global: {
        secrets: {
          LOGIN: { value: "$LOGIN_PW", origins: ["https://old.example"] },
          API: { value: "literal-token", origins: ["HTTP://Api.Example:80"] }
        }
      },
      project: {
        secrets: {
          LOGIN: {
            value: "!pass show app",
            origins: ["https://App.Example.com:443", "https://app.example.com", "http://localhost:8080"]
          }
        }
      }
    })
    const { policy, problems } = w.resolve()
    expect(problems).toEqual([])
    expect(policy.secrets).toEqual([
      {
        name: "LOGIN",
        value: "!pass show app",
        origins: ["https://app.example.com", "http://localhost:8080"],
        source: w.local
      },
      { name: "API", value: "literal-token", origins: ["http://api.example"], source: w.global }
    ])
    expect(normalizeOrigin("file:///etc")).toBeUndefined()
  })

  it("bad secret names, origins and entry keys are problems naming the key path", () => {
    const w = world({
      global: {
        secrets: {
          "1bad": { value: "x", origins: ["https://a.example"] },
          PW: { value: "x", orgins: ["https://a.example"] },
          TOKEN: { value: "x", origins: ["https://a.example/login", "data://x"] }
        }
      }
    })
    const problems = w.resolve().problems
    expect(problems).toContain(`${w.global}: secrets.1bad: not a secret name (a letter, then letters, digits, _ or -)`)
    expect(problems).toContain(`${w.global}: secrets.PW.orgins: unknown key`)
    expect(problems).toContain(`${w.global}: secrets.PW.origins: missing`)
    expect(problems.find((p) => p.startsWith(`${w.global}: secrets.TOKEN.origins[0]: an origin such as`))).toBeDefined()
    const odd = world({ global: { secrets: { TOKEN: { value: "x", origins: ["javascript://x"] } } } })
    expect(odd.resolve().problems).toEqual([
      `${odd.global}: secrets.TOKEN.origins[0]: "javascript://x" is not an origin (scheme://host[:port])`
    ])
  })

  it("never resolves a secret at load: a !command source does not run, an env source is not read", () => {
    const marker = join(temp.root, "command-ran")
    const w = world({
      global: {
        secrets: {
          PW: { value: `!touch ${marker}; echo s3cret-value`, origins: ["https://a.example"] },
          ENV: { value: "$SECRET_PW", origins: ["https://a.example"] }
        }
      }
    })
    const { policy } = w.resolve({ SECRET_PW: "from-env-value" })
    expect(existsSync(marker)).toBe(false)
    expect(policy.secrets.map((s) => s.value)).toEqual([`!touch ${marker}; echo s3cret-value`, "$SECRET_PW"])
    expect(JSON.stringify(policy)).not.toContain("from-env-value")
  })
})
