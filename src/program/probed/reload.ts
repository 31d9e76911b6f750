/** `reload`: where the page is scrolled after it, when not at its top (the browser keeps it: page/reloadScroll.ts). */
import * as Effect from "effect/Effect"
import { isReloadCommand, KEPT_SCROLL_READ, keptScrollOf } from "../../page/reloadScroll.js"
import { evalAt, plain, type ProbeKind, replyOf } from "./probed.js"

export const reloadProbe: ProbeKind = {
  commands: ["reload"],
  applies: isReloadCommand,
  probes: () => ({
    before: [],
    after: [["eval", KEPT_SCROLL_READ]],
    read: (ran) => {
      if (ran.row === undefined) return Effect.succeed(undefined)
      return Effect.succeed(plain(replyOf(ran.row, keptScrollOf(evalAt(ran, ran.at + 1)))))
    }
  })
}
