/** What a `screenshot` asks of its file beyond what upstream writes (upstream/screenshotOptions.ts). */
export interface ScreenshotOptions {
  /** The format the caller asked for (by `--screenshot-format` or the path's extension). */
  readonly format: "png" | "jpeg" | "webp"
  /** `--scale css`: one image pixel per CSS pixel (the file is scaled down by the page's devicePixelRatio). */
  readonly css: boolean
}
