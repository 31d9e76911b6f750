/**
 * The Effect API for embedding agent_browser in other Effect apps: the tool program, the service tags, the live
 * layers (and a config-driven variant for tests/embedders), the error union and the result types.
 * See docs/EMBEDDING.md.
 */
export {
  execute,
  prepare,
  run,
  runElectron,
  runToResult,
  baseSessionName,
  type CallContext,
  type CallPhase,
  type CallError,
  type ElectronRun
} from "./program/call/ToolCall.js"
export { closeOwnedBrowser, restoreSession } from "./program/lifecycle/lifecycle.js"
export { planInvocation } from "./program/pipeline/planInvocation.js"
export { classifyUpstream } from "./upstream/classifyReply.js"
export type { UpstreamOutcome, RunResult } from "./domain/Outcome.js"
export type { Executed } from "./domain/Executed.js"
export type { ElectronReport } from "./domain/ElectronReport.js"
export { ToolInput, decodeToolInput, toolInputJsonSchema } from "./schema/ToolInput.js"
export * from "./schema/ToolError.js"
export { FailureCategory, SuccessCategory, ResultCategory } from "./schema/Categories.js"
// every service tag
export { ArtifactStore } from "./services/ArtifactStore.js"
export { BinaryLocator, type ResolvedBinary } from "./services/BinaryLocator.js"
export { BrowserPool } from "./services/BrowserPool.js"
export { BrowserProcesses } from "./services/BrowserProcesses.js"
export { DaemonProbe } from "./services/DaemonProbe.js"
export { DaemonSocket } from "./services/DaemonSocket.js"
export { ElectronHost } from "./services/ElectronHost.js"
export {
  OsProcesses,
  ProcessTableUnavailable,
  type OsProcessesShape,
  type ProcessInfo,
  type ProcessIdentity,
  type ProcessTableFacts,
  type SignalTarget
} from "./services/OsProcesses.js"
export { PermissionGrants, type GrantOutcome, type Permission } from "./services/PermissionGrants.js"
export { Presenter } from "./services/Presenter.js"
export { ProcessRunner, type RunRequest } from "./services/ProcessRunner.js"
export { Redactor } from "./services/Redactor.js"
export { Security } from "./services/Security.js"
export { SessionCommands } from "./services/SessionCommands.js"
export { SessionLock } from "./services/SessionLock.js"
export { SessionRegistry } from "./services/SessionRegistry.js"
export { ToolConfig, type ToolConfigShape, SUPPORTED_RANGE } from "./services/ToolConfig.js"
export { WebSearch } from "./services/WebSearch.js"
// the composition root, config and live layers
export {
  MainLive,
  makeServicesLayer,
  ProcessesLive,
  type MainServices,
  type ServicesOptions
} from "./layers/MainLive.js"
export {
  ToolConfigLive,
  configFromEnv,
  toolConfig,
  toolConfigDefaults,
  toolConfigLayer
} from "./layers/ToolConfigLive.js"
export { ArtifactStoreLive } from "./layers/ArtifactStoreLive.js"
export { BinaryLocatorLive } from "./layers/BinaryLocatorLive.js"
export { BrowserPoolLive } from "./layers/BrowserPoolLive.js"
export { BrowserProcessesLive } from "./layers/BrowserProcessesLive.js"
export { DaemonProbeLive } from "./layers/DaemonProbeLive.js"
export { DaemonSocketLive } from "./layers/DaemonSocketLive.js"
export { ElectronHostLive } from "./layers/ElectronHostLive.js"
export { OsProcessesLive, osProcessesLayer, PROCESS_TABLE_VARIABLE } from "./layers/OsProcessesLive.js"
export { PermissionGrantsLive } from "./layers/PermissionGrantsLive.js"
export { PresenterLive } from "./layers/PresenterLive.js"
export { ProcessRunnerLive } from "./layers/ProcessRunnerLive.js"
export { RedactorLive } from "./layers/RedactorLive.js"
export { SecurityLive } from "./layers/SecurityLive.js"
export { SessionCommandsLive } from "./layers/SessionCommandsLive.js"
export { SessionLockLive } from "./layers/SessionLockLive.js"
export { SessionRegistryLive } from "./layers/SessionRegistryLive.js"
export { WebSearchLive } from "./layers/WebSearchLive.js"
// test kits: every service over a fake agent-browser and an in-memory Electron host
export { makeFakeLayer } from "./layers/test/FakeLayer.js"
export { FakeAgentBrowser, type ScriptedRun } from "./layers/test/FakeAgentBrowser.js"
export { FakeElectronHost, type ElectronHostScript } from "./layers/test/FakeElectronHost.js"
export { FakeOsProcesses, type FakeProcess } from "./layers/test/FakeOsProcesses.js"
export { FakePermissionGrants, type GrantAsked } from "./layers/test/FakePermissionGrants.js"
export {
  runArtifacts,
  runCoverage,
  runReplay,
  runStaleRecovery,
  runWorkflows,
  type ArtifactReport,
  type CoverageReport,
  type RecoveryReport,
  type ReplayReport,
  type WorkflowReport
} from "./layers/test/bench/deterministicBench.js"
