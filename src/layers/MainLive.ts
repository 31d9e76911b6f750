/** The one composition root: every live service over one ToolConfig. */
import * as Layer from "effect/Layer"
import type { ElectronHost } from "../services/ElectronHost.js"
import type { ProcessRunner } from "../services/ProcessRunner.js"
import type { ToolConfig } from "../services/ToolConfig.js"
import { ArtifactStoreLive } from "./ArtifactStoreLive.js"
import { BrowserPoolLive } from "./BrowserPoolLive.js"
import { DaemonProbeLive } from "./DaemonProbeLive.js"
import { ElectronHostLive } from "./ElectronHostLive.js"
import { BinaryLocatorLive } from "./BinaryLocatorLive.js"
import { BrowserProcessesLive } from "./BrowserProcessesLive.js"
import { PresenterLive } from "./PresenterLive.js"
import { ProcessRunnerLive } from "./ProcessRunnerLive.js"
import { RedactorLive } from "./RedactorLive.js"
import { SecurityLive } from "./SecurityLive.js"
import { SessionCommandsLive } from "./SessionCommandsLive.js"
import { SessionLockLive } from "./SessionLockLive.js"
import { SessionRegistryLive } from "./SessionRegistryLive.js"
import { ToolConfigLive } from "./ToolConfigLive.js"

/**
 * All services that need only a ToolConfig. The Electron host is swappable (tests: a stand-in app's discovery
 * folders); its scope is the runtime's, so disposing the runtime (pi quit) cleans every launch it still owns.
 */
export const makeServicesLayer = <E, EE = never>(
  config: Layer.Layer<ToolConfig, E>,
  electron: Layer.Layer<ElectronHost, EE, ToolConfig> = ElectronHostLive,
  /** The process runner (benchmarks wrap the live one to count spawns). */
  runner: Layer.Layer<ProcessRunner, never, ToolConfig> = ProcessRunnerLive
) =>
  Layer.mergeAll(PresenterLive, SessionCommandsLive, SecurityLive, BrowserPoolLive).pipe(
    Layer.provideMerge(Layer.mergeAll(BinaryLocatorLive, runner, ArtifactStoreLive, SessionRegistryLive, SessionLockLive, RedactorLive, DaemonProbeLive, BrowserProcessesLive.pipe(Layer.provide(SessionLockLive)), electron)),
    Layer.provideMerge(config)
  )

export const MainLive = makeServicesLayer(ToolConfigLive)
export type MainServices = Layer.Layer.Success<typeof MainLive>
