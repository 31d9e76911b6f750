/** A file the tool takes for a PNG: the format's eight signature bytes, then four zero bytes (no image in it). */
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
