/**
 * The one composition root: every service of the tool over one ToolConfig. The live graph (`MainLive`, pi's runtime,
 * the benchmarks) and the test kit (`makeFakeLayer`) both call `makeServicesLayer`; only the parts that touch
 * processes (the agent-browser runner, the Electron host, the OS process table) are swappable.
 */
import * as Layer from "effect/Layer"
import type { ArtifactStore } from "../services/ArtifactStore.js"
import type { BinaryLocator } from "../services/BinaryLocator.js"
import type { BrowserEndpoints } from "../services/BrowserEndpoints.js"
import type { BrowserPool } from "../services/BrowserPool.js"
import type { BrowserProcesses } from "../services/BrowserProcesses.js"
import type { DaemonProbe } from "../services/DaemonProbe.js"
import type { DaemonSocket } from "../services/DaemonSocket.js"
import type { ElectronHost } from "../services/ElectronHost.js"
import type { OsProcesses } from "../services/OsProcesses.js"
import type { PermissionGrants } from "../services/PermissionGrants.js"
import type { Presenter } from "../services/Presenter.js"
import type { ProcessRunner } from "../services/ProcessRunner.js"
import type { Redactor } from "../services/Redactor.js"
import type { Security } from "../services/Security.js"
import type { SessionCommands } from "../services/SessionCommands.js"
import type { SessionLock } from "../services/SessionLock.js"
import type { SessionRegistry } from "../services/SessionRegistry.js"
import type { ToolConfig } from "../services/ToolConfig.js"
import { ArtifactStoreLive } from "./ArtifactStoreLive.js"
import { BinaryLocatorLive } from "./BinaryLocatorLive.js"
import { BrowserEndpointsLive } from "./BrowserEndpointsLive.js"
import { BrowserPoolLive } from "./BrowserPoolLive.js"
import { BrowserProcessesLive } from "./BrowserProcessesLive.js"
import { DaemonProbeLive } from "./DaemonProbeLive.js"
import { DaemonSocketLive } from "./DaemonSocketLive.js"
import { ElectronHostLive } from "./ElectronHostLive.js"
import { OsProcessesLive } from "./OsProcessesLive.js"
import { PermissionGrantsLive } from "./PermissionGrantsLive.js"
import { PresenterLive } from "./PresenterLive.js"
import { ProcessRunnerLive } from "./ProcessRunnerLive.js"
import { RedactorLive } from "./RedactorLive.js"
import { SecurityLive } from "./SecurityLive.js"
import { SessionCommandsLive } from "./SessionCommandsLive.js"
import { SessionLockLive } from "./SessionLockLive.js"
import { SessionRegistryLive } from "./SessionRegistryLive.js"
import { ToolConfigLive } from "./ToolConfigLive.js"

/** Every service the tool program needs. */
export type MainServices =
  | ToolConfig
  | ProcessRunner
  | BinaryLocator
  | ArtifactStore
  | SessionRegistry
  | SessionLock
  | BrowserPool
  | Redactor
  | DaemonProbe
  | DaemonSocket
  | BrowserProcesses
  | BrowserEndpoints
  | ElectronHost
  | Presenter
  | SessionCommands
  | Security
  | OsProcesses
  | PermissionGrants

/** The agent-browser process: the binary on PATH and one process per call. */
export const ProcessesLive: Layer.Layer<ProcessRunner | BinaryLocator, never, ToolConfig> = Layer.merge(
  BinaryLocatorLive,
  ProcessRunnerLive
)

export interface ServicesOptions<E, P, EP, X, EX, D = never, G = never> {
  /** The settings: `ToolConfigLive` (environment and files) or `toolConfigLayer(partial)`. */
  readonly config: Layer.Layer<ToolConfig, E>
  /**
   * ProcessRunner and BinaryLocator (default `ProcessesLive`; tests: `FakeAgentBrowser.layer`; benchmarks count
   * spawns).
   */
  readonly processes?: Layer.Layer<P | ProcessRunner | BinaryLocator, EP, ToolConfig>
  /**
   * The Electron host (default `ElectronHostLive`; tests: `FakeElectronHost.layer` or a stand-in app's discovery
   * folders). Its scope is the runtime's, so disposing the runtime (pi quit) cleans every launch it still owns.
   */
  readonly electron?: Layer.Layer<X | ElectronHost, EX, ToolConfig | OsProcesses>
  /**
   * The process table every layer reads process facts from and signals through (default `OsProcessesLive`: the
   * platform's, or the one `PI_AGENT_BROWSER_PROCESS_TABLE` names; tests: `FakeOsProcesses.layer`).
   */
  readonly osProcesses?: Layer.Layer<OsProcesses, never, ToolConfig>
  /** A session daemon's socket (default `DaemonSocketLive`; tests: `FakeDaemonSocket.layer`). */
  readonly daemonSocket?: Layer.Layer<D | DaemonSocket>
  /** Browser permissions held per session (default `PermissionGrantsLive`; tests: `FakePermissionGrants.layer`). */
  readonly permissionGrants?: Layer.Layer<G | PermissionGrants>
}

/**
 * Every service over the given settings. `processes` and `electron` default to the live layers; what a test layer
 * provides besides its service (a driver tag such as `FakeAgentBrowser`) stays in the output.
 */
export const makeServicesLayer = <E, P = never, EP = never, X = never, EX = never, D = never, G = never>(
  options: ServicesOptions<E, P, EP, X, EX, D, G>
): Layer.Layer<MainServices | P | X | D | G, E | EP | EX> => {
  // Without an option its type parameters stay `never`, so the live layer is exactly the type asked for.
  const processes =
    options.processes ?? (ProcessesLive as Layer.Layer<P | ProcessRunner | BinaryLocator, EP, ToolConfig>)
  const electron = options.electron ?? (ElectronHostLive as Layer.Layer<X | ElectronHost, EX, ToolConfig | OsProcesses>)
  return Layer.mergeAll(PresenterLive, SessionCommandsLive, SecurityLive, BrowserPoolLive).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        processes,
        ArtifactStoreLive,
        SessionRegistryLive,
        SessionLockLive,
        RedactorLive,
        DaemonProbeLive,
        options.daemonSocket ?? (DaemonSocketLive as Layer.Layer<D | DaemonSocket>),
        BrowserProcessesLive.pipe(Layer.provide(SessionLockLive)),
        BrowserEndpointsLive,
        options.permissionGrants ?? (PermissionGrantsLive as Layer.Layer<G | PermissionGrants>),
        electron
      )
    ),
    Layer.provideMerge(options.osProcesses ?? OsProcessesLive),
    Layer.provideMerge(options.config)
  )
}

/** The live graph over the environment and config files (pi's runtime adds its logger: `pi/debugLogger.ts`). */
export const MainLive: Layer.Layer<MainServices> = makeServicesLayer({ config: ToolConfigLive })
