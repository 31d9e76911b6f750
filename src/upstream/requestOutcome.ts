/** How a captured network request ended, as the diagnostics, QA and route checks all judge it. */

/** Failures nobody acts on: browsers probe for site icons on every page load. */
export const BENIGN_REQUEST = /\/(favicon\.ico|apple-touch-icon[^/]*\.png|favicon-\d+x\d+\.png)(\?|$)/i

export const isBenignFailure = (url: string): boolean => BENIGN_REQUEST.test(url)

/** No response yet (pending, aborted, blocked) or an HTTP error status. */
export const isFailedRequest = (request: { readonly [key: string]: unknown }): boolean =>
  typeof request["status"] !== "number" || (request["status"] as number) >= 400
