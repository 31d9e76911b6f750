/**
 * Caller-owned allow/deny lists for `electron.launch`. Entries match the app's name, bundle id, desktop id, app path
 * or executable path by substring (any case); deny wins; with an allow list the target must match it. Pure.
 */
import * as Either from "effect/Either"
import type { ElectronApp } from "../schema/ElectronRecord.js"
import { PolicyBlocked } from "../schema/ToolError.js"

type PolicySubject = Pick<ElectronApp, "name" | "appPath" | "executablePath"> &
  Partial<Pick<ElectronApp, "bundleId" | "desktopId">>

const matches = (subject: PolicySubject, entry: string): boolean => {
  const needle = entry.toLowerCase()
  return [subject.name, subject.bundleId, subject.desktopId, subject.appPath, subject.executablePath].some(
    (field) => field !== undefined && field.toLowerCase().includes(needle)
  )
}

export const checkLaunchPolicy = (
  subject: PolicySubject,
  allow: ReadonlyArray<string> | undefined,
  deny: ReadonlyArray<string> | undefined
): Either.Either<void, PolicyBlocked> => {
  const denied = deny?.find((entry) => matches(subject, entry))
  if (denied !== undefined) {
    return Either.left(
      new PolicyBlocked({
        detail: `electron launch of ${subject.name} blocked by deny entry "${denied}"`,
        policy: { list: "deny", entry: denied }
      })
    )
  }
  if (allow !== undefined && !allow.some((entry) => matches(subject, entry))) {
    return Either.left(
      new PolicyBlocked({
        detail: `electron launch of ${subject.name} blocked: it matches no allow entry`,
        policy: { list: "allow" }
      })
    )
  }
  return Either.right(undefined)
}
