/**
 * Stale-ref preflight: before a mutation-prone command acts on `@eN` refs, refuse refs that came from another page,
 * are absent from the latest snapshot, or predate a daemon restart (a new daemon numbers refs from e1 again, so an
 * old ref could silently name a different element). Batch stdin is scanned in order with a latch: a step that may
 * navigate or re-render blocks later ref steps until a `snapshot` step; same-snapshot form rows (fill, type, check,
 * select, clicks on checkbox/radio refs) do not set it. Pure.
 */
import { NO_ACTIVE_PAGE, SelectorNotFound, StaleRef, withFields } from "../schema/ToolError.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { actsOnElement, actsThroughPointer, invalidatesRefs, isKeyPress, loadsUrl } from "../upstream/commandEffects.js"
import { type RefSnapshot, refIdOf } from "../domain/RefSnapshot.js"
import { batchRowsOf, isBatchStep } from "../upstream/wire.js"

/** Refs roles a click leaves in place (native form controls do not navigate or re-render the page). */
const FORM_CLICK_ROLES = new Set(["checkbox", "radio"])

export const refsIn = (argv: ReadonlyArray<string>): ReadonlyArray<string> => {
  const line = parseCommandLine(argv)
  if (!actsOnElement(line.command)) return []
  return line.positionals.slice(1).flatMap((t) => {
    const id = refIdOf(t)
    return id !== undefined ? [id] : []
  })
}

/**
 * Whether two URLs name the same page: fragments never count; the query counts when the observed URL carries one
 * (the daemon's target file records origin and path only).
 */
export const samePage = (snapshotUrl: string, observedUrl: string): boolean => {
  try {
    const a = new URL(snapshotUrl.trim())
    const b = new URL(observedUrl.trim())
    if (a.origin !== b.origin || a.pathname !== b.pathname) return false
    return b.search === "" || a.search === b.search
  } catch {
    return snapshotUrl.trim() === observedUrl.trim()
  }
}

/** A ref of a snapshot that found no active page. */
const voided = (ref: string): StaleRef =>
  new StaleRef({
    ref,
    reason: "no-active-page",
    detail:
      `@${ref} is void: the last snapshot of this session found no active page; ` + "take snapshot -i for current refs"
  })

/** A ref the latest snapshot does not have. */
const notInSnapshot = (ref: string): StaleRef =>
  new StaleRef({ ref, reason: "not-in-snapshot", detail: `@${ref} is not in the latest snapshot of this page` })

const check = (
  refs: ReadonlyArray<string>,
  snapshot: RefSnapshot | undefined,
  current: { pid: string | undefined; url: string | undefined }
): StaleRef | undefined => {
  const ref = refs[0]
  if (ref === undefined || snapshot === undefined) return undefined
  if (snapshot.invalidated === "no-active-page") return voided(ref)
  if (snapshot.daemonPid !== undefined && current.pid !== undefined && snapshot.daemonPid !== current.pid) {
    return new StaleRef({
      ref,
      reason: "daemon-restarted",
      detail: `@${ref} came from a browser daemon that has since restarted (refs restart at e1 in a new daemon)`
    })
  }
  if (snapshot.changedSince?.navigated === true) {
    return new StaleRef({
      ref,
      reason: "navigated",
      detail: `@${ref} came from ${snapshot.url}, and the page was navigated since (${snapshot.changedSince.command})`
    })
  }
  // an empty observed url is unknown, not a different page (a `connect`ed daemon may not have recorded its page yet)
  if (current.url !== undefined && current.url !== "" && snapshot.url !== "" && !samePage(snapshot.url, current.url)) {
    return new StaleRef({
      ref,
      reason: "page-moved",
      detail: `@${ref} came from ${snapshot.url}, but the page is now ${current.url}`
    })
  }
  const missing = refs.find((r) => !snapshot.refs.has(r))
  return missing !== undefined ? notInSnapshot(missing) : undefined
}

/**
 * The stale ref the session's record proves alone, whatever the daemon shows now: the snapshot that voided the
 * session's refs, or a ref the latest snapshot does not have (a ref in the record may still be stale because the page
 * moved on: only the daemon can say that, `check` above). Said as `check` says it when the record is all it reads.
 */
export const staleInRecord = (refs: ReadonlyArray<string>, snapshot: RefSnapshot): StaleRef | undefined => {
  const ref = refs[0]
  if (ref === undefined) return undefined
  if (snapshot.invalidated === "no-active-page") return voided(ref)
  const missing = refs.find((r) => !snapshot.refs.has(r))
  return missing !== undefined ? notInSnapshot(missing) : undefined
}

/**
 * The session's refs after a call that did not replace them: marked when one of its steps navigated or may have
 * changed the page (the daemon's target file records origin and path only, so a query-only navigation is seen
 * here or not at all). The same object when nothing changed.
 */
export const afterCall = (snapshot: RefSnapshot, steps: ReadonlyArray<ReadonlyArray<string>>): RefSnapshot => {
  let changed = snapshot.changedSince
  for (const step of steps) {
    const command = parseCommandLine(step).command
    if (command === undefined || changed?.navigated === true) continue
    const refs = refsIn(step)
    const formClick =
      command === "click" &&
      refs.length > 0 &&
      refs.every((r) => FORM_CLICK_ROLES.has(snapshot.refs.get(r)?.role ?? ""))
    if (loadsUrl(command)) changed = { command, navigated: true }
    else if (invalidatesRefs(command) && !formClick && changed === undefined) changed = { command, navigated: false }
  }
  return changed === undefined || changed === snapshot.changedSince ? snapshot : { ...snapshot, changedSince: changed }
}

/** Whether refs of this snapshot can be proven current: same daemon, same page (query included), nothing since. */
export const provablyCurrent = (
  snapshot: RefSnapshot,
  current: { pid: string | undefined; url: string | undefined }
): boolean => {
  if (snapshot.changedSince !== undefined || snapshot.daemonPid === undefined || snapshot.daemonPid !== current.pid)
    return false
  if (current.url === undefined) return false
  try {
    const a = new URL(snapshot.url.trim())
    const b = new URL(current.url.trim())
    return a.origin === b.origin && a.pathname === b.pathname && a.search === b.search
  } catch {
    return false
  }
}

/**
 * A pointer command on a ref the latest snapshot marked hidden (a pointer could not reach it, while its twin of the
 * same role and name could; page/hiddenTwins.ts), nothing having changed the page since: refused before it runs,
 * with the twin as the current ref to use (upstream would act on the hidden one, or on what covers it).
 */
export const hiddenRefOf = (
  argv: ReadonlyArray<string>,
  snapshot: RefSnapshot | undefined
): SelectorNotFound | undefined => {
  const command = parseCommandLine(argv).command
  const ref = refsIn(argv)[0]
  if (
    !actsThroughPointer(command) ||
    ref === undefined ||
    snapshot === undefined ||
    snapshot.changedSince !== undefined
  )
    return undefined
  const twin = snapshot.hidden?.get(ref)
  const info = snapshot.refs.get(ref)
  const twinInfo = twin !== undefined ? snapshot.refs.get(twin) : undefined
  if (twin === undefined || info === undefined || twinInfo === undefined) return undefined
  return new SelectorNotFound({
    selector: `@${ref}`,
    reason: "unreachable-ref",
    detail:
      `@${ref} (${info.role} "${info.name}") is hidden: the latest snapshot found that a pointer cannot reach it ` +
      `(a widget keeps it hidden or draws over it), so the ${command} would not act on it. Nothing was done. ` +
      `@${twin} is the ${twinInfo.role} "${twinInfo.name}" a pointer can reach.`,
    fallback: { action: command, refs: [{ ref: twin, role: twinInfo.role, name: twinInfo.name }] }
  })
}

/** The first stale ref of a direct command, if any. */
export const preflightArgs = (
  argv: ReadonlyArray<string>,
  snapshot: RefSnapshot | undefined,
  current: { pid: string | undefined; url: string | undefined }
): StaleRef | undefined => check(refsIn(argv), snapshot, current)

/** The first stale ref of a batch (stdin JSON array of argv arrays), scanning steps in order. */
export const preflightBatch = (
  stdin: string,
  snapshot: RefSnapshot | undefined,
  current: { pid: string | undefined; url: string | undefined }
): StaleRef | undefined => {
  // upstream reports invalid batch JSON itself
  const steps = batchRowsOf(stdin)
  if (steps === undefined) return undefined
  let latched: string | undefined
  let known: RefSnapshot | undefined = snapshot
  // refs this batch already acted on since the last snapshot: a key press leaves them to upstream, which refuses a ref
  // of a document the press navigated away from ("Unknown ref"); typing on into the same field stays allowed
  const used = new Set<string>()
  let keyLatch: ReadonlySet<string> | undefined
  for (const [index, step] of steps.entries()) {
    if (!isBatchStep(step)) continue
    const argv = step
    const command = argv[0]
    if (command === "snapshot") {
      latched = undefined
      keyLatch = undefined
      used.clear()
      known = undefined // the new refs are unknown until it runs
      continue
    }
    const refs = refsIn(argv)
    if (refs.length > 0) {
      const exempt = latched !== undefined && keyLatch !== undefined && refs.every((r) => keyLatch?.has(r) === true)
      if (latched !== undefined && !exempt) {
        return new StaleRef({
          ref: refs[0] ?? "",
          reason: "after-page-change",
          detail:
            `batch step ${index + 1} uses @${refs[0]} after step ${latched} may have changed the page; ` +
            "add a snapshot step before it"
        })
      }
      const stale = check(refs, known, current)
      if (stale !== undefined) return withFields(stale, { batchStep: index + 1 })
    }
    for (const r of refs) used.add(r)
    const formClick =
      command === "click" && refs.length > 0 && refs.every((r) => FORM_CLICK_ROLES.has(known?.refs.get(r)?.role ?? ""))
    if (invalidatesRefs(command) && !formClick) {
      const key = isKeyPress(command)
      // a key press after another latch adds nothing; a first one exempts the refs acted on so far
      if (latched === undefined) keyLatch = key ? new Set(used) : undefined
      else if (!key) keyLatch = undefined
      latched = `${index + 1} (${command})`
    }
  }
  return undefined
}

/** A `snapshot` that failed because the session's browser has no active page: its refs are void. */
export const isNoActivePageSnapshot = (
  plan: { readonly line: { readonly command?: string | undefined } },
  error: { readonly _tag: string; readonly code?: string | undefined }
): boolean => error._tag === "UpstreamFailed" && error.code === NO_ACTIVE_PAGE && plan.line.command === "snapshot"
