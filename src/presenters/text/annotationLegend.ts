/**
 * `screenshot --annotate`: the numbered labels upstream drew on the image, each with the ref it stands for, its role
 * and name (upstream's `annotations`), so the image's numbers can be acted on without a snapshot. Names are page
 * text: the legend is one page block. Pure.
 */
import { page, type Parts } from "./contentBoundary.js"
import type { Data } from "./contentBoundary.js"

/** At most this many labels are listed; the rest are counted. */
const MAX_LABELS = 40

const asRecord = (v: unknown) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>) : undefined)

/** The legend's lines after the saved path, or none when the reply has no annotations. */
export const annotationLegend = (data: Data): Parts => {
  const labels = (Array.isArray(data["annotations"]) ? data["annotations"] : []).flatMap((a) => {
    const r = asRecord(a)
    const [n, ref, role, name] = [r?.["number"], r?.["ref"], r?.["role"], r?.["name"]]
    if (typeof n !== "number" || typeof ref !== "string") return []
    const named = typeof name === "string" && name !== "" ? ` ${JSON.stringify(name)}` : ""
    return [`[${n}] @${ref}${typeof role === "string" ? ` ${role}` : ""}${named}`]
  })
  if (labels.length === 0) return []
  const more = labels.length > MAX_LABELS ? [`\n(and ${labels.length - MAX_LABELS} more labels)`] : []
  return ["\nLabels:\n", page(labels.slice(0, MAX_LABELS).join("\n")), ...more]
}
