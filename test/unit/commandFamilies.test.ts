/**
 * The command family table (program/families/family.ts) against the steps it gates: for every upstream command in
 * several shapes, each run, guard and read step that may apply to the plan is one its family enters, in the order
 * the tool has always tried them. So a step a family leaves out is one that could not have applied.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Plan } from "../../src/domain/Plan.js"
import {
  familyOf,
  familyOfCommand,
  FAMILIES,
  guards,
  reads,
  RUN_ORDER,
  type RunStep
} from "../../src/program/families/family.js"
import { stepApplies } from "../../src/program/families/runPhase.js"
import { STANDARD_POLICY, STRICT_RULES } from "../../src/schema/SecurityPolicy.js"
import { afterCapture, afterRoute, captureCommand } from "../../src/session/captures.js"
import { artifactRequest } from "../../src/upstream/artifactPaths.js"
import { COMMAND_FLAGS } from "../../src/upstream/commandFlags.generated.js"
import { planOf } from "../support/conformance.js"
import { permissionsOf } from "../../src/upstream/commandPermissions.js"
import { isClose } from "../../src/upstream/commandPolicy.js"
import { inputCommandOf } from "../../src/compilers/inputCommand.js"

const COMMANDS = [...Object.keys(COMMAND_FLAGS.commands), "goto", "navigate", "key", "quit", "exit"].filter(
  (c) => c !== "mcp"
)
const SHAPES: ReadonlyArray<ReadonlyArray<string>> = [[], ["@e1"], ["@e1", "hello"], ["#go", "Enter"]]
const SPECIFIC: ReadonlyArray<ReadonlyArray<string>> = [
  ["click", "@e1", "--button", "right"],
  ["mouse", "down"],
  ["mouse", "click", "10", "20"],
  ["press", "Enter"],
  ["scroll", "down", "300"],
  ["get", "text", ".price"],
  ["get", "title"],
  ["find", "role", "button", "click", "--name", "Save"],
  ["find", "text", "Save", "click"],
  ["find", "label", "Email", "fill", "a@b.c"],
  ["snapshot", "-i"],
  ["snapshot", "-i", "-C"],
  ["snapshot", "--viewport"],
  ["screenshot", "--format", "webp", "/tmp/a.webp"],
  ["storage", "local", "remove", "k"],
  ["network", "routes"],
  ["network", "route", "**/api", "--abort"],
  ["network", "unroute", "**/api"],
  ["network", "request", "1", "--save", "/tmp/body.json"],
  ["network", "har", "start"],
  ["trace", "start"],
  ["record", "start", "/tmp/a.webm"],
  ["tab", "list"],
  ["select", "@e1", "a"],
  ["keyboard", "type", "hello"],
  ["open", "https://example.com"],
  ["set", "geo", "59.9", "10.7"],
  ["clipboard", "read"],
  ["clipboard", "write", "hello"],
  ["pdf", "/tmp/a.pdf"],
  ["download", "@e1", "/tmp/a.zip"],
  ["wait", "--download", "/tmp/a.zip"],
  ["state", "save", "/tmp/state.json"],
  ["diff", "screenshot", "--baseline", "/tmp/a.png", "-o", "/tmp/d.png"],
  ["trace", "stop", "/tmp/trace.zip"],
  ["profiler", "stop", "/tmp/p.json"],
  ["record", "stop"],
  ["network", "har", "stop", "/tmp/a.har"],
  ["dblclick", "@e1", "--modifiers", "Shift"],
  ["drop", "@e1", "--files", "/tmp/a.txt"]
]

const ALWAYS_ANSWER: ReadonlyArray<RunStep> = ["guarded", "input"]

const strict = (plan: Plan): Plan => ({ ...plan, security: { ...STANDARD_POLICY, rules: STRICT_RULES } })

const plans: ReadonlyArray<Plan> = [...COMMANDS.flatMap((c) => SHAPES.map((s) => [c, ...s])), ...SPECIFIC]
  .flatMap((args) => {
    try {
      return [planOf({ args: [...args] })]
    } catch {
      return []
    }
  })
  .flatMap((plan) => [plan, strict(plan)])

/** The conditions on which each gated guard and read step could do anything (its own first checks). */
const GUARD_AND_READ_CHECKS: ReadonlyArray<[string, (plan: Plan) => boolean]> = [
  ["attachedQa", (plan) => plan.compiled.mode === "qa"],
  ["resolveClick", (plan) => plan.line.positionals[0] === "find"],
  ["captures", (plan) => captureCommand(plan.line) !== undefined],
  [
    "routeBook",
    (plan) => plan.line.positionals[0] === "network" && ["route", "unroute"].includes(plan.line.positionals[1] ?? "")
  ],
  ["responseBody", (plan) => artifactRequest(plan.line)?.kind === "response-body"],
  ["routeFindings", (plan) => plan.line.positionals[0] === "network" && plan.line.positionals[1] === "requests"],
  ["screenshotFile", (plan) => plan.screenshotOptions !== undefined],
  ["selectCheck", (plan) => plan.line.positionals[0] === "select"],
  ["crashedTabs", (plan) => plan.line.command === "tab"],
  ["viewport", (plan) => plan.snapshotOptions?.viewport === true]
]

describe("command families", () => {
  it("covers many plans", () => {
    expect(plans.length).toBeGreaterThan(400)
  })

  it("each run step that may apply to a plan is one its family enters", () => {
    const missed = plans.flatMap((plan) => {
      const family = familyOf(plan)
      // guarded typing and tool-run input answer whenever they apply: no step after them is ever reached
      const last = RUN_ORDER.findIndex((step) => ALWAYS_ANSWER.includes(step) && stepApplies(step, plan))
      const reached = last < 0 ? RUN_ORDER : RUN_ORDER.slice(0, last + 1)
      return reached
        .filter((step) => stepApplies(step, plan) && !family.runs.includes(step))
        .map((step) => `${plan.args.join(" ")}: ${family.name} leaves out ${step}`)
    })
    expect(missed).toEqual([])
  })

  it("each guard and read step that may apply to a plan is one its family enters", () => {
    const missed = plans.flatMap((plan) => {
      const family = familyOf(plan)
      const entered: ReadonlyArray<string> = [...family.guards, ...family.reads]
      return GUARD_AND_READ_CHECKS.filter(([step, check]) => check(plan) && !entered.includes(step)).map(
        ([step]) => `${plan.args.join(" ")}: ${family.name} leaves out ${step}`
      )
    })
    expect(missed).toEqual([])
  })

  it("a command that needs a browser permission, or ends the grants (close), is run through the grant step", () => {
    const missed = plans
      .filter((plan) => permissionsOf(plan.line).length > 0 || isClose(plan.line))
      .filter((plan) => !familyOf(plan).grants)
      .map((plan) => `${plan.args.join(" ")}: ${familyOf(plan).name} does not grant`)
    expect(plans.filter((plan) => permissionsOf(plan.line).length > 0).length).toBeGreaterThanOrEqual(3)
    expect(missed).toEqual([])
  })

  it("a command that saves a file where the caller asked is one whose family plans and checks files", () => {
    const missed = plans
      .filter((plan) => artifactRequest(plan.line) !== undefined)
      .flatMap((plan) => [familyOf(plan), familyOfCommand(plan.line.command)])
      .filter((family) => !family.savesFiles)
      .map((family) => family.name)
    expect(plans.filter((plan) => artifactRequest(plan.line) !== undefined).length).toBeGreaterThanOrEqual(10)
    expect(missed).toEqual([])
  })

  it("a command the tool sends as its own input (a click with modifiers, drop, storage remove) is in a family that runs input", () => {
    const missed = plans
      .filter((plan) => inputCommandOf(plan.line.positionals) !== undefined)
      .filter((plan) => !familyOfCommand(plan.line.command).runs.includes("input"))
      .map((plan) => plan.args.join(" "))
    expect(missed).toEqual([])
  })

  it("a session's captures and route book change only in the families the record phase lets change them", () => {
    const none = new Set<never>()
    const routes = [{ pattern: "**/api", mode: "abort" as const }]
    const missed = plans.flatMap((plan) => {
      const family = familyOf(plan)
      const changes = afterCapture(plan.line, none) !== none || afterRoute(plan.line, routes) !== routes
      return changes && !(guards(family, "captures") || reads(family, "routeBook"))
        ? [`${plan.args.join(" ")}: ${family.name} would keep its captures and routes`]
        : []
    })
    expect(missed).toEqual([])
    expect(plans.some((plan) => afterCapture(plan.line, none) !== none)).toBe(true)
  })

  it("every family tries its run steps in the tool's one order, and names each command once", () => {
    for (const family of FAMILIES) {
      const order = family.runs.map((step: RunStep) => RUN_ORDER.indexOf(step))
      expect(order, family.name).toEqual([...order].sort((a, b) => a - b))
    }
    const commands = FAMILIES.flatMap((f) => f.commands)
    expect(commands.length).toBe(new Set(commands).size)
  })

  it("chooses the family once, over the plan", () => {
    const name = (args: ReadonlyArray<string>, plan = planOf({ args: [...args] })) => familyOf(plan).name
    expect(name(["click", "@e5"])).toBe("click-like")
    expect(name(["hover", "@e5"])).toBe("hovers")
    expect(name(["reload"])).toBe("reload")
    expect(name(["select", "@e1", "a"])).toBe("select")
    expect(name(["clipboard", "read"])).toBe("clipboard")
    expect(name(["find", "role", "button", "click", "--name", "Save"])).toBe("locators")
    expect(name(["open", "https://example.com"])).toBe("navigation")
    expect(name(["snapshot", "-i"])).toBe("snapshots")
    expect(name(["batch"], planOf({ args: ["batch"], stdin: '[["get","title"]]' }))).toBe("steps")
    expect(name(["fill", "@e1", "hello"], strict(planOf({ args: ["fill", "@e1", "hello"] })))).toBe("guarded-typing")
    expect(name(["fill", "@e1", "hello"])).toBe("typing")
    expect(name(["dashboard"])).toBe("plain")
  })
})
