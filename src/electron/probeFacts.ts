/**
 * Pure readers for `electron.probe` / `electron.status`: the focused-element script (metadata only, never a value),
 * its reply, the tab rows, and the url check that tells a session showing something other than the app's own pages.
 */
import type { ElectronLaunchStatus } from "../schema/ElectronRecord.js"
import type { ElectronFocusedElement, ElectronProbeTab, ElectronSessionMismatch } from "../domain/ElectronReport.js"

/** Read by `eval --stdin`: tag, role, accessible-ish name, type, id and editability of document.activeElement. */
export const FOCUSED_ELEMENT_SCRIPT: string = `(() => {
  const e = document.activeElement;
  if (!e) return null;
  const attr = (n) => e.getAttribute(n) || undefined;
  const name = attr("aria-label") || attr("placeholder") || attr("title") || attr("name") ||
    (e.tagName === "BUTTON" || e.tagName === "A" ? (e.textContent || "").trim() : undefined);
  return {
    tag: e.tagName.toLowerCase(),
    role: attr("role"),
    name: name === undefined ? undefined : name.slice(0, 80),
    type: attr("type"),
    id: e.id ? e.id.slice(0, 80) : undefined,
    editable: e.isContentEditable || e.tagName === "INPUT" || e.tagName === "TEXTAREA" || e.tagName === "SELECT"
  };
})()`

const MAX_TEXT = 80
const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v.slice(0, MAX_TEXT) : undefined)

/** The eval reply's `result`, kept to the known fields and bounds. */
export const focusedElementOf = (result: unknown): ElectronFocusedElement | undefined => {
  if (typeof result !== "object" || result === null) return undefined
  const r = result as Record<string, unknown>
  const tag = text(r["tag"])
  if (tag === undefined) return undefined
  const role = text(r["role"])
  const name = text(r["name"])
  const type = text(r["type"])
  const id = text(r["id"])
  return {
    tag,
    ...(role !== undefined ? { role } : {}),
    ...(name !== undefined ? { name } : {}),
    ...(type !== undefined ? { type } : {}),
    ...(id !== undefined ? { id } : {}),
    editable: r["editable"] === true
  }
}

export const MAX_PROBE_TABS = 20
export const MAX_PROBE_REF_IDS = 20

export const probeTabsOf = (raw: unknown): ReadonlyArray<ElectronProbeTab> | undefined =>
  Array.isArray(raw)
    ? raw.slice(0, MAX_PROBE_TABS).map((t: Record<string, unknown>) => ({
        id: String(t["tabId"] ?? t["id"] ?? t["index"] ?? ""),
        title: String(t["title"] ?? ""),
        url: String(t["url"] ?? ""),
        active: t["active"] === true
      }))
    : undefined

/**
 * A launch's session showing a url that none of the launch's own page-like targets has. Unknown when the launch
 * is not alive or lists no targets (status says so on its own).
 */
export const urlMismatchOf = (
  status: ElectronLaunchStatus,
  sessionName: string,
  observed: { readonly url?: string; readonly title?: string }
): ElectronSessionMismatch | undefined => {
  const url = observed.url
  if (url === undefined || !status.pidAlive || !status.portAlive || status.targets.length === 0) return undefined
  if (status.targets.some((t) => t.url === url)) return undefined
  return {
    reason: "url-not-in-launch-targets",
    launchId: status.launchId,
    sessionName,
    port: status.port,
    observedUrl: url,
    ...(observed.title !== undefined ? { observedTitle: observed.title } : {}),
    launchTargets: status.targets.slice(0, 5).map((t) => ({ type: t.type, title: t.title, url: t.url }))
  }
}
