/**
 * The Security service: the contract against SecurityLive and FakeSecurity, then the live layer's own rules (the
 * policy re-read from the config files per call, secrets resolved once, sources that fail).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { describe, expect, it } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import { CONFIG_DIR } from "../../src/config/configPaths.js"
import { RedactorLive } from "../../src/layers/RedactorLive.js"
import { SecurityLive } from "../../src/layers/SecurityLive.js"
import { FakeSecurity } from "../../src/layers/test/FakeSecurity.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { STANDARD_POLICY } from "../../src/schema/SecurityPolicy.js"
import { Redactor } from "../../src/services/Redactor.js"
import { Security } from "../../src/services/Security.js"
import { securityContract } from "../support/contracts/securityContract.js"
import { suiteTempRoot, testConfig } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const home = join(temp.root, "home")
const project = join(temp.root, "project")
const counter = join(temp.root, "runs")
mkdirSync(project, { recursive: true })
const configFile = join(home, CONFIG_DIR, "config.json")
const writeConfig = (value: unknown) => {
  mkdirSync(join(configFile, ".."), { recursive: true })
  writeFileSync(configFile, JSON.stringify(value))
}
const ENV_VALUE = "env-Secret-Value-4821"
const COMMAND_VALUE = "cmd-Secret-Value-9917"
const secrets = {
  FROM_ENV: { value: "$APP_PASSWORD", origins: ["https://app.example"] },
  FROM_COMMAND: { value: `!echo run >> ${counter}; echo ${COMMAND_VALUE}`, origins: ["https://app.example"] },
  UNSET: { value: "${NOT_SET_ANYWHERE}", origins: ["https://app.example"] },
  FAILS: { value: `!echo ${COMMAND_VALUE}-partial; exit 3`, origins: ["https://app.example"] }
}
writeConfig({ security: { preset: "strict", uploadRoots: ["."] }, secrets })

const live = SecurityLive.pipe(
  Layer.provideMerge(RedactorLive),
  Layer.provideMerge(
    toolConfigLayer(testConfig(temp.root, { env: { HOME: home, APP_PASSWORD: ENV_VALUE, PATH: "/usr/bin:/bin" } }))
  )
)
const where = { cwd: project, projectTrusted: true }

describe("Security (live)", () => {
  it.layer(live)((it) => {
    it.effect("resolves the policy from the files on each call, with sources", () =>
      Effect.gen(function* () {
        const security = yield* Security
        const policy = yield* security.resolve(where)
        expect(policy.preset).toBe("strict")
        expect(policy.sources.preset).toBe(configFile)
        expect(policy.secrets.map((s) => s.name)).toEqual(["FROM_ENV", "FROM_COMMAND", "UNSET", "FAILS"])
        writeConfig({ security: { preset: "standard" }, secrets })
        expect((yield* security.resolve(where)).preset).toBe("standard")
        writeConfig({ security: { preset: "strict", uploadRoots: ["."] }, secrets })
      })
    )

    it.effect("a malformed block fails with InvalidInput naming the file and key", () =>
      Effect.gen(function* () {
        const security = yield* Security
        writeConfig({ security: { evl: "deny" }, secrets })
        const error = yield* Effect.flip(security.resolve(where))
        writeConfig({ security: { preset: "strict", uploadRoots: ["."] }, secrets })
        expect(error).toMatchObject({ _tag: "InvalidInput", field: "security" })
        expect(error.message).toBe(
          `${configFile}: security.evl: unknown key; fix the key or remove it; the policy is never guessed`
        )
      })
    )

    it.effect("resolves a secret once, learns it, and the Redactor scrubs it whole and in part afterwards", () =>
      Effect.gen(function* () {
        const security = yield* Security
        const redactor = yield* Redactor
        const policy = yield* security.resolve(where)
        expect(yield* security.secretValue(policy, "FROM_ENV")).toBe(ENV_VALUE)
        expect(yield* security.secretValue(policy, "FROM_COMMAND")).toBe(COMMAND_VALUE)
        expect(yield* security.secretValue(policy, "FROM_COMMAND")).toBe(COMMAND_VALUE)
        expect(readFileSync(counter, "utf8")).toBe("run\n")
        const scrubbed = yield* redactor.scrubText(
          `value=${ENV_VALUE} typed ${COMMAND_VALUE.slice(0, 9)} url ?p=${COMMAND_VALUE}`
        )
        expect(scrubbed).not.toContain(ENV_VALUE)
        expect(scrubbed).not.toContain(COMMAND_VALUE.slice(0, 9))
      })
    )

    it.effect(
      "an unknown name lists the configured names; an unresolvable source names the secret, never a value",
      () =>
        Effect.gen(function* () {
          const security = yield* Security
          const policy = yield* security.resolve(where)
          const unknown = yield* Effect.flip(security.secretValue(policy, "NOPE"))
          expect(unknown).toMatchObject({
            _tag: "InvalidInput",
            field: "secrets",
            message: 'unknown secret "NOPE": configured secrets are FROM_ENV, FROM_COMMAND, UNSET, FAILS'
          })
          const unset = yield* Effect.flip(security.secretValue(policy, "UNSET"))
          expect(unset.message).toBe(
            `secret "UNSET" (env source, defined in ${configFile}) could not be resolved: secret UNSET: environment variable NOT_SET_ANYWHERE is not set`
          )
          const fails = yield* Effect.flip(security.secretValue(policy, "FAILS"))
          expect(fails.message).toContain('secret "FAILS" (command source')
          for (const error of [unknown, unset, fails]) {
            const text = JSON.stringify({ ...error, message: error.message })
            expect(text).not.toContain(COMMAND_VALUE)
            expect(text).not.toContain(ENV_VALUE)
            expect(text).not.toContain("echo")
          }
        })
    )
  })
})

securityContract("SecurityLive over a config file", {
  layer: () => live,
  where,
  secret: { name: "FROM_ENV", value: ENV_VALUE }
})

const testPolicy = {
  ...STANDARD_POLICY,
  secrets: [{ name: "PW", value: "$X", origins: ["https://a.example"], source: "test" }]
}
securityContract("FakeSecurity", {
  layer: () => FakeSecurity.layer(testPolicy, { PW: "test-Secret-3310" }).pipe(Layer.provideMerge(RedactorLive)),
  where,
  secret: { name: "PW", value: "test-Secret-3310" }
})

// type-level facts, checked by `npm run typecheck`
describe("FakeSecurity", () => {
  it("stands in for SecurityLive: provides what it provides, needs and fails with nothing more", () => {
    type Canned = ReturnType<typeof FakeSecurity.layer>
    // a Layer is contravariant in what it provides: the canned layer fits wherever the live one is expected
    expectTypeOf<Canned>().toExtend<typeof SecurityLive>()
  })
})
