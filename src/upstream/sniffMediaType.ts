/** Media type from a file's first bytes: trusting the extension is how "saved" screenshots turn out to be HTML. */
export const sniffMediaType = (head: Uint8Array): string | undefined => {
  const starts = (...bytes: ReadonlyArray<number>) => bytes.every((b, i) => head[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png"
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg"
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45) return "image/webp"
  if (starts(0x25, 0x50, 0x44, 0x46)) return "application/pdf"
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return "video/webm"
  if (starts(0x50, 0x4b, 0x03, 0x04)) return "application/zip"
  const text = new TextDecoder().decode(head.slice(0, 64)).trimStart()
  if (text.startsWith("{") || text.startsWith("[")) return "application/json"
  if (/^<(!doctype html|html)/i.test(text)) return "text/html"
  return undefined
}
