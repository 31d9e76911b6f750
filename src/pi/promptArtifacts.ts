/**
 * The screenshot paths a user prompt names exactly ("save a screenshot to shots/home.png"), resolved against pi's
 * cwd: the close guard's requirements. Image file names only (png, jpg, jpeg, webp); URLs and data: URIs are not
 * paths. Pure and Effect-free: the thin pi entry calls it to decide whether the graph needs loading at all.
 */
import { homedir } from "node:os"
import { isAbsolute, resolve } from "node:path"

const IMAGE = "\\.(?:png|jpe?g|webp)"
/** A quoted path may hold spaces: `my shots/home.png`. */
const QUOTED = new RegExp(`([\`'"])([^\`'"\\n]+${IMAGE})\\1`, "gi")
const PATH_TOKEN = new RegExp(`(?:^|[\\s(<[])([^\\s\`'"()<>[\\]]+${IMAGE})(?=$|[\\s)>\\],;:!?]|\\.(?:\\s|$))`, "gi")

export const promptArtifactPaths = (prompt: string, cwd: string): ReadonlyArray<string> => {
  const paths = new Set<string>()
  const quoted = [...prompt.matchAll(QUOTED)].map((m) => m[2] ?? "")
  const bare = [...prompt.replace(QUOTED, " ").matchAll(PATH_TOKEN)].map((m) => m[1] ?? "")
  for (const token of [...quoted, ...bare]) {
    if (token.includes("://") || token.startsWith("data:")) continue
    const expanded = token.startsWith("~/") ? `${homedir()}${token.slice(1)}` : token
    paths.add(isAbsolute(expanded) ? expanded : resolve(cwd, expanded))
  }
  return [...paths]
}
