/**
 * An image converted by the browser itself, with no native dependency in the tool: the bytes go into the page's
 * script as base64, `createImageBitmap` decodes them (from a Blob: no network request, no CSP check), an
 * `OffscreenCanvas` redraws them at the size asked (high-quality smoothing) and `convertToBlob` encodes the format
 * asked (Chromium writes PNG, JPEG and WebP). The page sees only its own screenshot. The answer says what was written
 * (`type`: Chromium falls back to PNG for a type it cannot encode) and the sizes before and after. Pure.
 */

export interface TranscodeRequest {
  readonly base64: string
  /** `image/png`, `image/jpeg` or `image/webp`. */
  readonly type: string
  /** 0-1, for JPEG and WebP. */
  readonly quality?: number
  /** Scale down by the page's devicePixelRatio first (one pixel per CSS pixel). */
  readonly css?: boolean
  /** Then scale down so the longer side is at most this many pixels. */
  readonly maxSide?: number
}

export interface TranscodeReply {
  readonly base64: string
  readonly type: string
  readonly width: number
  readonly height: number
  readonly sourceWidth: number
  readonly sourceHeight: number
  readonly devicePixelRatio: number
}

/** The `eval --stdin` script; its result is a TranscodeReply. */
export const transcodeScript = (request: TranscodeRequest): string => `(async (req) => {
  const raw = atob(req.base64);
  const input = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) input[i] = raw.charCodeAt(i);
  const bitmap = await createImageBitmap(new Blob([input]));
  const dpr = window.devicePixelRatio || 1;
  let w = bitmap.width, h = bitmap.height;
  if (req.css && dpr !== 1) { w = Math.max(1, Math.round(w / dpr)); h = Math.max(1, Math.round(h / dpr)); }
  if (req.maxSide && Math.max(w, h) > req.maxSide) {
    const f = req.maxSide / Math.max(w, h);
    w = Math.max(1, Math.round(w * f)); h = Math.max(1, Math.round(h * f));
  }
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, w, h);
  const encoding = req.quality === undefined ? { type: req.type } : { type: req.type, quality: req.quality };
  const blob = await canvas.convertToBlob(encoding);
  const out = new Uint8Array(await blob.arrayBuffer());
  let s = "";
  for (let i = 0; i < out.length; i += 32768) s += String.fromCharCode(...out.subarray(i, i + 32768));
  return {
    base64: btoa(s), type: blob.type, width: w, height: h,
    sourceWidth: bitmap.width, sourceHeight: bitmap.height, devicePixelRatio: dpr
  };
})(${JSON.stringify(request)})`

/** The reply read from an eval result, or undefined when it is not one. */
export const transcodeReply = (result: unknown): TranscodeReply | undefined => {
  if (result === null || typeof result !== "object") return undefined
  const r = result as Record<string, unknown>
  const numbers = ["width", "height", "sourceWidth", "sourceHeight", "devicePixelRatio"].every(
    (k) => typeof r[k] === "number"
  )
  const strings = typeof r["base64"] === "string" && typeof r["type"] === "string"
  return strings && numbers ? (r as unknown as TranscodeReply) : undefined
}
