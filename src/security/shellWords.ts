/**
 * Splits one `batch` command string the way upstream does (shell-style: single and double quotes, backslash
 * escapes), so the policy reads the same argv upstream will run. Pure.
 */
export const splitShellWords = (line: string): ReadonlyArray<string> => {
  const words: Array<string> = []
  let current = ""
  let started = false
  let quote: "'" | '"' | undefined
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string
    if (quote !== undefined) {
      if (ch === quote) quote = undefined
      else if (ch === "\\" && quote === '"' && i + 1 < line.length) current += line[++i]
      else current += ch
      continue
    }
    if (ch === "'" || ch === '"') {
      quote = ch
      started = true
    } else if (ch === "\\" && i + 1 < line.length) {
      current += line[++i]
      started = true
    } else if (/\s/.test(ch)) {
      if (started) words.push(current)
      current = ""
      started = false
    } else {
      current += ch
      started = true
    }
  }
  if (started) words.push(current)
  return words
}
