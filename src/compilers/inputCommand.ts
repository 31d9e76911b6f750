/**
 * Input primitives upstream 0.41 has no command for, read from a caller's argv: a click with modifier keys or another
 * button (`click <sel> --modifiers Control,Shift`, `click <sel> --button right`, `dblclick <sel> --modifiers Shift`),
 * a click or double click at a viewport point (`mouse click <x> <y>`, `mouse dblclick <x> <y>`, same flags), a drop of
 * files or text on an element (`drop <sel> --files a.txt,b.png`, `drop <sel> --text "..."`), and the removal of one
 * web storage key (`storage local|session remove <key>`). The tool runs them (program/page/inputCommand.ts); every
 * other argv is upstream's (undefined here). A malformed one is a `problem` sentence naming the valid forms. Pure.
 */

export type Modifier = "Alt" | "Control" | "Meta" | "Shift"
export type MouseButton = "left" | "right" | "middle"

export type PointerTarget =
  | { readonly kind: "element"; readonly selector: string }
  | { readonly kind: "point"; readonly x: number; readonly y: number }

export type InputCommand =
  | {
      readonly kind: "click"
      readonly target: PointerTarget
      readonly button: MouseButton
      readonly clickCount: 1 | 2
      readonly modifiers: ReadonlyArray<Modifier>
    }
  | {
      readonly kind: "drop"
      readonly selector: string
      readonly files: ReadonlyArray<string>
      readonly text?: string
    }
  | { readonly kind: "storage-remove"; readonly area: "local" | "session"; readonly key: string }

export type InputParse = { readonly command: InputCommand } | { readonly problem: string } | undefined

/** CDP's `modifiers` bit of each key (Input.dispatchMouseEvent, Input.dispatchDragEvent). */
export const MODIFIER_BITS: Readonly<Record<Modifier, number>> = { Alt: 1, Control: 2, Meta: 4, Shift: 8 }

const MODIFIER_NAMES: Readonly<Record<string, Modifier>> = {
  alt: "Alt",
  option: "Alt",
  control: "Control",
  ctrl: "Control",
  meta: "Meta",
  cmd: "Meta",
  command: "Meta",
  shift: "Shift"
}

const MODIFIERS_FORM = "--modifiers <keys> (Alt, Control, Meta, Shift; joined by , or +)"
const BUTTON_FORM = "--button <left|right|middle>"

const modifiersOf = (value: string): ReadonlyArray<Modifier> | string => {
  const names = value
    .split(/[,+]/)
    .map((s) => s.trim())
    .filter((s) => s !== "")
  const read = names.map((n) => MODIFIER_NAMES[n.toLowerCase()])
  const bad = names.find((_, i) => read[i] === undefined)
  if (bad !== undefined) return `unknown modifier ${JSON.stringify(bad)}: ${MODIFIERS_FORM}`
  if (names.length === 0) return `no modifier given: ${MODIFIERS_FORM}`
  return (["Alt", "Control", "Meta", "Shift"] as const).filter((m) => read.includes(m))
}

/** `--flag value` / `--flag=value` pairs and the other tokens, in order; a flag without its value is a problem. */
const split = (tokens: ReadonlyArray<string>, valued: ReadonlyArray<string>) => {
  const flags = new Map<string, string>()
  const rest: Array<string> = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? ""
    const eq = token.indexOf("=")
    const name = token.startsWith("--") && eq > 0 ? token.slice(0, eq) : token
    if (!valued.includes(name)) {
      rest.push(token)
      continue
    }
    const value = name !== token ? token.slice(eq + 1) : tokens[++i]
    if (value === undefined) return { problem: `${name} needs a value` }
    flags.set(name, value)
  }
  return { flags, rest }
}

const pointerFlags = (flags: ReadonlyMap<string, string>) => {
  const modifiers = flags.has("--modifiers") ? modifiersOf(flags.get("--modifiers") ?? "") : []
  if (typeof modifiers === "string") return { problem: modifiers }
  const button = flags.get("--button") ?? "left"
  if (button !== "left" && button !== "right" && button !== "middle") {
    return { problem: `--button takes left, right or middle, not ${JSON.stringify(button)}` }
  }
  return { modifiers, button: button as MouseButton }
}

const clickOf = (command: "click" | "dblclick", tokens: ReadonlyArray<string>): InputParse => {
  if (!tokens.some((t) => t.startsWith("--modifiers") || t.startsWith("--button"))) return undefined
  const read = split(tokens, ["--modifiers", "--button"])
  if ("problem" in read) return { problem: `${command}: ${read.problem}` }
  const flags = pointerFlags(read.flags)
  if ("problem" in flags) return { problem: `${command}: ${flags.problem}` }
  const [selector, ...extra] = read.rest
  if (selector === undefined || selector.startsWith("-") || extra.length > 0) {
    const form = `${command} <sel> --modifiers Control`
    const flags = `${MODIFIERS_FORM} or ${BUTTON_FORM}`
    return { problem: `${command} with ${flags} takes one selector or @ref, no other flag (${form})` }
  }
  const clickCount = command === "dblclick" ? 2 : 1
  const target = { kind: "element", selector } as const
  return { command: { kind: "click", target, button: flags.button, clickCount, modifiers: flags.modifiers } }
}

const mouseClickOf = (sub: "click" | "dblclick", tokens: ReadonlyArray<string>): InputParse => {
  const usage = `mouse ${sub} <x> <y> [${BUTTON_FORM}] [${MODIFIERS_FORM}]`
  const read = split(tokens, ["--modifiers", "--button"])
  if ("problem" in read) return { problem: `mouse ${sub}: ${read.problem}; ${usage}` }
  const flags = pointerFlags(read.flags)
  if ("problem" in flags) return { problem: `mouse ${sub}: ${flags.problem}` }
  const [x, y, ...extra] = read.rest
  const number = (s: string | undefined) => (s !== undefined && /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined)
  const px = number(x)
  const py = number(y)
  if (px === undefined || py === undefined || px < 0 || py < 0 || extra.length > 0) {
    return { problem: `mouse ${sub} takes a viewport point in CSS pixels: ${usage}` }
  }
  const clickCount = sub === "dblclick" ? 2 : 1
  const target = { kind: "point", x: px, y: py } as const
  return { command: { kind: "click", target, button: flags.button, clickCount, modifiers: flags.modifiers } }
}

const dropOf = (tokens: ReadonlyArray<string>): InputParse => {
  const usage = "drop <sel> --files <path,path…> and/or --text <text>"
  const read = split(tokens, ["--files", "--text"])
  if ("problem" in read) return { problem: `drop: ${read.problem}; ${usage}` }
  const [selector, ...extra] = read.rest
  const files = (read.flags.get("--files") ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter((f) => f !== "")
  const text = read.flags.get("--text")
  if (selector === undefined || selector.startsWith("-") || extra.length > 0) {
    return { problem: `drop takes one selector or @ref: ${usage}` }
  }
  if (files.length === 0 && (text === undefined || text === "")) {
    return { problem: `drop needs something to drop: ${usage}` }
  }
  return { command: { kind: "drop", selector, files, ...(text !== undefined && text !== "" ? { text } : {}) } }
}

const storageRemoveOf = (area: string | undefined, tokens: ReadonlyArray<string>): InputParse => {
  const [key, ...extra] = tokens
  if ((area !== "local" && area !== "session") || key === undefined || key === "" || extra.length > 0) {
    return { problem: "storage remove takes one key: storage local remove <key> or storage session remove <key>" }
  }
  return { command: { kind: "storage-remove", area, key } }
}

/** The tool-run input command an argv (the command and its own tokens, global flags removed) asks for, if any. */
export const inputCommandOf = (positionals: ReadonlyArray<string>): InputParse => {
  const [command, ...rest] = positionals
  switch (command) {
    case "click":
    case "dblclick":
      return clickOf(command, rest)
    case "mouse": {
      const [sub, ...tokens] = rest
      return sub === "click" || sub === "dblclick" ? mouseClickOf(sub, tokens) : undefined
    }
    case "drop":
      return dropOf(rest)
    case "storage": {
      const [area, op, ...tokens] = rest
      return op === "remove" ? storageRemoveOf(area, tokens) : undefined
    }
    default:
      return undefined
  }
}

/** The closest command upstream runs itself, named when the tool cannot send an input command. */
export const alternativeOf = (command: InputCommand): string => {
  switch (command.kind) {
    case "click": {
      if (command.target.kind === "point") {
        return "mouse move <x> <y>, then mouse down [button] and mouse up [button] (no modifiers, single clicks)."
      }
      const selector = command.target.selector
      if (command.clickCount === 2) return `dblclick ${selector} (no modifiers).`
      return `click ${selector} (no modifiers, left button).`
    }
    case "drop":
      return `upload ${command.selector} <files…> (a file input), or drag <source> ${command.selector} (an element).`
    case "storage-remove":
      return `storage ${command.area} clear (every key), or storage ${command.area} set ${command.key} "" to empty it.`
  }
}

/**
 * The tool's own forms, per command, as `<command> --help` adds them to upstream's page (`drop`, which upstream does
 * not know, gets this text alone) and docs/COMMAND_REFERENCE.md lists them (scripts/command-reference.mjs reads this
 * table: each `form` and `does` a plain one-line string).
 */
export const INPUT_USAGE: Readonly<Record<string, { readonly form: string; readonly does: string }>> = {
  click: {
    form: "click <sel> --modifiers <keys> | --button <left|right|middle>",
    does: "a click with keys held (Alt, Control, Meta, Shift; joined by , or +) or another button, at its centre"
  },
  dblclick: {
    form: "dblclick <sel> --modifiers <keys> | --button <b>",
    does: "a double click (clickCount 1, then 2) with those keys or that button"
  },
  mouse: {
    form: "mouse click|dblclick <x> <y> [--button <b>] [--modifiers <keys>]",
    does: "a click or double click at a viewport point (CSS pixels)"
  },
  drop: {
    form: "drop <sel> --files <path,path…> and/or --text <text>",
    does: "drags files (read from disk; upload's path rules apply) or text onto a drop zone; fails if it accepts none"
  },
  storage: {
    form: "storage local|session remove <key>",
    does: "removes one key of localStorage or sessionStorage and says whether it was there"
  }
}

/** The help text a `<command> --help` call shows for a command the tool extends; undefined for others. */
export const withInputUsage = (command: string | undefined, upstream: string): string | undefined => {
  const usage = command !== undefined ? INPUT_USAGE[command] : undefined
  if (usage === undefined) return undefined
  const own = `Added by the agent_browser tool:\n  ${usage.form}: ${usage.does}`
  if (command !== "drop") return `${upstream.trimEnd()}\n\n${own}`
  return `agent_browser drop - Drop files or text on an element (the tool's own command)\n\n${own}`
}
