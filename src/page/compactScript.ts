/**
 * The tool's own page scripts, compacted before they are sent: each line's indentation, blank lines and lines that
 * are only a `//` comment are left out. The scripts are written commented for their readers, and every byte is paid on
 * each action that sends them: the batch's JSON through upstream's process and daemon, DevTools, and the page's parse
 * (a click's recorder was ~29 KiB, ~25 KiB compacted; its cost is its text, not its run: on the daemon alone, a
 * script that only compiles it took as long as the recorder itself).
 * Line breaks stay where they were, so automatic semicolon insertion reads the same code. Only for scripts written
 * here, whose values are inserted as JSON (no raw line break in a string literal, no template literal in page code):
 * never for a caller's own script. Pure.
 */

/** `js` with indentation, blank lines and whole-line `//` comments left out. */
export const compactScript = (js: string): string => {
  const kept: Array<string> = []
  for (const line of js.split("\n")) {
    const code = line.trimStart()
    if (code !== "" && !code.startsWith("//")) kept.push(code)
  }
  return kept.join("\n")
}
