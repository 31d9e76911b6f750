/**
 * The browser permissions a command needs its page to have (headless Chromium denies them otherwise): `set geo`
 * overrides the location a page reads through `navigator.geolocation`, and `clipboard read|write|copy|paste` runs
 * `navigator.clipboard` in the page. Only what the command asks for. Pure.
 */
import type { Permission } from "../domain/Permission.js"
import type { CommandLine } from "../domain/CommandLine.js"

const CLIPBOARD: ReadonlyArray<Permission> = ["clipboardReadWrite", "clipboardSanitizedWrite"]

export const permissionsOf = (line: CommandLine): ReadonlyArray<Permission> => {
  const [command, sub] = line.positionals
  if (command === "set" && sub === "geo") return ["geolocation"]
  if (command === "clipboard" && ["read", "write", "copy", "paste"].includes(sub ?? "")) return CLIPBOARD
  return []
}
