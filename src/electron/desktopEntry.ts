/**
 * Freedesktop `.desktop` files: the `[Desktop Entry]` group's keys, and the `Exec` line split into argv with its
 * field codes removed (Desktop Entry Specification 1.5, "The Exec key"). Pure.
 */

export interface DesktopEntry {
  readonly type?: string
  readonly name?: string
  readonly exec?: string
  readonly tryExec?: string
  readonly icon?: string
  readonly path?: string
  readonly categories: ReadonlyArray<string>
  readonly keywords: ReadonlyArray<string>
  /** `NoDisplay=true` or `Hidden=true`: the entry is not meant to be shown (Hidden means deleted). */
  readonly hidden: boolean
}

/** Value escapes: `\s`, `\n`, `\t`, `\r`, `\\`. */
const unescapeValue = (value: string): string =>
  value.replace(/\\([sntr\\])/g, (_, c: string) => ({ s: " ", n: "\n", t: "\t", r: "\r", "\\": "\\" })[c] ?? c)

const list = (value: string | undefined): ReadonlyArray<string> =>
  value === undefined
    ? []
    : value
        .split(";")
        .map((s) => s.trim())
        .filter((s) => s !== "")

/** Reads the `[Desktop Entry]` group; localized keys (`Name[de]`) are ignored in favour of the plain ones. */
export const parseDesktopEntry = (text: string): DesktopEntry => {
  const keys = new Map<string, string>()
  let inEntry = false
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (line === "" || line.startsWith("#")) continue
    if (line.startsWith("[")) {
      inEntry = line === "[Desktop Entry]"
      continue
    }
    if (!inEntry) continue
    const eq = line.indexOf("=")
    if (eq <= 0) continue
    const key = line.slice(0, eq).trim()
    if (!keys.has(key)) keys.set(key, unescapeValue(line.slice(eq + 1).trim()))
  }
  const get = (k: string) => keys.get(k)
  const isTrue = (k: string) => get(k)?.toLowerCase() === "true"
  const entry: DesktopEntry = {
    categories: list(get("Categories")),
    keywords: list(get("Keywords")),
    hidden: isTrue("NoDisplay") || isTrue("Hidden")
  }
  const optional = (field: keyof DesktopEntry, key: string) => (get(key) !== undefined ? { [field]: get(key) } : {})
  return {
    ...entry,
    ...optional("type", "Type"),
    ...optional("name", "Name"),
    ...optional("exec", "Exec"),
    ...optional("tryExec", "TryExec"),
    ...optional("icon", "Icon"),
    ...optional("path", "Path")
  }
}

const FIELD_CODE = /^%[fFuUdDnNickvm]$/

/**
 * Splits an Exec value into argv. Double-quoted arguments keep spaces and honour backslash escapes of `"`, `` ` ``,
 * `$` and `\`; an argument that is only a field code (`%U`, `%f`, ...) is dropped, `%%` becomes `%`, and a field
 * code embedded in a word is removed. Returns undefined for an unterminated quote.
 */
export const parseExec = (exec: string): ReadonlyArray<string> | undefined => {
  const args: Array<string> = []
  let current = ""
  let started = false
  let quoted = false
  for (let i = 0; i < exec.length; i++) {
    const c = exec[i] ?? ""
    if (quoted) {
      if (c === "\\" && i + 1 < exec.length && /["`$\\]/.test(exec[i + 1] ?? "")) {
        current += exec[++i]
      } else if (c === '"') {
        quoted = false
      } else {
        current += c
      }
      continue
    }
    if (c === '"') {
      quoted = true
      started = true
    } else if (c === " " || c === "\t") {
      if (started) args.push(current)
      current = ""
      started = false
    } else {
      current += c
      started = true
    }
  }
  if (quoted) return undefined
  if (started) args.push(current)
  return args
    .filter((arg) => !FIELD_CODE.test(arg))
    .map((arg) => arg.replace(/%(.)/g, (_, c: string) => (c === "%" ? "%" : "")))
    .filter((arg) => arg !== "")
}

/**
 * The program an Exec argv really runs: skips an `env` prefix with its `VAR=value` assignments and flags, so
 * `env GDK_BACKEND=x11 /opt/App/app --flag` yields `/opt/App/app` and `["--flag"]`.
 */
export const execProgram = (
  argv: ReadonlyArray<string>
): { readonly program: string; readonly args: ReadonlyArray<string> } | undefined => {
  let i = 0
  if (/(^|\/)env$/.test(argv[0] ?? "")) {
    i = 1
    while (i < argv.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[i] ?? "") || (argv[i] ?? "").startsWith("-"))) i++
  }
  const program = argv[i]
  return program === undefined ? undefined : { program, args: argv.slice(i + 1) }
}
