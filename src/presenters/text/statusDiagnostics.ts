/**
 * Status families as the model reads them: dashboard, dialog, frame, state load, session info, stream, doctor, saved
 * logins and browser profiles, one function per command (its subcommands in the order they are checked). Pure.
 */
import { page } from "./contentBoundary.js"
import { type Formatted, formatted } from "./contentBoundary.js"
import { bounded, type Data, str } from "./diagnosticRows.js"

export const dashboard = (sub: string | undefined, data: Data): Formatted | undefined => {
  if (sub === "start" && data["port"] !== undefined) {
    const urls = Array.isArray(data["access_urls"]) ? (data["access_urls"] as ReadonlyArray<unknown>).map(str) : []
    const text =
      `Dashboard running on port ${str(data["port"])}` +
      `${data["pid"] !== undefined ? ` (pid ${str(data["pid"])})` : ""}` +
      `${urls.length > 0 ? `: ${urls.join(", ")}` : ""}; stop it with dashboard stop.`
    return { text, summary: `dashboard on port ${str(data["port"])}` }
  }
  if (sub === "stop" && typeof data["stopped"] === "boolean") {
    const text = data["stopped"]
      ? "Dashboard stopped."
      : `Dashboard not stopped${data["reason"] !== undefined ? `: ${str(data["reason"])}` : ""}.`
    return { text, summary: text }
  }
  return undefined
}

export const dialogText = (
  sub: string | undefined,
  data: Data,
  positionals: ReadonlyArray<string>
): Formatted | undefined => {
  if (sub === "status") {
    return data["hasDialog"] === true
      ? formatted(
          [
            `A ${str(data["type"])} dialog is open: `,
            page(JSON.stringify(str(data["message"]))),
            ". Resolve it with dialog accept [text] or dialog dismiss."
          ],
          `${str(data["type"])} dialog open`
        )
      : { text: "No dialog is open.", summary: "no dialog" }
  }
  if ((sub === "accept" || sub === "dismiss") && data["handled"] === true) {
    const done = data["accepted"] === false ? "Dismissed" : "Accepted"
    const answered = sub === "accept" && positionals[2] !== undefined ? " with the given text" : ""
    return { text: `${done} the open dialog${answered}.`, summary: `dialog ${sub}` }
  }
  return undefined
}

export const frameText = (data: Data): Formatted | undefined =>
  typeof data["frame"] === "string"
    ? {
        text:
          `Now in frame ${data["frame"]}. snapshot is scoped to it; eval and get url still run in the top ` +
          "document.",
        summary: `frame ${data["frame"]}`
      }
    : undefined

export const stateLoadText = (data: Data): Formatted => {
  const skipped = Array.isArray(data["skippedOrigins"]) ? (data["skippedOrigins"] as ReadonlyArray<unknown>) : []
  return {
    text:
      `Loaded state from ${str(data["path"])}` +
      `${skipped.length > 0 ? ` (skipped origins: ${skipped.map(str).join(", ")})` : ""}.`,
    summary: "state loaded"
  }
}

export const sessionInfoText = (data: Data): Formatted => {
  const runtime = (data["runtime"] ?? {}) as Data
  return {
    text:
      `Session ${str(data["session"])}: daemon pid ${str(data["pid"])}, browser ` +
      `${runtime["browserLaunched"] === true ? "running" : "not launched"}, ${str(runtime["pageCount"] ?? "?")}` +
      ` page(s), engine ${str(runtime["engine"])}, version ${str(data["version"])}.`,
    summary: `session ${str(data["session"])}`
  }
}

export const streamText = (data: Data): Formatted => {
  const port = typeof data["port"] === "number" ? data["port"] : undefined
  return {
    text:
      data["alreadyEnabled"] === true
        ? "Stream enabled (it already was); stream status shows its port."
        : `Stream ${data["enabled"] === true ? "enabled" : "disabled"}, ` +
          `${data["connected"] === true ? "a client is connected" : "no client connected"}` +
          `${port !== undefined ? `, ws://127.0.0.1:${port} (JPEG frames)` : ""}.`,
    summary: `stream ${data["enabled"] === true ? "enabled" : "disabled"}`
  }
}

export const doctorText = (data: Data): Formatted | undefined => {
  if (!Array.isArray(data["checks"])) return undefined
  const checks = data["checks"] as ReadonlyArray<Data>
  const summary = (data["summary"] ?? {}) as Data
  const head =
    `Doctor: ${str(summary["pass"] ?? 0)} pass, ${str(summary["warn"] ?? 0)} warn, ${str(summary["fail"] ?? 0)}` +
    " fail"
  const notable = checks
    .filter((c) => c["status"] === "fail" || c["status"] === "warn")
    .map((c) => `[${str(c["status"])}] ${str(c["id"])}: ${str(c["message"])}`)
  const fixed = Array.isArray(data["fixed"])
    ? (data["fixed"] as ReadonlyArray<unknown>).map((f) => `fixed: ${str(f)}`)
    : []
  return {
    text: `${head}${notable.length + fixed.length > 0 ? "\n" : ""}${bounded([...notable, ...fixed])}`,
    summary: head
  }
}

export const authText = (sub: string | undefined, data: Data): Formatted | undefined => {
  if (sub === "list" && Array.isArray(data["profiles"])) {
    const logins = data["profiles"] as ReadonlyArray<Data>
    return {
      text:
        `${logins.length} saved logins${logins.length > 0 ? "\n" : ""}` +
        `${bounded(logins.map((l) => `${str(l["name"])} — ${str(l["url"])} (user ${str(l["username"])})`))}`,
      summary: `${logins.length} saved logins`
    }
  }
  if (sub === "show" && data["profile"] !== null && typeof data["profile"] === "object") {
    const l = data["profile"] as Data
    return {
      text:
        `Saved login ${str(l["name"])}: ${str(l["url"])}, user ${str(l["username"])} (password stored, never ` +
        "shown).",
      summary: `login ${str(l["name"])}`
    }
  }
  return undefined
}

export const profilesText = (data: Data): Formatted | undefined => {
  if (!Array.isArray(data["profiles"])) return undefined
  const profiles = data["profiles"] as ReadonlyArray<Data | string>
  return {
    text:
      `${profiles.length} browser profiles\n` +
      bounded(
        profiles.map((p) =>
          typeof p === "string" ? p : `${str(p["name"])}${p["path"] !== undefined ? ` — ${str(p["path"])}` : ""}`
        )
      ),
    summary: `${profiles.length} profiles`
  }
}
