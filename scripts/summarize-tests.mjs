// Prints vitest's JSON report as the plain closing line "N passed, N failed[, N skipped]".
import { existsSync, readFileSync } from "node:fs"

const file = ".vitest-results.json"
if (!existsSync(file)) process.exit(0)
const report = JSON.parse(readFileSync(file, "utf8"))
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
console.log(
  `${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`
)
