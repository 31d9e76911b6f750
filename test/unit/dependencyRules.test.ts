/**
 * The architecture as an executable rule: every `src/` module sits in one layer and imports only from layers below
 * it (or its own), and no import cycle exists. Imports are read with TypeScript's own pre-processor, so type-only
 * imports count too (a type from `program/` in a service is an upward dependency all the same).
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const SRC = resolve(import.meta.dirname, "../../src")

/** Layer of a module, by its first folder (or file name at the top). Lower layers know nothing of higher ones. */
const LAYERS: ReadonlyArray<{
  readonly name: string
  readonly members: ReadonlyArray<string>
  readonly mayImport: ReadonlyArray<string>
}> = [
  { name: "schema", members: ["schema", "domain", "playbook.ts", "webSearchPlaybook.ts"], mayImport: [] },
  {
    name: "lib",
    members: [
      "upstream",
      "redaction",
      "snapshot",
      "config",
      "compilers",
      "search",
      "electron",
      "session",
      "page",
      "security",
      "os"
    ],
    mayImport: ["schema"]
  },
  { name: "services", members: ["services"], mayImport: ["schema"] },
  { name: "presenters", members: ["presenters"], mayImport: ["schema", "lib"] },
  { name: "program", members: ["program"], mayImport: ["schema", "lib", "services", "presenters"] },
  { name: "layers", members: ["layers"], mayImport: ["schema", "lib", "services", "presenters", "program"] },
  {
    name: "pi",
    members: ["pi", "extension.ts", "effect.ts"],
    mayImport: ["schema", "lib", "services", "presenters", "program", "layers"]
  }
]

/**
 * Pure folders compute; they do not touch the machine. Only these lib folders may read files, spawn or connect:
 * `config` (config files, credential commands) and `os` (executables on PATH, process facts). Everything else that
 * does I/O is a layer (`layers/`, with its internals beside it) or a program step.
 */
const IO_FOLDERS: ReadonlyArray<string> = ["config", "os"]
const PURE_LAYERS: ReadonlyArray<string> = ["schema", "lib", "services", "presenters"]
const MACHINE_MODULES: ReadonlyArray<string> = ["fs", "fs/promises", "child_process", "net"].flatMap((m) => [
  m,
  `node:${m}`
])

const layerOf = (file: string): string => {
  const top = relative(SRC, file).split("/")[0] ?? ""
  const layer = LAYERS.find((l) => l.members.includes(top))
  if (layer === undefined) throw new Error(`${relative(SRC, file)} belongs to no layer: add its folder to LAYERS`)
  return layer.name
}

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : []
  })

const localImports = (file: string): ReadonlyArray<string> =>
  ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name.replace(/\.js$/, ".ts")))

const machineImports = (file: string): ReadonlyArray<string> =>
  ts
    .preProcessFile(readFileSync(file, "utf8"), true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => MACHINE_MODULES.includes(name))

/** `file imports module` for every pure module that imports a machine module. */
const impureImports = (imports: ReadonlyMap<string, ReadonlyArray<string>>): ReadonlyArray<string> =>
  [...imports].flatMap(([file, names]) => {
    const top = relative(SRC, file).split("/")[0] ?? ""
    const pure = PURE_LAYERS.includes(layerOf(file)) && !IO_FOLDERS.includes(top)
    return pure ? names.map((name) => `${relative(SRC, file)} imports ${name}`) : []
  })

type Graph = ReadonlyMap<string, ReadonlyArray<string>>

const upwardEdges = (graph: Graph): ReadonlyArray<string> =>
  [...graph].flatMap(([from, tos]) => {
    const own = layerOf(from)
    const allowed = new Set([own, ...(LAYERS.find((l) => l.name === own)?.mayImport ?? [])])
    return tos
      .filter((to) => graph.has(to) && !allowed.has(layerOf(to)))
      .map((to) => `${relative(SRC, from)} (${own}) -> ${relative(SRC, to)} (${layerOf(to)})`)
  })

const cyclesIn = (graph: Graph): ReadonlyArray<string> => {
  const cycles: Array<string> = []
  const state = new Map<string, "visiting" | "done">()
  const stack: Array<string> = []
  const visit = (file: string): void => {
    state.set(file, "visiting")
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (state.get(next) === "visiting")
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(SRC, f)).join(" -> "))
      else if (state.get(next) === undefined) visit(next)
    }
    stack.pop()
    state.set(file, "done")
  }
  for (const file of graph.keys()) if (state.get(file) === undefined) visit(file)
  return cycles
}

/** The folder a module belongs to for the folder graph: `program/call`, `presenters/text`, `page`, … */
const folderOf = (file: string): string =>
  dirname(relative(SRC, file)) === "." ? relative(SRC, file) : dirname(relative(SRC, file))

/** Folder pairs that lean on each other (a cycle between folders, though files may not cycle). */
const folderCycles = (graph: Graph): ReadonlyArray<string> => {
  const folders = new Map<string, Array<string>>()
  for (const [from, tos] of graph) {
    const edges = folders.get(join(SRC, folderOf(from))) ?? []
    for (const to of tos) if (graph.has(to) && folderOf(to) !== folderOf(from)) edges.push(join(SRC, folderOf(to)))
    folders.set(join(SRC, folderOf(from)), [...new Set(edges)])
  }
  return [...new Set(cyclesIn(folders))]
}

const files = sourceFiles(SRC)
const graph: Graph = new Map(files.map((f) => [f, localImports(f)]))

describe("dependency rules", () => {
  it("every import resolves to a source file", () => {
    const dangling = [...graph].flatMap(([from, tos]) =>
      tos.filter((to) => !graph.has(to)).map((to) => `${relative(SRC, from)} -> ${relative(SRC, to)}`)
    )
    expect(dangling).toEqual([])
  })

  it("no module imports from a layer above its own", () => {
    expect(upwardEdges(graph)).toEqual([])
  })

  it("the import graph has no cycle", () => {
    expect(cyclesIn(graph)).toEqual([])
  })

  it("no two folders lean on each other", () => {
    expect(folderCycles(graph)).toEqual([])
  })

  it("pure folders import no node:fs, node:child_process or node:net", () => {
    expect(impureImports(new Map(files.map((f) => [f, machineImports(f)])))).toEqual([])
  })

  it("the purity check reports a pure module that touches the machine, and allows the I/O folders", () => {
    const fake = new Map([
      [join(SRC, "page/probe.ts"), ["node:fs"]],
      [join(SRC, "presenters/text/view.ts"), ["child_process"]],
      [join(SRC, "config/fileConfig.ts"), ["node:fs"]],
      [join(SRC, "layers/X.ts"), ["node:net"]]
    ])
    expect(impureImports(fake)).toEqual([
      "page/probe.ts imports node:fs",
      "presenters/text/view.ts imports child_process"
    ])
  })

  it("the checks report an upward import and a cycle when there is one", () => {
    const a = join(SRC, "services/A.ts")
    const b = join(SRC, "program/B.ts")
    const fake: Graph = new Map([
      [a, [b]],
      [b, [a]]
    ])
    expect(upwardEdges(fake)).toEqual(["services/A.ts (services) -> program/B.ts (program)"])
    expect(cyclesIn(fake)).toEqual(["services/A.ts -> program/B.ts -> services/A.ts"])
  })
})
