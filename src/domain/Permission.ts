/** A browser permission a page needs for what a command set up (CDP `Browser.PermissionType`); a grant's outcome. */
export type Permission = "geolocation" | "clipboardReadWrite" | "clipboardSanitizedWrite"

/**
 * A grant: made (held while the session runs), or why not: no DevTools endpoint is known for the session's browser
 * (an attached browser the tool cannot name), or the browser did not answer the grant.
 */
export type GrantOutcome =
  | { readonly granted: true }
  | { readonly granted: false; readonly reason: "no-endpoint" | "no-answer" }
