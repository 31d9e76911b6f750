/** Challenge pages judged from structure only: interstitials, CAPTCHAs and login walls, and ordinary pages that only talk about them. */
import { describe, expect, it } from "vitest"
import { challengeFactsOf, challengeOf, type ChallengeFacts } from "../../src/page/challengeEvidence.js"

const none: ChallengeFacts = { frames: [], scripts: [], markers: [], widgets: [], passwords: 0 }
const facts = (f: Partial<ChallengeFacts>): ChallengeFacts => ({ ...none, ...f })

describe("challengeOf", () => {
  it("a Cloudflare-like interstitial: its title, challenge elements and orchestrate script", () => {
    const found = challengeOf({
      title: "Just a moment...",
      url: "https://shop.test/",
      facts: facts({
        markers: ["#challenge-form"],
        scripts: ["/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=1"]
      })
    })
    expect(found?.kind).toBe("interstitial")
    expect(found?.evidence).toEqual([
      'title is "Just a moment..."',
      "challenge element #challenge-form",
      "challenge-platform orchestrate script"
    ])
  })

  it("the title alone, or the challenge URL alone, is enough for an interstitial", () => {
    expect(challengeOf({ title: "Attention Required! | Cloudflare", url: "https://a.test/", facts: none })?.kind).toBe(
      "interstitial"
    )
    expect(challengeOf({ title: "", url: "https://a.test/x?__cf_chl_tk=abc", facts: undefined })?.kind).toBe(
      "interstitial"
    )
    expect(
      challengeOf({ title: "", url: "https://a.test/cdn-cgi/challenge-platform/h/g/flow", facts: undefined })?.kind
    ).toBe("interstitial")
  })

  it("a visible CAPTCHA frame or widget is a captcha; an invisible reCAPTCHA v3 frame is not", () => {
    const shown = challengeOf({
      title: "Verify your request",
      url: "https://a.test/verify",
      facts: facts({
        frames: ["https://www.google.com/recaptcha/api2/anchor?k=x&size=normal reCAPTCHA"],
        widgets: [".g-recaptcha"]
      })
    })
    expect(shown).toEqual({
      kind: "captcha",
      evidence: ["visible reCAPTCHA frame", "visible reCAPTCHA widget (.g-recaptcha)"]
    })
    expect(
      challengeOf({
        title: "Shop",
        url: "https://a.test/",
        facts: facts({ frames: ["https://www.google.com/recaptcha/api2/anchor?k=x&size=invisible "] })
      })
    ).toBeUndefined()
    expect(
      challengeOf({
        title: "Checkout",
        url: "https://a.test/",
        facts: facts({ frames: ["https://challenges.cloudflare.com/cdn-cgi/challenge-platform/turnstile/if/ov2 "] })
      })?.evidence
    ).toEqual(["visible Turnstile frame"])
  })

  it("an article about CAPTCHAs is an ordinary page: words in the title or the text are not evidence", () => {
    expect(
      challengeOf({
        title: "How CAPTCHA works: a short history of reCAPTCHA and hCaptcha",
        url: "https://news.test/captcha-article",
        facts: none
      })
    ).toBeUndefined()
    expect(
      challengeOf({ title: 'Why sites say "Just a moment..."', url: "https://news.test/cf", facts: none })
    ).toBeUndefined()
    // a normal page loading Cloudflare's bot-detection script (not the challenge orchestrator) is not a challenge
    expect(
      challengeOf({
        title: "Docs",
        url: "https://a.test/",
        facts: facts({ scripts: ["/cdn-cgi/challenge-platform/scripts/jsd/main.js"] })
      })
    ).toBeUndefined()
  })

  it("a login wall is a redirect from the requested page to a sign-in form", () => {
    const found = challengeOf({
      title: "Sign in",
      url: "https://app.test/login?next=%2Fdashboard",
      facts: facts({ passwords: 1 }),
      requestedUrl: "https://app.test/dashboard"
    })
    expect(found).toEqual({
      kind: "login-wall",
      evidence: [
        "redirected away from the requested page",
        "landed on a sign-in URL",
        "sign-in title",
        "visible password field"
      ]
    })
  })

  it("asking for the login page, staying on the requested page, or no password field is not a login wall", () => {
    const login = { title: "Sign in", url: "https://app.test/login", facts: facts({ passwords: 1 }) }
    expect(challengeOf({ ...login, requestedUrl: "https://app.test/login" })).toBeUndefined()
    expect(challengeOf({ ...login, requestedUrl: "https://app.test/signin" })).toBeUndefined()
    expect(
      challengeOf({
        ...login,
        url: "https://app.test/settings",
        title: "Settings",
        requestedUrl: "https://app.test/settings/"
      })
    ).toBeUndefined()
    expect(challengeOf({ ...login, facts: none, requestedUrl: "https://app.test/dashboard" })).toBeUndefined()
    // a click has no requested URL: following a "Sign in" link is not a wall
    expect(challengeOf(login)).toBeUndefined()
    // a redirect to an ordinary page that happens to have a password field (change-password form) is not a wall either
    expect(
      challengeOf({
        title: "Profile",
        url: "https://app.test/profile",
        facts: facts({ passwords: 1 }),
        requestedUrl: "https://app.test/me"
      })
    ).toBeUndefined()
  })

  it("facts of the wrong shape are no facts", () => {
    expect(challengeFactsOf({ frames: "x" })).toBeUndefined()
    expect(challengeFactsOf(none)).toEqual(none)
  })
})
