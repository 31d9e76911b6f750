/**
 * After a navigation, whether the page is a challenge a human must complete (CAPTCHA, anti-bot interstitial, login
 * wall). `open` reads the page (title, URL and challenge facts in one `eval`, in the open's own process, launch
 * included: program/page/openCommand.ts); a navigating click reuses the
 * facts its navigation probe already read and is judged only when it reached another page. The call stays a success:
 * the result says so and hands the step to the human. Never retried, solved or bypassed here. The same read after
 * `open` lets a page still building its UI settle briefly and says whether it did (`pageSettle`).
 */
import * as Effect from "effect/Effect"
import type { ChallengePage, Navigation } from "../../domain/Executed.js"
import type { PageSettle } from "../../schema/PageDiagnostics.js"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { LastPage } from "../../domain/PageFacts.js"
import type { Plan } from "../../domain/Plan.js"
import { type ChallengeFacts, challengeOf } from "../../page/challengeEvidence.js"
import { type OpenedPage, probeChallengeFacts } from "./pageProbes.js"
import { isOpening } from "../../upstream/commandEffects.js"

export interface AfterNavigation {
  readonly challengePage?: ChallengePage
  readonly pageSettle?: PageSettle
}

export const challengePageAfter = (
  plan: Plan,
  outcome: UpstreamOutcome,
  navigation: Navigation | undefined,
  facts: ChallengeFacts | undefined,
  previousPage: LastPage | undefined,
  /** The read an open already ran in its own process (the page is not read again). */
  opened?: { readonly page: OpenedPage | undefined }
) =>
  Effect.gen(function* () {
    // a reply with a warning (an open dialog) is left alone, as the navigation probe does
    const none: AfterNavigation = {}
    if (plan.kind !== "browser" || outcome.kind !== "single" || outcome.warning !== undefined) return none
    const [command, requested] = plan.line.positionals
    if (isOpening(command)) {
      const page = opened !== undefined ? opened.page : yield* probeChallengeFacts(plan)
      if (page === undefined) return none
      const found = challengeOf({ title: page.title, url: page.url, facts: page.facts, requestedUrl: requested })
      return {
        ...(found !== undefined
          ? { challengePage: { ...found, url: requested ?? page.url } satisfies ChallengePage }
          : {}),
        ...(page.settle !== undefined ? { pageSettle: page.settle } : {})
      } satisfies AfterNavigation
    }
    if (navigation === undefined || facts === undefined || navigation.url === previousPage?.url) return none
    const found = challengeOf({ title: navigation.title ?? "", url: navigation.url, facts })
    return found === undefined ? none : { challengePage: { ...found, url: navigation.url } satisfies ChallengePage }
  })
