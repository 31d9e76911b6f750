/**
 * A screenshot's file as asked and its inline image as a model can use it, both converted by the browser itself
 * (page/imageTranscode.ts, through `eval --stdin`; no native dependency). Before verification, a file in a format
 * agent-browser 0.41.2 cannot write (WebP) or asked in CSS pixels (`--scale css`) is converted in place; a conversion
 * that fails leaves no misnamed file behind and fails the call. After verification, an image whose long side is over
 * INLINE_MAX_SIDE (or whose bytes are over the inline budget) is attached scaled down, the file keeping its full size;
 * the sizes are kept for the text (presenters/text/notes.ts).
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { TranscodeReply, TranscodeRequest } from "../../page/imageTranscode.js"
import { transcodeReply, transcodeScript } from "../../page/imageTranscode.js"
import { INLINE_IMAGE_BYTES } from "../../presenters/details/details.js"
import type { ImageFacts, ScreenshotConversion, VerifiedArtifacts } from "../../schema/Artifacts.js"
import { ArtifactMissing } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { mayProbe } from "../../session/planRun.js"
import { targetOf } from "../../session/planRun.js"
import { flagValue } from "../../upstream/commandLine.js"
import { extensionFormat, imageSize, MEDIA_TYPE } from "../../upstream/imageFormat.js"

/** The long side other agent browsers scale screenshots to for a model (about 1.15 megapixels when square). */
export const INLINE_MAX_SIDE = 1568
const TRANSCODE_TIMEOUT_MS = 20_000
/** Largest file the tool converts or scales in the page (its base64 goes through one eval). */
const TRANSCODE_MAX_BYTES = 40 * 1024 * 1024

const readBytes = (path: string) =>
  Effect.sync(() => {
    try {
      return readFileSync(path)
    } catch {
      return undefined
    }
  })

/** The browser converts the image; the reply, or why it could not. */
const transcode = (plan: Plan, request: TranscodeRequest) =>
  Effect.gen(function* () {
    // page script upstream may hold for a human's approval is not the tool's to send (session/planRun.ts)
    if (!mayProbe(plan)) return "this session holds page script for approval (--confirm-actions or an action policy)"
    const commands = yield* SessionCommands
    const options = { stdin: transcodeScript(request), timeoutMs: TRANSCODE_TIMEOUT_MS }
    const reply = yield* Effect.either(commands.run(targetOf(plan), ["eval", "--stdin"], options))
    if (reply._tag === "Left") return `the page could not run the conversion: ${reply.left.message}`
    const data = reply.right.kind === "single" ? (reply.right.data as { result?: unknown } | null) : null
    return transcodeReply(data?.result) ?? "the page gave no image back"
  })

const qualityOf = (plan: Plan): number | undefined => {
  const q = Number(flagValue(plan.line, "--screenshot-quality"))
  return Number.isFinite(q) && q >= 0 && q <= 100 ? q / 100 : undefined
}

const convertedOf = (from: string, reply: TranscodeReply, css: boolean): ScreenshotConversion => ({
  from,
  to: reply.type,
  css,
  devicePixelRatio: reply.devicePixelRatio,
  sourceWidth: reply.sourceWidth,
  sourceHeight: reply.sourceHeight,
  width: reply.width,
  height: reply.height
})

/** Before verification: a WebP or CSS-pixel screenshot converted from the file upstream wrote (`data.path`). */
export const convertScreenshotFile = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const options = plan.screenshotOptions
    const converts = options !== undefined && (options.format === "webp" || options.css)
    if (options === undefined || !converts || outcome.kind !== "single") return outcome
    const data = (outcome.data !== null && typeof outcome.data === "object" ? outcome.data : {}) as Record<
      string,
      unknown
    >
    const path = typeof data["path"] === "string" ? data["path"] : undefined
    const bytes = path !== undefined ? yield* readBytes(path) : undefined
    if (path === undefined || bytes === undefined || bytes.length > TRANSCODE_MAX_BYTES) return outcome
    const type = MEDIA_TYPE[options.format]
    const quality = qualityOf(plan)
    const request = {
      base64: bytes.toString("base64"),
      type,
      css: options.css,
      ...(quality !== undefined ? { quality } : {})
    }
    const reply = yield* transcode(plan, request)
    if (typeof reply === "string" || reply.type !== type) {
      // a PNG under a .webp name would be a file that lies about itself
      if (extensionFormat(path) === options.format) yield* Effect.sync(() => rmSync(path, { force: true }))
      const why = typeof reply === "string" ? reply : `it wrote ${reply.type}`
      return yield* new ArtifactMissing({
        path: plan.outputPath ?? path,
        kind: "screenshot",
        detail:
          `agent-browser writes PNG or JPEG only, and the browser could not convert the screenshot to ${type} ` +
          `(${why}); ask for --screenshot-format png or jpeg`
      })
    }
    const ext = options.format === "jpeg" ? "jpg" : options.format
    const target = extensionFormat(path) === options.format ? path : `${path.replace(/\.[A-Za-z0-9]+$/, "")}.${ext}`
    yield* Effect.sync(() => {
      writeFileSync(target, Buffer.from(reply.base64, "base64"))
      if (target !== path) rmSync(path, { force: true })
    })
    const from = bytes[0] === 0x89 ? "image/png" : "image/jpeg"
    const converted = convertedOf(from, reply, options.css)
    return { ...outcome, data: { ...data, path: target, converted } } satisfies UpstreamOutcome
  })

const lastImagePath = (verified: VerifiedArtifacts): string | undefined =>
  verified.image?.path ??
  verified.rows
    .filter((r) => r.kind === "screenshot" && r.state === "verified" && r.mediaType?.startsWith("image/") === true)
    .at(-1)?.path

/** After verification: the inline image's sizes, and a scaled copy when the file is over the inline budget. */
export const fitInlineImage = (plan: Plan, outcome: UpstreamOutcome, verified: VerifiedArtifacts) =>
  Effect.gen(function* () {
    const path = lastImagePath(verified)
    const bytes = path !== undefined ? yield* readBytes(path) : undefined
    const size = bytes !== undefined ? imageSize(bytes) : undefined
    if (path === undefined || bytes === undefined || size === undefined) return verified
    const mimeType = verified.image?.mimeType ?? verified.rows.find((r) => r.path === path)?.mediaType ?? "image/png"
    type WithConversion = { converted?: ScreenshotConversion } | null
    const converted = outcome.kind === "single" ? (outcome.data as WithConversion)?.converted : undefined
    const facts: ImageFacts = {
      width: size.width,
      height: size.height,
      ...(converted !== undefined ? { converted } : {})
    }
    const over = Math.max(size.width, size.height) > INLINE_MAX_SIDE || bytes.length > INLINE_IMAGE_BYTES
    if (!over) return verified.image === undefined ? verified : { ...verified, image: { ...verified.image, ...facts } }
    const reply =
      bytes.length > TRANSCODE_MAX_BYTES
        ? "the file is too large to scale in the page"
        : yield* transcode(plan, {
            base64: bytes.toString("base64"),
            type: mimeType,
            maxSide: INLINE_MAX_SIDE,
            ...(mimeType !== "image/png" ? { quality: 0.85 } : {})
          })
    const scaledBytes = typeof reply === "string" ? 0 : Math.floor((reply.base64.length * 3) / 4)
    if (typeof reply === "string" || scaledBytes > INLINE_IMAGE_BYTES) {
      const { image: _full, ...rest } = verified
      const notShown = typeof reply === "string" ? reply : "even scaled it is over the inline budget"
      return { ...rest, inlineImage: { ...facts, path, notShown } }
    }
    const shown = { width: reply.width, height: reply.height }
    return { ...verified, image: { data: reply.base64, mimeType: reply.type, path, ...facts, shown } }
  })
