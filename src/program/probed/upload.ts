/**
 * `upload <css> <files>`: a target that is no file input is refused by the step before it; the files the input took
 * are read after it (page/uploadRead.ts).
 */
import * as Effect from "effect/Effect"
import { uploadOutcomeOf, uploadProbeRows, uploadTargetOf, withUploadHeld } from "../../page/uploadRead.js"
import { plain, type ProbeKind, refused, replyOf } from "./probed.js"

export const uploadProbe: ProbeKind = {
  commands: ["upload"],
  applies: (argv) => uploadTargetOf(argv) !== undefined,
  probes: ({ plan }) => {
    const upload = uploadTargetOf(plan.line.positionals)
    if (upload === undefined) return undefined
    return {
      ...uploadProbeRows(upload),
      bail: true,
      read: (ran) => {
        const uploaded = uploadOutcomeOf(upload, ran.rows, ran.at)
        if (uploaded.refused !== undefined) return Effect.succeed(refused(uploaded.refused))
        if (ran.row === undefined) return Effect.succeed(undefined)
        const data = ran.row.success ? withUploadHeld(ran.row.result, uploaded) : undefined
        return Effect.succeed(plain(replyOf(ran.row, {}, data)))
      }
    }
  }
}
