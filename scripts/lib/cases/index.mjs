// Every case of bench:cases, with defaults filled in: area from the id, `open` of the case page as setup, a 20 s
// deadline per run (a deadline ends the case; the run goes on).
import { enables, hovermenus, scrollboxes, spas, twins, validity } from "./appsValidity.mjs"
import { clicks, keys } from "./clicksKeys.mjs"
import { drags, gestures } from "./dragGestures.mjs"
import { consoleCases, network, prepareNetwork } from "./consoleNetwork.mjs"
import { frames, pdfs, reads, shadows, waits } from "./framesShadowReads.mjs"
import { editors, focuskeys, longlists, selects, selfnavs } from "./editorsListsFocus.mjs"
import { inputs } from "./inputsBeyondText.mjs"
import { kbdEditing, kbdWidgets } from "./keyboardWidgets.mjs"
import { dialogs, forms } from "./formsDialogs.mjs"
import { evals, finds, traces } from "./findEval.mjs"
import { mouse, routes } from "./routesMouse.mjs"
import { navs, waitfors } from "./navigationWaits.mjs"
import { overlays, transients } from "./overlaysTransient.mjs"
import { popups, scrolling, xframes } from "./popupsFramesScrolling.mjs"
import { launches, screenshots } from "./screenshotsLaunches.mjs"
import { snapshots } from "./snapshots.mjs"
import { fields, suggests, wizards } from "./webFormTasks.mjs"
import { disclosures, tables } from "./webListTasks.mjs"
import { queued } from "./queuedEffects.mjs"
import { editorMore, selectMore, shadowMore, spaMore, validMore } from "./thinAreas.mjs"
import { clipboard, pageReads, settings } from "./settingsClipboard.mjs"
import { cookies, storage } from "./storageCookies.mjs"
import { crashes, downloads, tabs } from "./tabsCrashesDownloads.mjs"
import { asyncMore } from "./asyncMechanisms.mjs"

const DEFAULTS = { setup: (c) => [["open", c.url]], timeoutMs: 20_000 }

/** What some cases need before they run (a port nothing listens on). */
export const prepareCases = async () => {
  await prepareNetwork()
}

export const allCases = () => {
  const list = [
    ...clicks,
    ...keys,
    ...forms,
    ...dialogs,
    ...consoleCases,
    ...network,
    ...tabs,
    ...crashes,
    ...downloads,
    ...storage,
    ...cookies,
    ...routes,
    ...mouse,
    ...screenshots,
    ...launches,
    ...snapshots,
    ...shadows,
    ...frames,
    ...waits,
    ...reads,
    ...pdfs,
    ...settings,
    ...clipboard,
    ...pageReads,
    ...finds,
    ...evals,
    ...traces,
    ...spas,
    ...validity,
    ...enables,
    ...twins,
    ...scrollboxes,
    ...hovermenus,
    ...selects,
    ...editors,
    ...selfnavs,
    ...longlists,
    ...focuskeys,
    ...overlays,
    ...transients,
    ...inputs,
    ...popups,
    ...xframes,
    ...scrolling,
    ...navs,
    ...waitfors,
    ...kbdWidgets,
    ...kbdEditing,
    ...drags,
    ...gestures,
    ...fields,
    ...wizards,
    ...suggests,
    ...tables,
    ...disclosures,
    ...queued,
    ...shadowMore,
    ...spaMore,
    ...selectMore,
    ...editorMore,
    ...validMore,
    ...asyncMore
  ]
  const seen = new Set()
  return list.map((k) => {
    if (seen.has(k.id)) throw new Error(`duplicate case id ${k.id}`)
    seen.add(k.id)
    return { ...DEFAULTS, area: k.id.split(".")[0], ...k }
  })
}
