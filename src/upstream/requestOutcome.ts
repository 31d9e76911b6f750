/** How a captured network request ended, as the diagnostics, QA and route checks all judge it. */

type Row = { readonly [key: string]: unknown }

/**
 * Failed: an HTTP error status, `failed: true`, or an `error` string. A request with no status yet (pending, a
 * long poll) has not failed.
 */
export const isFailedRequest = (request: Row): boolean =>
  (typeof request["status"] === "number" && request["status"] >= 400) ||
  request["failed"] === true ||
  typeof request["error"] === "string"

/** The icon basename: `favicon` + .ico/.png/.svg, or `apple-touch-icon` + .png, each with an optional stem suffix. */
const ICON_BASENAME = /^(?:favicon[-.\w]*\.(?:ico|png|svg)|apple-touch-icon[-.\w]*\.png)$/i

const lastSegment = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url).pathname.split("/").at(-1) ?? "")
  } catch {
    return url.split(/[?#]/)[0]?.split("/").at(-1) ?? ""
  }
}

const imageLike = (request: Row): boolean => {
  const kind = typeof request["resourceType"] === "string" ? request["resourceType"] : request["mimeType"]
  if (typeof kind !== "string" || kind === "") return true
  const k = kind.toLowerCase()
  return k === "image" || k === "img" || k === "other" || k.startsWith("image/")
}

/**
 * The benign asset rule of the contract's `qa` section: an already failed row whose last path segment is a site
 * icon, that failed by 404, `failed: true` or an `error` string (a bare 500 on the icon stays actionable), and whose
 * resource/MIME type is absent or image-like.
 */
export const isBenignAssetFailure = (request: Row): boolean =>
  isFailedRequest(request) &&
  ICON_BASENAME.test(lastSegment(String(request["url"] ?? ""))) &&
  (request["status"] === 404 || request["failed"] === true || typeof request["error"] === "string") &&
  imageLike(request)

export type RequestOutcome = "ok" | "pending" | "benign-failure" | "failure"

export const requestOutcome = (request: Row): RequestOutcome =>
  isBenignAssetFailure(request)
    ? "benign-failure"
    : isFailedRequest(request)
      ? "failure"
      : typeof request["status"] === "number"
        ? "ok"
        : "pending"
