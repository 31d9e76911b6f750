/**
 * Screenshot formats as names, file extensions and media types, and an image's size read from its first bytes
 * (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), so the tool can say both sizes of a scaled image without decoding it. Pure.
 */

export type ImageFormat = "png" | "jpeg" | "webp"

export const MEDIA_TYPE: Readonly<Record<ImageFormat, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp"
}

/** `png`, `jpeg` (or `jpg`), `webp`: the format a name asks for; undefined for anything else. */
export const formatNamed = (name: string): ImageFormat | undefined => {
  const n = name.toLowerCase()
  return n === "png" ? "png" : n === "jpeg" || n === "jpg" ? "jpeg" : n === "webp" ? "webp" : undefined
}

/** The format a file name's extension asks for. */
export const extensionFormat = (path: string): ImageFormat | undefined => {
  const ext = /\.([a-z]+)$/i.exec(path)?.[1]
  return ext === undefined ? undefined : formatNamed(ext)
}

export interface ImageSize {
  readonly width: number
  readonly height: number
}

const jpegSize = (b: Uint8Array): ImageSize | undefined => {
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined
    const marker = b[at + 1] ?? 0
    const length = ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: ((b[at + 5] ?? 0) << 8) | (b[at + 6] ?? 0), width: ((b[at + 7] ?? 0) << 8) | (b[at + 8] ?? 0) }
    }
    at += 2 + length
  }
  return undefined
}

const webpSize = (b: Buffer): ImageSize | undefined => {
  const chunk = b.toString("latin1", 12, 16)
  if (chunk === "VP8X") return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  if (chunk === "VP8L") {
    const bits = b.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  return undefined
}

/** Width and height from an image's bytes; undefined when the format or header is not one of the three. */
export const imageSize = (bytes: Uint8Array): ImageSize | undefined => {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const isWebp = b.length >= 30 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP"
  const isPng = b.length >= 24 && b.readUInt32BE(0) === 0x89504e47
  if (isPng) return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b)
  if (isWebp) return webpSize(b)
  return undefined
}
