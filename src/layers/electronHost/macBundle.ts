/**
 * macOS application bundles as Apple documents them (Bundle Programming Guide): `X.app/Contents/Info.plist` names
 * the binary (`CFBundleExecutable`, in `Contents/MacOS/`) and the bundle id (`CFBundleIdentifier`); an Electron app
 * keeps its code in `Contents/Resources/app.asar` (or `app/`). Only XML plists are read; a binary plist falls back
 * to the bundle's name. Pure apart from one bounded file read.
 */
import { readFileSync, statSync } from "node:fs"
import { basename, join } from "node:path"

export interface InfoPlist {
  readonly executable?: string
  readonly bundleId?: string
  readonly name?: string
}

const unescapeXml = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")

/** The string value of one top-level key of an XML plist. */
const plistString = (xml: string, key: string): string | undefined => {
  const match = new RegExp(`<key>\\s*${key}\\s*</key>\\s*<string>([^<]*)</string>`).exec(xml)
  const value = match?.[1]?.trim()
  return value === undefined || value === "" ? undefined : unescapeXml(value)
}

export const parseInfoPlist = (xml: string): InfoPlist => {
  const executable = plistString(xml, "CFBundleExecutable")
  const bundleId = plistString(xml, "CFBundleIdentifier")
  const name = plistString(xml, "CFBundleDisplayName") ?? plistString(xml, "CFBundleName")
  return {
    ...(executable !== undefined ? { executable } : {}),
    ...(bundleId !== undefined ? { bundleId } : {}),
    ...(name !== undefined ? { name } : {})
  }
}

export const readInfoPlist = (bundle: string): InfoPlist => {
  const path = join(bundle, "Contents", "Info.plist")
  try {
    if (statSync(path).size > 1024 * 1024) return {}
    const text = readFileSync(path, "utf8")
    return text.startsWith("bplist") ? {} : parseInfoPlist(text)
  } catch {
    return {}
  }
}

/** The binary a bundle runs: `Contents/MacOS/<CFBundleExecutable>`, else `Contents/MacOS/<bundle name>`. */
export const bundleExecutable = (bundle: string, plist: InfoPlist = readInfoPlist(bundle)): string =>
  join(bundle, "Contents", "MacOS", plist.executable ?? basename(bundle.replace(/\/+$/, ""), ".app"))
