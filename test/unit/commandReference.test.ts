/**
 * Drift check for docs/COMMAND_REFERENCE.md (fix: npm run docs:commands). Samples the installed agent-browser through
 * help calls only (local, sessionless, no browser; private socket dir, removed): the committed reference must come from
 * the same upstream version and list exactly the commands the binary's help lists, and every command or launch flag the
 * tool's own policy names must exist upstream.
 */
import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { beforeAll } from "vitest"
import {
  generated,
  overviewCommands,
  parseOverview,
  policyCommandNames,
  policySubcommandNames,
  readPolicySource,
  readReferenceIndex,
  REFERENCE_PATH,
  titleOf,
  versionOf,
  withHelp
} from "../../scripts/command-reference.mjs"
import { flagFormsOf } from "../../scripts/lib/commandFlags.mjs"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { LAUNCH_FLAGS } from "../../src/upstream/commandLine.js"
import { ELEMENT_COMMANDS } from "../../src/upstream/commandPolicy.js"

const STALE = "docs/COMMAND_REFERENCE.md does not match the installed agent-browser: run npm run docs:commands"
/** Overview commands whose own `--help` page is sampled too. */
const HANDFUL = ["batch", "eval", "network", "snapshot", "tab"]

const doc = readFileSync(REFERENCE_PATH, "utf8")
const reference = readReferenceIndex(doc)
const known = new Set([...reference.commands, ...reference.aliases.map((a) => a.alias)])

interface Sample {
  readonly version: string
  readonly overview: ReadonlyArray<string>
  /** The sampled commands' flags, read from their own help pages as the generator reads them. */
  readonly flags: ReadonlyMap<string, Readonly<Record<string, string>>>
  /** `<word> --help` → the command its own help page names (undefined: upstream printed the overview instead). */
  readonly pageOf: ReadonlyMap<string, string | undefined>
}

let sample: Sample
beforeAll(() => {
  sample = withHelp((help) => ({
    version: versionOf(help(["--version"])),
    overview: overviewCommands(parseOverview(help(["--help"]))),
    flags: new Map(HANDFUL.map((command) => [command, Object.fromEntries(flagFormsOf(help([command, "--help"])))])),
    pageOf: new Map(
      [...new Set([...reference.extra, ...reference.aliases.map((a) => a.alias), ...HANDFUL])].map((word) => [
        word,
        titleOf(help([word, "--help"]))?.command
      ])
    )
  }))
})

describe("command reference drift", () => {
  it("was generated from the installed agent-browser version", () => {
    expect(reference.version, STALE).toBe(sample.version)
  })

  it("lists exactly the commands the binary's help lists", () => {
    const stillOwnPages = reference.extra.filter((c) => sample.pageOf.get(c) === c)
    expect(reference.extra.length).toBeGreaterThan(0)
    const upstream = [...new Set([...sample.overview, ...stillOwnPages])].sort()
    const drift = {
      missingFromReference: upstream.filter((c) => !reference.commands.includes(c)),
      notUpstream: reference.commands.filter((c) => !upstream.includes(c))
    }
    expect(drift, STALE).toEqual({ missingFromReference: [], notUpstream: [] })
    expect(reference.commands, STALE).toEqual(upstream)
  })

  it("sampled commands keep their own help page and aliases resolve as recorded", () => {
    for (const command of HANDFUL) {
      expect(reference.commands, STALE).toContain(command)
      expect(sample.pageOf.get(command), `${command} --help: ${STALE}`).toBe(command)
    }
    expect(reference.aliases.length).toBeGreaterThan(0)
    for (const { alias, command } of reference.aliases)
      expect(sample.pageOf.get(alias), `${alias} --help: ${STALE}`).toBe(command)
  })

  it("the flag table the tool checks caller flags against comes from the same binary (fix: npm run docs:commands)", () => {
    expect(COMMAND_FLAGS.version, STALE).toBe(sample.version)
    for (const command of HANDFUL.filter((c) => c !== "snapshot"))
      expect(COMMAND_FLAGS.commands[command], `${command}: ${STALE}`).toEqual(sample.flags.get(command))
    // snapshot's page plus the overview's Snapshot Options group
    expect(COMMAND_FLAGS.commands["snapshot"], STALE).toMatchObject(sample.flags.get("snapshot") ?? {})
    expect(Object.keys(COMMAND_FLAGS.global)).toEqual(expect.arrayContaining([...LAUNCH_FLAGS]))
  })

  it("is the generator's output, notes included (a hand edit is lost on the next npm run docs:commands)", () => {
    expect(doc, STALE).toBe(generated().doc)
  })

  it("stays compact enough to read on demand", () => {
    expect(Buffer.byteLength(doc)).toBeLessThan(25_000)
  })
})

describe("wrapper policy names only upstream commands", () => {
  it("every command src/upstream/commandPolicy.ts and commandEffects.ts name is in the reference (as a command or alias)", () => {
    const named = (policy: ReadonlyArray<string>) => policy.filter((c) => !known.has(c))
    const policy = policyCommandNames(readPolicySource())
    // the scan sees every table: the exported one, the local commands, the subcommand families, the close aliases
    for (const c of [...ELEMENT_COMMANDS, "profiles", "webmcp", "quit"]) expect(policy).toContain(c)
    expect(named(policy)).toEqual([])
    expect(named([...ELEMENT_COMMANDS])).toEqual([])
  })

  it("every subcommand src/upstream/commandPolicy.ts and commandEffects.ts name is one its command's help lists", () => {
    const named = policySubcommandNames(readPolicySource())
    expect(named["get"]).toContain("styles")
    const unknown = Object.entries(named).flatMap(([command, subs]) =>
      subs.filter((s) => !(reference.subcommands[command] ?? []).includes(s)).map((s) => `${command} ${s}`)
    )
    expect(unknown).toEqual([])
  })

  it("every launch flag the tool freezes per session is an upstream flag", () => {
    expect([...LAUNCH_FLAGS].filter((f) => !reference.globalFlags.includes(f))).toEqual([])
  })
})
