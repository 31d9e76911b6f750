/**
 * A DevTools endpoint for fake-graph tests: the test gives what it exercises (`inspect`, `command`, `crashed`, …);
 * everything else answers nothing (no crash, no profile, no record), at a loopback address nothing listens on.
 */
import * as Effect from "effect/Effect"
import type { BrowserEndpointsShape } from "../../src/services/BrowserEndpoints.js"

export const fakeEndpoints = (
  own: Pick<BrowserEndpointsShape, "inspect" | "command"> & Partial<BrowserEndpointsShape>
): BrowserEndpointsShape => ({
  crashed: () => Effect.succeed(false),
  inProfile: () => Effect.succeed(undefined),
  record: () => Effect.succeed(undefined),
  endpointOf: () => Effect.succeed("http://127.0.0.1:9"),
  check: () => Effect.succeed(undefined),
  forget: () => Effect.void,
  ...own
})

/**
 * A DevTools endpoint whose one page tab (T1, at `url`) answers no evaluation, as a page a script or a dialog holds:
 * the renderers' CPU time grows by `step` seconds per read; `asked` is shown each command's socket and method.
 */
export const silentPageEndpoints = (
  url: string,
  step: number,
  asked: (socket: string, method: string) => void
): BrowserEndpointsShape => {
  let cpu = 1
  return fakeEndpoints({
    inspect: () =>
      Effect.succeed({
        browserId: "B1",
        targets: [{ id: "T1", type: "page", url, webSocketDebuggerUrl: "ws://127.0.0.1:9/devtools/page/T1" }]
      }),
    command: (socket, method) =>
      Effect.sync(() => {
        asked(socket, method)
        if (method !== "SystemInfo.getProcessInfo") return undefined
        cpu += step
        return { processInfo: [{ type: "renderer", id: 7, cpuTime: cpu }] }
      })
  })
}

/** A daemon probe beside silentPageEndpoints: it finds the tab (T1), no daemon process and no URL. */
export const silentPageProbe = {
  observe: () => Effect.succeed({ pid: undefined, url: undefined, targetId: "T1" }),
  end: () => Effect.succeed("not-running" as const)
}
