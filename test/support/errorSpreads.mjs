/**
 * Finds every object spread (`{ ...x }`) or `Object.assign` source whose type is an Error, with the TypeScript
 * checker. Run as a child process by `test/unit/noErrorSpread.test.ts` (building a program blocks for seconds):
 * it checks `src/` and, in the same program, a small in-memory probe file with known spreads (to show the check can
 * fail). Prints `{ src, probe }`, each a list of `file:line: text`.
 */
import { resolve } from "node:path"
import ts from "typescript"

const ROOT = resolve(import.meta.dirname, "../..")

/** An Error-like type: some member of it carries `message` and `stack` (every Error, tagged or not). */
const isErrorType = (checker, type) =>
  (type.isUnion() ? type.types : [type]).some((t) => checker.getPropertyOfType(t, "message") !== undefined && checker.getPropertyOfType(t, "stack") !== undefined)

const errorSpreads = (program, within) => {
  const checker = program.getTypeChecker()
  const found = []
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !within(file.fileName)) continue
    const report = (node) => {
      if (!isErrorType(checker, checker.getTypeAtLocation(node))) return
      const { line } = file.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${file.fileName.slice(ROOT.length + 1)}:${line + 1}: ${node.parent.getText().slice(0, 80)}`)
    }
    const visit = (node) => {
      if (ts.isSpreadAssignment(node)) report(node.expression)
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.getText() === "Object.assign") {
        node.arguments.slice(1).forEach(report)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return found
}

const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(resolve(ROOT, "tsconfig.json"), ts.sys.readFile).config, ts.sys, ROOT)
const options = { ...parsed.options, noEmit: true }

const src = resolve(ROOT, "src")
const probe = resolve(ROOT, "src/__spreadProbe.ts")
const text = [
  `import { TimedOut, withFields } from "./schema/ToolError.js"`,
  `declare const anything: TimedOut`,
  `declare const plain: Error`,
  `export const a = new TimedOut({ ...anything, lastUrl: "x" })`,
  `export const b = { ...plain }`,
  `export const c = Object.assign({}, anything)`,
  `export const d = withFields(anything, { lastUrl: "x" })`,
  `export const e = { ...{ timeoutMs: anything.timeoutMs } }`
].join("\n")
const host = ts.createCompilerHost(options)
const read = host.getSourceFile.bind(host)
const exists = host.fileExists.bind(host)
host.getSourceFile = (name, version, ...rest) => (name === probe ? ts.createSourceFile(name, text, version, true) : read(name, version, ...rest))
host.fileExists = (name) => name === probe || exists(name)
const program = ts.createProgram({ rootNames: [...parsed.fileNames, probe], options, host })
console.log(JSON.stringify({ src: errorSpreads(program, (f) => f.startsWith(src) && f !== probe), probe: errorSpreads(program, (f) => f === probe) }))
