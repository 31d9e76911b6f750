/**
 * The screenshot paths a user prompt names exactly ("save a screenshot to shots/home.png"), resolved against pi's
 * cwd: the close guard's requirements. Image file names only (png, jpg, jpeg, webp), and only where the 100
 * characters before the path ask for a screenshot or capture: a coding prompt that mentions `assets/logo.png` asks
 * for no screenshot. URLs and data: URIs are not paths. Pure and Effect-free: the thin pi entry calls it to decide
 * whether the graph needs loading at all.
 */
import { homedir } from "node:os"
import { isAbsolute, resolve } from "node:path"

const IMAGE = "\\.(?:png|jpe?g|webp)"
/** A quoted path may hold spaces: `my shots/home.png`. */
const QUOTED = new RegExp(`([\`'"])([^\`'"\\n]+${IMAGE})\\1`, "gi")
const PATH_TOKEN = new RegExp(`(?:^|[\\s(<[])([^\\s\`'"()<>[\\]]+${IMAGE})(?=$|[\\s)>\\],;:!?]|\\.(?:\\s|$))`, "gi")

/** The words before a path that make it a screenshot to take (not an image the prompt merely mentions). */
const ASKS_FOR_SCREENSHOT = /screen\s?shot|capture/i
const CONTEXT_CHARS = 100

const asked = (prompt: string, index: number): boolean =>
  ASKS_FOR_SCREENSHOT.test(prompt.slice(Math.max(0, index - CONTEXT_CHARS), index))

export const promptArtifactPaths = (prompt: string, cwd: string): ReadonlyArray<string> => {
  const paths = new Set<string>()
  const quoted = [...prompt.matchAll(QUOTED)].filter((m) => asked(prompt, m.index ?? 0)).map((m) => m[2] ?? "")
  // quoted paths are blanked with same-length filler, so bare matches keep their positions in the prompt
  const bareText = prompt.replace(QUOTED, (m) => " ".repeat(m.length))
  const bare = [...bareText.matchAll(PATH_TOKEN)].filter((m) => asked(prompt, m.index ?? 0)).map((m) => m[1] ?? "")
  for (const token of [...quoted, ...bare]) {
    if (token.includes("://") || token.startsWith("data:")) continue
    const expanded = token.startsWith("~/") ? `${homedir()}${token.slice(1)}` : token
    paths.add(isAbsolute(expanded) ? expanded : resolve(cwd, expanded))
  }
  return [...paths]
}
