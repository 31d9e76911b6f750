// `npm run shape`: the code's shape against the limits in docs/ARCHITECTURE.md (hand-written src/ files at most 300
// lines, functions under 80 lines, lines at most 120 characters). Prints each breach; `--json` prints the counts.
import { readFileSync, readdirSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import ts from "typescript"

export const LIMITS = { fileLines: 300, functionLines: 80, lineChars: 120 }
const GENERATED = /\.generated\.ts$/

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : path.endsWith(".ts") && !GENERATED.test(path) ? [path] : []
  })

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node)

const nameOf = (node) => {
  if (node.name !== undefined) return node.name.getText()
  const parent = node.parent
  if (parent !== undefined && ts.isVariableDeclaration(parent)) return parent.name.getText()
  if (parent !== undefined && ts.isPropertyAssignment(parent)) return parent.name.getText()
  return "(anonymous)"
}

/** Functions of `functionLines` or more lines, outermost first. */
const longFunctions = (file, text) => {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found = []
  const visit = (node) => {
    if (isFunction(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines >= LIMITS.functionLines) {
        // Only the outermost: a long function's inner ones are counted once it is split.
        found.push({ file, line: start + 1, name: nameOf(node), lines })
        return
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export const measure = (root) => {
  const files = walk(join(root, "src"))
  const report = { longFiles: [], longFunctions: [], longLines: [] }
  for (const path of files) {
    const file = relative(root, path)
    const text = readFileSync(path, "utf8")
    const lines = text.split("\n")
    const count = text.endsWith("\n") ? lines.length - 1 : lines.length
    if (count > LIMITS.fileLines) report.longFiles.push({ file, lines: count })
    lines.forEach((line, index) => {
      if (line.length > LIMITS.lineChars) report.longLines.push({ file, line: index + 1, chars: line.length })
    })
    report.longFunctions.push(...longFunctions(file, text))
  }
  return report
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = measure(process.cwd())
  if (process.argv.includes("--json")) {
    const counts = Object.fromEntries(Object.entries(report).map(([key, rows]) => [key, rows.length]))
    console.log(JSON.stringify(counts))
  } else {
    for (const row of report.longFiles) console.log(`file     ${row.file}: ${row.lines} lines`)
    for (const row of report.longFunctions)
      console.log(`function ${row.file}:${row.line} ${row.name}: ${row.lines} lines`)
    const byFile = new Map()
    for (const row of report.longLines) byFile.set(row.file, (byFile.get(row.file) ?? 0) + 1)
    for (const [file, n] of [...byFile].sort((a, b) => b[1] - a[1]))
      console.log(`lines    ${file}: ${n} over ${LIMITS.lineChars}`)
    console.log(
      `${report.longFiles.length} files over ${LIMITS.fileLines} lines, ${report.longFunctions.length} functions of ` +
        `${LIMITS.functionLines}+ lines, ${report.longLines.length} lines over ${LIMITS.lineChars} characters`
    )
  }
}
