/**
 * Whether a page the browser just navigated to is a challenge a human must complete: a CAPTCHA, an anti-bot
 * interstitial (Cloudflare "Just a moment...", DDoS-Guard, ...) or a login wall the caller was redirected to. Judged
 * from structure only (the title as a whole, the URL, visible challenge widgets and frames, a password field), never
 * from words in the page's text, so an article about CAPTCHAs is an ordinary page. Evidence is said in the tool's own
 * fixed words: no page string is repeated. Pure; the facts come from one `eval` of `CHALLENGE_FACTS_EXPRESSION`.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { ChallengePage } from "../domain/Executed.js"

/**
 * The page read, as one JS expression (evaluated in the same probe that reads title and URL). Visible means a box of
 * at least 2x2 CSS px that is not hidden by style; frames and scripts are reported by src only, cut to 200 chars.
 */
export const CHALLENGE_FACTS_EXPRESSION: string = `(() => {
  const vis = (e) => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 1 && r.height > 1 && s.visibility !== "hidden" && s.display !== "none" && s.opacity !== "0"
  };
  const src = (e) => String(e.getAttribute("src") || "").slice(0, 200);
  const q = (s) => [...document.querySelectorAll(s)];
  return {
    frames: q("iframe").filter(vis).slice(0, 20).map((f) => src(f) + " " + String(f.title || "").slice(0, 60)),
    scripts: q("script[src]").slice(0, 60).map(src),
    markers: [
      "#challenge-form", "#challenge-running", "#challenge-stage", "#cf-challenge-running", ".cf-browser-verification",
      "#ddg-captcha"
    ].filter((s) => document.querySelector(s) !== null),
    widgets: [".g-recaptcha", ".h-captcha", ".cf-turnstile", "#px-captcha", "[data-sitekey]"]
      .filter((s) => q(s).some(vis)),
    passwords: q("input[type=password]").filter(vis).length
  };
})()`

export const ChallengeFacts = Schema.Struct({
  frames: Schema.Array(Schema.String),
  scripts: Schema.Array(Schema.String),
  markers: Schema.Array(Schema.String),
  widgets: Schema.Array(Schema.String),
  passwords: Schema.Number
})
export type ChallengeFacts = typeof ChallengeFacts.Type

/** The facts from the probe's eval result, or undefined when the page did not answer in this shape. */
export const challengeFactsOf = (value: unknown): ChallengeFacts | undefined =>
  Option.getOrUndefined(Schema.decodeUnknownOption(ChallengeFacts)(value))

/** Whole titles anti-bot interstitials use (compared trimmed, case-insensitive). */
const INTERSTITIAL_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^just a moment(\.\.\.|…)?$/i, "Just a moment..."],
  [/^attention required!?( \| cloudflare)?$/i, "Attention Required! | Cloudflare"],
  [/^(checking your browser|please wait while we check your browser)\b.{0,40}$/i, "Checking your browser"],
  [/^ddos-guard$/i, "DDoS-Guard"],
  [/^pardon our interruption\.{0,3}$/i, "Pardon Our Interruption"],
  [/^one (more step|moment, please)(\.\.\.|…)?$/i, "One more step"]
]
/** Whole titles of pages that are nothing but a CAPTCHA. */
const CAPTCHA_TITLES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(captcha|recaptcha|hcaptcha)( challenge)?$/i, "CAPTCHA"],
  [/^(are you a (human|robot)\??|robot check|human verification|verify you are human)$/i, "robot check"]
]

const CAPTCHA_FRAMES: ReadonlyArray<readonly [RegExp, string]> = [
  [/recaptcha/i, "reCAPTCHA"],
  [/hcaptcha/i, "hCaptcha"],
  [/challenges\.cloudflare\.com|turnstile/i, "Turnstile"],
  [/arkoselabs|funcaptcha/i, "Arkose"],
  [/captcha-delivery\.com/i, "DataDome"]
]

const WIDGETS: Readonly<Record<string, string>> = {
  ".g-recaptcha": "reCAPTCHA",
  ".h-captcha": "hCaptcha",
  ".cf-turnstile": "Turnstile",
  "#px-captcha": "PerimeterX",
  "[data-sitekey]": "CAPTCHA"
}

const LOGIN_PATH =
  /(^|[/_.-])(log-?in|sign-?in|signin|sign_in|auth|sso|session|account\/?login|oauth|authorize)([/_.?-]|$)/i
const LOGIN_TITLE = /\b(sign[ -]?in|log[ -]?in|login|anmelden|connexion|iniciar sesión)\b/i

const urlOf = (raw: string | undefined): URL | undefined => {
  if (raw === undefined || raw === "") return undefined
  try {
    return new URL(raw)
  } catch {
    return undefined
  }
}

export interface ChallengeInput {
  readonly title: string
  readonly url: string
  readonly facts: ChallengeFacts | undefined
  /**
   * The URL the caller asked to open (open/goto/navigate), when there was one: a login wall is a redirect away from it.
   */
  readonly requestedUrl?: string | undefined
}

const titled = (title: string, table: ReadonlyArray<readonly [RegExp, string]>): string | undefined =>
  table.find(([pattern]) => pattern.test(title.trim()))?.[1]

/** The challenge the page is, with its evidence, or undefined for an ordinary page. */
export const challengeOf = (input: ChallengeInput): ChallengePage | undefined => {
  const url = urlOf(input.url)
  const facts = input.facts
  const interstitial: Array<string> = []
  const captcha: Array<string> = []
  const interstitialTitle = titled(input.title, INTERSTITIAL_TITLES)
  if (interstitialTitle !== undefined) interstitial.push(`title is "${interstitialTitle}"`)
  if (url !== undefined && url.pathname.includes("/cdn-cgi/challenge-platform/"))
    interstitial.push("URL is on /cdn-cgi/challenge-platform/")
  if (url !== undefined && /(^|[?&])__cf_chl_/.test(url.search))
    interstitial.push("URL carries a __cf_chl_ challenge token")
  for (const marker of facts?.markers ?? []) interstitial.push(`challenge element ${marker}`)
  if ((facts?.scripts ?? []).some((s) => /\/cdn-cgi\/challenge-platform\/.*orchestrate/.test(s)))
    interstitial.push("challenge-platform orchestrate script")
  const captchaTitle = titled(input.title, CAPTCHA_TITLES)
  if (captchaTitle !== undefined) captcha.push(`title is "${captchaTitle}"`)
  if (url !== undefined && /^\/sorry\/index/.test(url.pathname)) captcha.push("URL is a /sorry/ CAPTCHA page")
  for (const frame of facts?.frames ?? []) {
    const vendor = CAPTCHA_FRAMES.find(([pattern]) => pattern.test(frame))?.[1]
    if (vendor !== undefined && !/[?&]size=invisible\b/.test(frame)) captcha.push(`visible ${vendor} frame`)
  }
  for (const widget of facts?.widgets ?? []) captcha.push(`visible ${WIDGETS[widget] ?? "CAPTCHA"} widget (${widget})`)
  if (interstitial.length > 0) return { kind: "interstitial", evidence: dedupe([...interstitial, ...captcha]) }
  if (captcha.length > 0) return { kind: "captcha", evidence: dedupe(captcha) }
  return loginWall(input, url)
}

/**
 * A sign-in form the caller was redirected to from another page: only with a requested URL and a visible password
 * field.
 */
const loginWall = (input: ChallengeInput, url: URL | undefined): ChallengePage | undefined => {
  const requested = urlOf(input.requestedUrl)
  if (requested === undefined || url === undefined || (input.facts?.passwords ?? 0) === 0) return undefined
  const path = (u: URL) => u.pathname.replace(/\/+$/, "") || "/"
  if (requested.origin === url.origin && path(requested) === path(url)) return undefined
  // asking for a login page is not hitting a wall
  if (LOGIN_PATH.test(requested.pathname)) return undefined
  const loginUrl = LOGIN_PATH.test(url.pathname) || LOGIN_PATH.test(url.hostname)
  const loginTitle = LOGIN_TITLE.test(input.title)
  if (!loginUrl && !loginTitle) return undefined
  return {
    kind: "login-wall",
    evidence: [
      "redirected away from the requested page",
      ...(loginUrl ? ["landed on a sign-in URL"] : []),
      ...(loginTitle ? ["sign-in title"] : []),
      "visible password field"
    ]
  }
}

const dedupe = (items: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(items)]
