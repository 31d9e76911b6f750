/** What a successful element or input action says: clicks, fills, keys, scrolls, drags, uploads, selects. Pure. */
import { page } from "./contentBoundary.js"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { DragMiss } from "../../page/dragLanding.js"
import { UploadHeld, uploadHeldText } from "../../page/uploadRead.js"
import { findArgsOf } from "../../upstream/findArgs.js"
import { pressTypes } from "../../upstream/keystrokes.js"
import { dragMissParts } from "./dragMissWords.js"
import { type CommandText, type Data, type Formatted, formatted, oneLine, str } from "./contentBoundary.js"

/**
 * What upstream's `type` and `keyboard type` did where the tool leaves them to it (a secret, a flag, over 200
 * characters): text as input events, no keys (upstream/keystrokes.ts).
 */
const AS_INPUT = "(input events only, no keydown/keyup)."

/** `type` / `keyboard type` typed key by key (page/typeReadback.ts, `keys` in its data), or inserted by upstream. */
const typedText = (data: Data, where: string): string => {
  const keys = data["keys"]
  if (typeof keys !== "number") return `Inserted the text ${where} ${AS_INPUT}`
  const of = data["of"],
    at = data["dialogAt"]
  // a key's keydown opened a confirm or prompt: the typing stopped there (page/typeReadback.ts)
  if (typeof of === "number" && typeof at === "string") {
    const left = of - keys - 1
    const rest =
      left === 1
        ? ", and the key after it was not sent"
        : left > 1
          ? `, and the ${left} keys after it were not sent`
          : ""
    // upstream's warning below names the dialog
    const opened = `the keydown of ${JSON.stringify(at)} opened the dialog below${rest}.`
    return `Typed ${keys} of ${of} keys ${where} (keydown, input, keyup each); ${opened}`
  }
  return `Typed ${keys} key${keys === 1 ? "" : "s"} ${where} (keydown, input, keyup each).`
}

const PAST: Record<string, string> = {
  click: "Clicked",
  dblclick: "Double-clicked",
  fill: "Filled",
  check: "Checked",
  uncheck: "Unchecked",
  hover: "Hovered",
  focus: "Focused"
}

/** `find <locator> <value> <action> [text] [--name n]` said as what it acted on (never upstream's marker selector). */
const formatFind = (positionals: ReadonlyArray<string>, data: Data): Formatted => {
  const { locator = "", value = "", selector, action = "click", name } = findArgsOf(positionals) ?? {}
  // as locatorLabel says it: `role button "Go"`, `text "Save"`, `nth 1 "li button"`
  const locating =
    locator === "role"
      ? value
      : selector !== undefined
        ? `nth ${value} ${JSON.stringify(selector)}`
        : `${locator} ${JSON.stringify(value)}`
  const what = `${locating}${name !== undefined ? ` ${JSON.stringify(name)}` : ""}`
  const ref = Object.values(data).find((v): v is string => typeof v === "string" && /^@e\d+$/.test(v))
  if (action === "text") {
    const text = str(data["text"])
    return formatted([page(text)], `find ${what}: ${oneLine(text)}`)
  }
  const past = PAST[action] ?? `${action}:`
  const line = `${past} ${what}${ref !== undefined ? ` (${ref})` : ""}`
  return { text: line, summary: line }
}

const clicked: CommandText = ({ command, data, target }) => ({
  text: `${PAST[command]} ${str(data["clicked"]) || target}`,
  summary: `${PAST[command]} ${str(data["clicked"]) || target}`
})

const scrolledIntoView: CommandText = ({ target }) => ({
  text: `Scrolled ${target} into view`,
  summary: `scrollintoview ${target}`
})

/** A key that opened a confirm or prompt (`dialogAt`, page/typeReadback.ts): upstream's warning names the dialog. */
const pressed: CommandText = ({ data, target }) => {
  const key = str(data["pressed"]) || target
  const opened = typeof data["dialogAt"] === "string" ? "; the key opened the dialog below." : ""
  return { text: `Pressed ${key}${opened}`, summary: `Pressed ${key}` }
}

const elementAction: CommandText = ({ command, target }) => ({
  text: `${PAST[command]} ${target}`,
  summary: `${command} ${target}`
})

const keyboard: CommandText = ({ sub, data }) => {
  if (sub === "type") return { text: typedText(data, "at the focus"), summary: "keyboard type" }
  if (sub === "inserttext") {
    return { text: "Inserted the text at the focus (no key events, like a paste).", summary: "keyboard inserttext" }
  }
  return { text: `Keyboard ${sub ?? ""} done`, summary: `keyboard ${sub ?? ""}` }
}

export const ACTION_TEXTS: ReadonlyArray<readonly [string, CommandText]> = [
  ["click", clicked],
  ["dblclick", clicked],
  ["find", ({ positionals, data }) => formatFind(positionals, data)],
  [
    "drag",
    ({ positionals, target, data }) => {
      const dst = positionals[2] ?? ""
      const summary = `drag ${target} → ${dst}`
      // where the element landed, when it is not where it was aimed (page/dragLanding.ts)
      const missed = Schema.decodeUnknownOption(DragMiss)(data["missed"])
      if (Option.isSome(missed))
        return formatted(dragMissParts(target, dst, missed.value, positionals.includes("--human")), summary)
      return { text: `Dragged ${target} to ${dst}`, summary }
    }
  ],
  [
    "upload",
    ({ positionals, target, data }) => {
      const files = positionals.slice(2)
      // the names the input holds, read after it (page/uploadRead.ts): said when it did not take every file
      const held = Schema.decodeUnknownOption(UploadHeld)(data["held"])
      const short = Option.isSome(held) ? uploadHeldText(target, files, held.value) : undefined
      const text = short ?? `Uploaded ${files.length} file(s) to ${target}: ${files.join(", ")}`
      return { text, summary: `upload ${target}` }
    }
  ],
  ["scrollintoview", scrolledIntoView],
  ["scrollinto", scrolledIntoView],
  [
    "scroll",
    ({ positionals, data }) => {
      const how = positionals.slice(1).join(" ")
      // the probe around it saw nothing move (page/scrollPosition.ts); the line below says why
      if (data["noMovement"] === true)
        return { text: `Scroll ${how} moved nothing`, summary: `scroll ${how}: no movement` }
      return { text: `Scrolled${how !== "" ? ` ${how}` : ""}`, summary: `scroll ${how}` }
    }
  ],
  [
    "fill",
    ({ data, target }) => {
      // a native date field typed as its keys after the fill did not take (program/probed/dateKeysFill.ts)
      const keys = str(data["typedKeys"])
      const how = keys !== "" ? ` by typing its keys ${keys} (a native date field takes keys, not text)` : ""
      return { text: `Filled ${target}${how}`, summary: `Filled ${target}` }
    }
  ],
  ["type", ({ data, target }) => ({ text: typedText(data, `into ${target}`), summary: `type ${target}` })],
  ["press", pressed],
  ["key", pressed],
  ["check", elementAction],
  ["uncheck", elementAction],
  ["hover", elementAction],
  ["focus", elementAction],
  [
    "mouse",
    ({ positionals }) => ({
      text: `Mouse ${positionals.slice(1).join(" ")}`,
      summary: `mouse ${positionals.slice(1).join(" ")}`
    })
  ],
  ["keyboard", keyboard],
  [
    "keydown",
    ({ target }) => ({
      // a character's key types nothing on its own: said with what types it (upstream's press types only ASCII);
      // a modifier or a named key types nothing anyway
      text: pressTypes(target)
        ? `Key ${target} down (a keydown event only: nothing typed; press ${target} types it).`
        : [...target].length === 1
          ? `Key ${target} down (a keydown event only: nothing typed; keyboard type ${target} types it).`
          : `Key ${target} down (a keydown event only).`,
      summary: `keydown ${target}`
    })
  ],
  ["keyup", ({ target }) => ({ text: `Key ${target} up (a keyup event only).`, summary: `keyup ${target}` })],
  [
    "select",
    ({ data, target }) => ({ text: `Selected ${str(data["selected"])} in ${target}`, summary: `select ${target}` })
  ]
]
