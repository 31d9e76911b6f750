/**
 * Where a file-producing command will write: the requested path token of screenshot, pdf, download, state save and
 * wait --download. Pure. Used to resolve relative paths against the pi cwd and to create parent directories first.
 */
import type { CommandLine } from "./commandLine.js"

const IMAGE = /\.(png|jpe?g|webp)$/i

/** Index into `line.positionals` of the requested output path, if the command has one. */
export const requestedPathIndex = (line: CommandLine): number | undefined => {
  const p = line.positionals
  const [command, sub] = p
  const last = p.length - 1
  switch (command) {
    case "screenshot": {
      const index = p.findIndex((t, i) => i > 0 && !t.startsWith("-") && (IMAGE.test(t) || i === last && !t.startsWith("@") && /[/.]/.test(t)))
      return index > 0 ? index : undefined
    }
    case "pdf":
      return p.length > 1 && !(p[1] ?? "").startsWith("-") ? 1 : undefined
    case "download":
      return p.length > 2 ? 2 : undefined
    case "state":
      return sub === "save" && p.length > 2 ? 2 : undefined
    case "wait": {
      const at = p.indexOf("--download")
      const next = p[at + 1]
      return at >= 0 && next !== undefined && !next.startsWith("-") ? at + 1 : undefined
    }
    default:
      return undefined
  }
}
