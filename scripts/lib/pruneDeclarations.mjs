// The package's types are what its entry's declarations reach (package.json "exports" names only
// dist/types/effect.d.ts): tsc emits one declaration per source file, and the ones no exported type reaches are removed
// so the package carries only what an embedder's compiler can read.
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const IMPORTS = /(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g

/** The declaration files reached from `entry` through relative imports. */
export const reachedFrom = (entry) => {
  const reached = new Set()
  const pending = [resolve(entry)]
  while (pending.length > 0) {
    const file = pending.pop()
    if (reached.has(file)) continue
    reached.add(file)
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORTS)) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, ".d.ts"))
      if (existsSync(target)) pending.push(target)
    }
  }
  return reached
}

const declarationsUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".d.ts"))
    .map((entry) => resolve(join(entry.parentPath, entry.name)))

/** Removes the declarations under `dir` that `entry` does not reach; returns how many were removed. */
export const pruneDeclarations = (dir, entry) => {
  const reached = reachedFrom(entry)
  const unreached = declarationsUnder(dir).filter((file) => !reached.has(file))
  for (const file of unreached) rmSync(file)
  const folders = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length)
  for (const folder of folders) if (readdirSync(folder).length === 0) rmSync(folder, { recursive: true })
  return unreached.length
}
