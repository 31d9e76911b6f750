// Writes docs/COMMAND_REFERENCE.md from the installed agent-browser's own help: `--version`, the `--help` overview
// (its command families, in upstream's order), `<command> --help` of commands the overview leaves out, and the aliases
// upstream resolves. Notes say where the `agent_browser` tool changes behaviour. Help calls are local and sessionless
// (no browser); they run with a private socket dir that is removed. Same binary, same bytes: no timestamps.
// test/unit/commandReference.test.ts samples the binary and fails when this file drifts (fix: npm run docs:commands).
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { FLAGS_PATH, flagTableOf, renderFlagModule } from "./lib/commandFlags.mjs"

export const REPO = resolve(import.meta.dirname, "..")
export const NATIVE_BINARY = join(
  REPO,
  "node_modules/agent-browser/bin",
  `agent-browser-${process.platform}-${process.arch}`
)
export const REFERENCE_PATH = join(REPO, "docs/COMMAND_REFERENCE.md")
/** The command policy's tables: what a command is (commandPolicy.ts) and what it does to the page (commandEffects.ts). */
export const POLICY_SOURCES = [
  join(REPO, "src/upstream/commandPolicy.ts"),
  join(REPO, "src/upstream/commandEffects.ts")
]
export const readPolicySource = () => POLICY_SOURCES.map((file) => readFileSync(file, "utf8")).join("\n")
const LAUNCH_SOURCE = join(REPO, "src/upstream/commandLine.ts")
export const INPUT_SOURCE = join(REPO, "src/compilers/inputCommand.ts")

/** The tool's own input forms (`INPUT_USAGE` in src/compilers/inputCommand.ts: one plain string per command). */
export const inputUsages = (source) => {
  const block = /export const INPUT_USAGE[^=]*= \{\n([\s\S]*?)\n\}/.exec(source)?.[1]
  if (block === undefined) throw new Error("INPUT_USAGE not found in src/compilers/inputCommand.ts")
  const string = (text) => JSON.parse(`"${text}"`)
  const entry = /^ {2}(\w+): \{\n {4}form: "((?:[^"\\]|\\.)*)",\n {4}does: "((?:[^"\\]|\\.)*)"\n {2}\}/gm
  return [...block.matchAll(entry)].map((m) => ({ command: m[1], form: string(m[2]), does: string(m[3]) }))
}

/** Runs `fn(help)` where `help(args)` is the binary's stdout; a private socket dir lives for the duration. */
export const withHelp = (fn, binary = NATIVE_BINARY) => {
  const socketDir = mkdtempSync(join(tmpdir(), "piab-cmdref-"))
  const env = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("AGENT_BROWSER_")) env[k] = v
  Object.assign(env, { AGENT_BROWSER_SOCKET_DIR: socketDir, AGENT_BROWSER_NO_VERSION_CHECK: "1", NO_COLOR: "1" })
  const help = (args) =>
    execFileSync(binary, args, { env, encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] })
  try {
    return fn(help)
  } finally {
    rmSync(socketDir, { recursive: true, force: true })
  }
}

/** `agent-browser 0.41.2` → `0.41.2`. */
export const versionOf = (text) => {
  const m = /^agent-browser\s+(\S+)/m.exec(text)
  if (!m) throw new Error(`unexpected --version output: ${JSON.stringify(text.slice(0, 80))}`)
  return m[1]
}

/** The title of a command's own help page (`agent-browser state - Manage browser state`); undefined for the overview. */
export const titleOf = (text) => {
  const first = text.split("\n").find((l) => l.trim() !== "") ?? ""
  const m = /^agent-browser (\S+) - (.+)$/.exec(first.trim())
  return m ? { command: m[1], summary: m[2].trim() } : undefined
}

const ENTRY = /^ {2}(\S.*?)\s{2,}(\S.*)$/
const HEADER = /^(\S[^:]*):(?:\s+agent-browser\s+(.+))?\s*$/

/** The help text cut into `Header:` sections of indented lines. */
const sectionsOf = (text) => {
  const sections = []
  for (const line of text.replace(/\r/g, "").split("\n")) {
    const header = HEADER.exec(line)
    if (header && !line.startsWith(" ")) sections.push({ name: header[1].trim(), usage: header[2]?.trim(), lines: [] })
    else if (sections.length > 0 && line.trim() !== "") sections[sections.length - 1].lines.push(line)
  }
  return sections
}

/** Indented `usage   summary` entries; deeper continuation lines extend the previous summary; other lines are notes. */
/** Where upstream's summary column starts: the most common start among `usage  summary` lines. */
const summaryColumn = (lines) => {
  const counts = new Map()
  for (const line of lines) {
    const m = ENTRY.exec(line)
    if (m) counts.set(line.lastIndexOf(m[2]), (counts.get(line.lastIndexOf(m[2])) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 29
}

/** A usage that fills the column leaves one space before its summary (`batch [options] ["cmd" ...] Execute …`). */
const splitAtColumn = (line, column) => {
  for (let at = column - 1; at <= column + 1; at++) {
    if (line[at] === " " && /[A-Z]/.test(line[at + 1] ?? ""))
      return { usage: line.slice(0, at).trim(), summary: line.slice(at + 1).trim() }
  }
  return undefined
}

const entriesOf = (lines, column = summaryColumn(lines)) => {
  const entries = []
  const notes = []
  const indentOf = (line) => (line === undefined ? 0 : line.length - line.trimStart().length)
  let last
  lines.forEach((line, i) => {
    const indent = indentOf(line)
    const m = ENTRY.exec(line)
    const split = indent === 2 && !m ? splitAtColumn(line, column) : undefined
    if (indent === 2 && m) {
      last = { usage: m[1].trim(), summary: m[2].trim() }
      entries.push(last)
    } else if (split) {
      last = split
      entries.push(last)
    } else if (indent === 2 && indentOf(lines[i + 1]) > 2) {
      last = { usage: line.trim(), summary: "" }
      entries.push(last)
    } else if (indent > 2 && last) {
      last.summary = `${last.summary} ${line.trim()}`.trim()
    } else {
      last = undefined
      notes.push(line.trim())
    }
  })
  return { entries, notes }
}

const isFlag = (usage) => usage.startsWith("-")

/**
 * Upstream's `--help` overview: the command families (sections before the first section of flags), each with entries
 * `{usage, summary}` and notes, then the global flag groups. Sections whose header carries a usage
 * (`Network:  agent-browser network <action>`) become one entry whose summary lists the body lines.
 */
export const parseOverview = (text) => {
  const families = []
  const flagGroups = []
  let phase = "commands"
  const all = sectionsOf(text)
  const column = summaryColumn(all.flatMap((s) => s.lines))
  for (const section of all) {
    if (section.name === "Usage") continue
    const { entries, notes } = entriesOf(section.lines, column)
    const flags = entries.length > 0 && entries.every((e) => isFlag(e.usage))
    if (phase === "commands" && flags) phase = "flags"
    if (phase === "flags" && !flags) break
    if (phase === "flags") {
      flagGroups.push({ name: section.name, flags: entries.map((e) => e.usage) })
      continue
    }
    if (section.usage !== undefined) {
      const body = section.lines.map((l) => l.trim())
      families.push({ name: section.name, entries: [{ usage: section.usage, summary: body.join("; ") }], notes: [] })
      continue
    }
    const commands = entries.filter((e) => /^[a-z][a-z0-9-]*(\s|$)/.test(e.usage))
    if (commands.length > 0)
      families.push({
        name: section.name,
        entries: commands,
        notes: section.name.startsWith("Start here") ? [] : notes
      })
  }
  if (families.length === 0 || flagGroups.length === 0)
    throw new Error("agent-browser --help no longer has the expected layout")
  return { families, flagGroups }
}

/** Command names (first word of each entry) across the overview's families. */
export const overviewCommands = (overview) =>
  [...new Set(overview.families.flatMap((f) => f.entries.map((e) => e.usage.split(/\s+/)[0])))].sort()

/** Subcommand names from a command's own help (`Subcommands:` / `Operations:` sections). */
const subcommandsOf = (text) =>
  sectionsOf(text)
    .filter((s) => s.name === "Subcommands" || s.name === "Operations")
    .flatMap((s) => entriesOf(s.lines).entries.map((e) => e.usage.split(/\s+/)[0]))
    .filter((w) => /^[a-z][a-z0-9-]*$/.test(w))

/** Every command name the tool's policy file names: its `new Set([...])` tables and `command === "x"` tests. */
export const policyCommandNames = (source) => {
  const names = new Set()
  for (const m of source.matchAll(/new Set\(\[([^\]]*)\]\)/g))
    for (const s of m[1].matchAll(/"([^"]+)"/g)) names.add(s[1])
  for (const m of source.matchAll(/\bcommand === "([^"]+)"/g)) names.add(m[1])
  return [...names].sort()
}

/** The subcommands the policy file names, by command: its `subcommandsOf("get", [...])` tables. */
export const policySubcommandNames = (source) => {
  const byCommand = {}
  for (const m of source.matchAll(/subcommandsOf\("([^"]+)", \[([^\]]*)\]\)/g)) {
    byCommand[m[1]] = [
      ...new Set([...(byCommand[m[1]] ?? []), ...[...m[2].matchAll(/"([^"]+)"/g)].map((s) => s[1])])
    ].sort()
  }
  return byCommand
}

/** The string entries of `export const <name> = new Set([...])` in a source file. */
const setLiteral = (source, name) => {
  const m = new RegExp(`${name} = new Set\\(\\[([^\\]]*)\\]\\)`).exec(source)
  if (!m) throw new Error(`${name} not found`)
  return [...m[1].matchAll(/"([^"]+)"/g)].map((s) => s[1])
}

/** Candidate command words from upstream's own documentation (`agent-browser [flags] <word>`). */
const mentionedWords = (text) => [
  ...[...text.matchAll(/agent-browser((?: +-[-a-zA-Z]+(?: [^\s-]\S*)?)*) +([a-z][a-z0-9-]*)/g)].map((m) => m[2]),
  ...[...text.matchAll(/\(aliases?: ([a-z][a-z0-9, -]*)\)/g)].flatMap((m) => m[1].split(/,\s*/))
]

/**
 * Where the tool changes behaviour, keyed by the start of an entry's usage (`network`, `auth save`). Each note lands
 * on the first matching entry; a key that matches nothing fails generation.
 */
const NOTES = [
  [
    "open",
    "title/URL line; a drifted active tab is re-selected ([contract: Sessions](TOOL_CONTRACT.md#sessions)); answers once the page is usable, saying what is still loading, an error HTTP status, or the file a download URL saved; also console errors and warnings while loading (in a running browser also dialogs)"
  ],
  [
    "click",
    "ref preflight¹; a disabled target is waited for (≤ 3 s), then clicked: `(it was disabled; waited 0.6 s until it was enabled)`; an in-view target under a fixed or sticky element is scrolled to the middle, then waited for (≤ 2 s): `(div#sp covered it; waited 0.4 s until it was gone)`; requests the click started are waited for (≤ 1.5 s), one unanswered is said; navigation adds a title/URL line; console errors, a changed main heading or control, a field to type into it focused add a line; a job, qa or batch click step says the same on its row (console errors, heading, dialogs, the page it led to, its new hash, a tab it opened); tool's `--modifiers`, `--button`³"
  ],
  [
    "dblclick",
    "ref preflight¹; a disabled target is waited for and its effects said, as `click`; tool's `--modifiers`, `--button`³"
  ],
  [
    "mouse",
    "move/down/up say the point, the element there and text they made appear or hid (a slider's value); tool's `click|dblclick <x> <y>`³"
  ],
  ["storage", "tool's `remove <key>`³"],
  [
    "reload",
    "says where the page is scrolled when the browser kept it below the top: `Still scrolled to y=2000 of 4199`"
  ],
  ["keyboard type", "sent key by key like `type` (upstream 0.41 inserts the text without keys)"],
  [
    "type",
    "ref preflight¹; sent key by key (keydown, input, keyup each; upstream 0.41 sends none), except a secret, a flag or over 200 characters; says what the field now holds, text the keys made appear (suggestions) or hid (a filter), read once short timers their events started ran (as `fill`), and dialogs they opened"
  ],
  [
    "fill",
    "ref preflight¹; a rich editor's text is replaced too (selected, then typed over); a time, datetime-local, month, week or color field is set in its own form (`13:45`, `#ff8800`); a maxlength cut and a value the browser marks invalid are said; text it made appear is read after the next frame, once short timers (≤ 300 ms) and requests its events started ran (waited ≤ 400 ms and ≤ 1.5 s: a debounced check's message); suggestions it left open (aria-expanded, role=option) are said with none picked; a `<datalist>` field's values that start with what it holds, when that is none of them"
  ],
  [
    "press",
    "ref preflight¹; Enter or Space (a focused link, a form's submit) adds a `Page:` line when the page moved; a job, qa or batch press step says its console errors, heading, focus, scroll and dialogs on its row"
  ],
  [
    "hover",
    "ref preflight¹; says text it showed or hid (a CSS `:hover` menu too), after timers (≤ 1 s) its handlers started ran (waited ≤ 1.2 s); a job, qa or batch step says it on its row"
  ],
  [
    "focus",
    "ref preflight¹; says text it showed or hid (a `:focus-within` menu too), after its short timers, as `hover`"
  ],
  [
    "check",
    "ref preflight¹; a target that is no checkbox, radio or switch is refused (nothing sent); so is a disabled box (in a disabled fieldset too)"
  ],
  [
    "uncheck",
    "ref preflight¹; a target that is no checkbox, radio or switch is refused (nothing sent); so is a disabled box (in a disabled fieldset too)"
  ],
  [
    "select",
    "ref preflight¹; a disabled option is refused (nothing sent); a target that is no native select fails as selector-not-found"
  ],
  [
    "drag",
    'ref preflight¹; text the drag made appear is said; an element that landed elsewhere than aimed is said, with a retry along upstream\'s eased `--human` path (its plain drag can leave a SortableJS item one place short under load): `Dragged @e13 toward @e11, but it landed after "Design" (position 2 of 4, aimed at 1)`; an HTML5 drag that no element took the drop of (no `dragover` cancelled) fails: nothing was dropped; a drag the page got no `dragstart` for and that made no text appear says so (`snapshot -i` marks what the page makes draggable); a job, qa or batch drag step is judged and said the same (its row: `2. drag <src> <dst> → landed after …` and the text it made appear, a refused drop fails the step)'
  ],
  [
    "scrollintoview",
    "ref preflight¹; says text that appeared once in view, after timers (≤ 1 s) its scroll started ran (waited ≤ 1.2 s); a job, qa or batch step says it on its row"
  ],
  [
    "upload",
    "ref preflight¹; only files under `uploadRoots` (default: the call's folder) ([SECURITY.md](SECURITY.md)); says the files an input without `multiple` did not keep; a target that is no file input is refused with the page's file inputs named"
  ],
  ["download", "ref preflight¹; file verified on disk"],
  [
    "screenshot",
    "image inline (long side over 1568 px: scaled, the file keeps its size); file verified on disk; `.webp`/`--screenshot-format webp` converted by the browser, `.jpg` asks for JPEG; wrapper-only `--scale css`; `<sel> --full` refused"
  ],
  [
    "wait",
    'says what now holds (`#sp is hidden or gone.`, `The text "…" is on the page.`, `URL matched; the page is at <url>`, `Network idle: no request was in flight for 500 ms (the page may start new ones later).`, `The page reached its load state.`, `The condition is now true: <expr>`); a missed `--text` says what the page shows instead; `<sel> --state visible|hidden|attached|detached` is the element\'s state, not the launch flag `--state <file>`'
  ],
  ["pdf", "file verified on disk"],
  [
    "diff screenshot",
    "`Saved diff image: <path> (<n>% of pixels differ, …)` only when the file is verified on disk; matching images say so"
  ],
  [
    "snapshot",
    "big trees get a compact view + spill file; a repeat of the same page shows what changed; `-i` gives refs to what the page marks draggable or a drop target (lines end `draggable`, `drop target`); `-d <n>`: n levels of the tree as shown; wrapper-only `--search <text|/re/flags>` (matches under their ancestors), `--context <n>`, `--filter role=<r>`, `--diff`, `--full`, `--viewport` ([contract: Snapshots](TOOL_CONTRACT.md#snapshots))"
  ],
  [
    "eval",
    "`eval --stdin <js…>` moves the tokens to `stdin`; script may be policy-blocked ([SECURITY.md](SECURITY.md))"
  ],
  [
    "set",
    "`geo`: the session's pages get the geolocation permission (headless Chromium denies it) while the session runs; says the location and whether pages may read it"
  ],
  [
    "clipboard",
    "the session's pages get the clipboard permissions (read and write) while the session runs; `write`'s text is redacted"
  ],
  ["close", "the next managed call starts a new session name"],
  [
    "network",
    "wrapper-only `requests --current-page|--current-origin|--current-url`, `routes` (the active routes), `request <id> --save <path>` (the body to a verified file; binary: re-read by the page); route/unroute say what is active and how many were removed; route `--status <code>`, `--headers <json>`, `--content-type <type>` shape the mock (sent to upstream's daemon route command; not in a batch); a second `har start` is refused"
  ],
  ["tab", "after tab drift the session is pinned to its tab until a `tab` command"],
  ["trace start", "a second start is refused"],
  ["profiler", "a second start is refused"],
  ["record start", "a second start is refused"],
  ["batch", "commands as a JSON array of argv arrays in `stdin`; per-step results"],
  ["auth save", "local²; `--password-stdin` reads `stdin`"],
  [
    "confirm",
    "held actions are approved by the user through pi's UI ([contract](TOOL_CONTRACT.md#approval-and-policy))"
  ],
  ["mcp", "rejected: it never returns"],
  ["session list", "local²"],
  ["dashboard", "local²"],
  ["plugin", "local²"],
  ["skills", "local²"],
  ["install", "local²"],
  ["upgrade", "local²"],
  ["doctor", "local²"],
  ["profiles", "local²"],
  ["state", "`list|show|rename|clean|clear <name>` local²"],
  ["device", "`list` local²"]
]

const cell = (s) => s.replace(/\|/g, "\\|")
const code = (s) => `\`${cell(s)}\``

const table = (entries, noteFor) => [
  "| Usage | Summary | Tool |",
  "| --- | --- | --- |",
  ...entries.map((e) => `| ${code(e.usage)} | ${cell(e.summary)} | ${noteFor(e.usage)} |`)
]

/** Samples the binary (help only) and returns the reference's model. */
const collect = (help, policySource = readPolicySource()) => {
  const version = versionOf(help(["--version"]))
  const overviewText = help(["--help"])
  const overview = parseOverview(overviewText)
  const listed = new Set(overviewCommands(overview))
  const skillsText = help(["skills", "get", "core", "--ref", "commands"])
  const candidates = [
    ...new Set([...mentionedWords(skillsText), ...mentionedWords(overviewText), ...policyCommandNames(policySource)])
  ]
    .filter((w) => !listed.has(w))
    .sort()
  const subcommands = []
  /** Each command's own help page (commands whose `--help` prints the overview have none). */
  const pages = new Map()
  for (const command of listed) {
    const text = help([command, "--help"])
    if (titleOf(text)?.command === command) pages.set(command, text)
    const names = [...new Set(subcommandsOf(text))].filter((n) => n !== command)
    if (names.length > 0) subcommands.push({ command, names })
  }
  const extra = []
  const aliases = []
  for (const word of candidates) {
    const text = help([word, "--help"])
    const title = titleOf(text)
    if (title === undefined) continue
    if (title.command !== word) aliases.push({ alias: word, command: title.command })
    else {
      pages.set(word, text)
      const usage = /^Usage: agent-browser (.+)$/m.exec(text)?.[1]?.trim() ?? word
      extra.push({ usage, summary: title.summary, subcommands: subcommandsOf(text) })
    }
  }
  return { version, overview, extra, aliases, subcommands, pages }
}

/** The hand-written section: what the tool adds (it runs these itself; upstream never sees them). */
const inputSection = (usages) => [
  "## Added by the tool",
  "",
  "³ Input upstream 0.41 has no command for, sent by the tool itself as trusted DevTools input on the session's",
  "tab (or, for `storage … remove`, one `eval`); in `args`, `batch` rows and `job` steps (`rightclick`, `drop`,",
  "`press` as the keys held on click/dblclick). Refused as `validation-error`, naming the closest upstream command,",
  "where it cannot be sent (no DevTools endpoint, held actions under `--confirm-actions`/an action policy, an",
  "element not under its centre: inside a frame, or covered).",
  "`<command> --help` adds them.",
  "",
  ...usages.map((u) => `- ${code(u.form)}: ${cell(u.does)}`),
  ""
]

const render = ({ version, overview, extra, aliases, subcommands }, launchFlags, usages = []) => {
  const commands = [...new Set([...overviewCommands(overview), ...extra.map((e) => e.usage.split(/\s+/)[0])])].sort()
  const used = new Set()
  const noteFor = (usage) => {
    const hit = NOTES.find(([key]) => !used.has(key) && (usage === key || usage.startsWith(`${key} `)))
    if (!hit) return ""
    used.add(hit[0])
    return cell(hit[1])
  }
  const out = [
    "# agent-browser command reference",
    "",
    `Upstream: agent-browser ${version}. Generated by \`npm run docs:commands\` from the installed binary's own help`,
    "(`--help`, `<command> --help`); do not edit by hand. Families and order are upstream's.",
    "",
    "Through the `agent_browser` tool: `args` are what follows `agent-browser` on a command line (no shell); the tool",
    "adds `--json` and the managed `--session` itself (a caller `--json` makes the visible text the JSON data). Full",
    'help for one command: `{"args": ["<command>", "--help"]}` (local, no browser); workflow guide:',
    '`{"args": ["skills", "get", "core"]}`. The Tool column says where the tool differs; details in',
    "[TOOL_CONTRACT.md](TOOL_CONTRACT.md) (same folder).",
    "¹ ref preflight: a `@ref` from another page, a vanished element or a restarted daemon is refused before upstream",
    "acts. ² local: runs without the managed session (no `--session` injected). ³ added by the tool (section below).",
    "",
    `Commands (${commands.length}): ${commands.join(", ")}.`,
    `Aliases: ${aliases.map((a) => `${a.alias} → ${a.command}`).join(", ")}.`,
    ""
  ]
  for (const family of overview.families) {
    out.push(`## ${family.name}`, "", ...table(family.entries, noteFor))
    for (const note of family.notes) out.push("", note)
    out.push("")
  }
  out.push(
    "## Not in the overview (own `--help` page)",
    "",
    ...table(
      extra.map((e) => ({
        usage: e.usage,
        summary: e.subcommands.length > 0 ? `${e.summary}: ${e.subcommands.join(", ")}` : e.summary
      })),
      noteFor
    ),
    ""
  )
  out.push(
    "## Subcommands (from `<command> --help`)",
    "",
    ...subcommands.map((s) => `- ${s.command}: ${s.names.join(", ")}`),
    ""
  )
  const missing = NOTES.map(([key]) => key).filter((key) => !used.has(key))
  if (missing.length > 0) throw new Error(`tool notes name usages upstream's help lacks: ${missing.join(", ")}`)
  out.push(...inputSection(usages))
  out.push(
    "## Flags",
    "",
    "Groups as upstream's `--help` lists them; Snapshot Options apply to `snapshot`, the others to any command.",
    "† launch-scoped: on the first call of the managed session the tool records it and re-sends it on every later call;",
    'a different value later fails with `validation-error` and a `sessionMode: "fresh"` hint',
    "([contract: Sessions](TOOL_CONTRACT.md#sessions)).",
    ""
  )
  for (const group of overview.flagGroups) {
    const flags = group.flags.map((f) => {
      const names = f.split(/[ ,]+/).filter((t) => t.startsWith("-"))
      return `${code(f)}${names.some((n) => launchFlags.has(n)) ? " †" : ""}`
    })
    out.push(`- ${group.name}: ${flags.join(", ")}`)
  }
  return `${out.join("\n")}\n`
}

/** Version, command names and aliases as the committed reference states them. */
export const readReferenceIndex = (doc) => {
  const version = /^Upstream: agent-browser (\S+)\./m.exec(doc)?.[1]
  const commands = /^Commands \(\d+\): (.+)\.$/m.exec(doc)?.[1]?.split(", ") ?? []
  const aliases = (/^Aliases: (.*)\.$/m.exec(doc)?.[1] ?? "")
    .split(", ")
    .filter((s) => s !== "")
    .map((s) => {
      const [alias, command] = s.split(" → ")
      return { alias, command }
    })
  const extraSection = /## Not in the overview[^\n]*\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? ""
  const extra = [...extraSection.matchAll(/^\| `([a-z][a-z0-9-]*)/gm)].map((m) => m[1])
  const subcommandSection = /## Subcommands[^\n]*\n([\s\S]*?)\n## /.exec(doc)?.[1] ?? ""
  const subcommands = Object.fromEntries(
    [...subcommandSection.matchAll(/^- ([a-z][a-z0-9-]*): (.+)$/gm)].map((m) => [m[1], m[2].split(", ")])
  )
  const globalSection = /## Flags\n([\s\S]*)$/.exec(doc)?.[1] ?? ""
  const globalFlags = [...new Set([...globalSection.matchAll(/(?<![\w-])--?[a-zA-Z][\w-]*/g)].map((m) => m[0]))].sort()
  return { version, commands, aliases, extra, subcommands, globalFlags }
}

/** The reference and the flag module as the installed binary's help and this script's notes make them now. */
export const generated = () => {
  const launchFlags = new Set(setLiteral(readFileSync(LAUNCH_SOURCE, "utf8"), "LAUNCH_FLAGS"))
  const collected = withHelp((help) => collect(help))
  const doc = render(collected, launchFlags, inputUsages(readFileSync(INPUT_SOURCE, "utf8")))
  return { doc, flags: renderFlagModule(flagTableOf(collected)), pages: collected.pages.size }
}

const main = () => {
  const { doc, flags, pages } = generated()
  writeFileSync(FLAGS_PATH, flags)
  console.log(`wrote src/upstream/commandFlags.generated.ts (${pages} command pages)`)
  const before = (() => {
    try {
      return readFileSync(REFERENCE_PATH, "utf8")
    } catch {
      return undefined
    }
  })()
  writeFileSync(REFERENCE_PATH, doc)
  console.log(`${before === doc ? "unchanged" : "wrote"} docs/COMMAND_REFERENCE.md (${Buffer.byteLength(doc)} bytes)`)
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main()
