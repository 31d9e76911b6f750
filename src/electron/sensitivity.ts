/**
 * Likely-sensitive app annotations: advisory hints for the user's decision to expose an app over remote debugging
 * (notes, chat, mail, developer workspaces, passwords/auth). Never enforcement: caller allow/deny decides. Pure.
 */
import type { ElectronSensitivity, SensitivityCategory } from "../schema/ElectronRecord.js"

/** Name tokens (lower case, whole words or word prefixes of the app's identifiers) per category. */
const NAME_HINTS: ReadonlyArray<readonly [SensitivityCategory, ReadonlyArray<string>]> = [
  [
    "notes",
    [
      "obsidian",
      "notion",
      "joplin",
      "logseq",
      "evernote",
      "simplenote",
      "standardnotes",
      "standard notes",
      "notes",
      "notable",
      "trilium",
      "anytype",
      "craft",
      "bear"
    ]
  ],
  [
    "chat",
    [
      "slack",
      "discord",
      "teams",
      "signal",
      "whatsapp",
      "telegram",
      "element",
      "mattermost",
      "rocket.chat",
      "zulip",
      "skype",
      "messenger",
      "wire",
      "franz",
      "rambox",
      "ferdium",
      "beeper",
      "chat"
    ]
  ],
  [
    "mail",
    [
      "mail",
      "thunderbird",
      "mailspring",
      "outlook",
      "protonmail",
      "proton mail",
      "hey",
      "spark",
      "tutanota",
      "tuta",
      "mailbird"
    ]
  ],
  [
    "developer-workspace",
    [
      "visual studio code",
      "vscode",
      "vscodium",
      "code",
      "cursor",
      "windsurf",
      "github desktop",
      "gitkraken",
      "postman",
      "insomnia",
      "atom",
      "hyper",
      "tabby",
      "warp",
      "dbeaver",
      "beekeeper",
      "mongodb compass",
      "docker desktop",
      "lens"
    ]
  ],
  [
    "passwords-auth",
    [
      "1password",
      "bitwarden",
      "keepass",
      "keepassxc",
      "lastpass",
      "dashlane",
      "authy",
      "keeper",
      "proton pass",
      "enpass",
      "authenticator",
      "password",
      "vault"
    ]
  ]
]

/** Desktop-file categories (freedesktop registered categories) per sensitivity category. */
const DESKTOP_CATEGORIES: ReadonlyArray<readonly [SensitivityCategory, ReadonlyArray<string>]> = [
  ["chat", ["instantmessaging", "chat", "ircclient", "videoconference"]],
  ["mail", ["email"]],
  ["developer-workspace", ["ide", "development", "texteditor", "revisioncontrol"]],
  ["passwords-auth", ["security"]]
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** True when `hint` occurs in `text` as whole words (`code` matches "Visual Studio Code", not "barcode"). */
const hasWords = (text: string, hint: string): boolean =>
  new RegExp(`(^|[^a-z0-9])${escapeRegExp(hint)}($|[^a-z0-9])`).test(text)

export interface SensitivityInput {
  readonly name: string
  readonly desktopId?: string
  readonly bundleId?: string
  readonly executablePath?: string
  readonly categories?: ReadonlyArray<string>
  readonly keywords?: ReadonlyArray<string>
}

export const classifySensitivity = (app: SensitivityInput): ElectronSensitivity | undefined => {
  const base = app.executablePath?.split("/").pop() ?? ""
  const text = [app.name, app.desktopId ?? "", app.bundleId ?? "", base, ...(app.keywords ?? [])]
    .join(" | ")
    .toLowerCase()
  const desktopCategories = (app.categories ?? []).map((c) => c.toLowerCase())
  const found = new Set<SensitivityCategory>()
  for (const [category, hints] of NAME_HINTS) if (hints.some((h) => hasWords(text, h))) found.add(category)
  for (const [category, names] of DESKTOP_CATEGORIES)
    if (names.some((n) => desktopCategories.includes(n))) found.add(category)
  const categories = NAME_HINTS.map(([c]) => c).filter((c) => found.has(c))
  return categories.length === 0 ? undefined : { level: "likely-sensitive", categories }
}
