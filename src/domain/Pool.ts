/** The browser pool as configured (docs/POOLS.md): plain data, read by config/poolConfig.ts, held by ToolConfig. */

/**
 * A configured value: a credential source from a config file (`$NAME`, `!command`), or a literal from the environment.
 */
export interface ConfiguredValue {
  /** How users know it: `pool.endpoint`, `PI_AGENT_BROWSER_POOL`. */
  readonly label: string
  readonly raw: string
  readonly literal: boolean
}

/** The browser pool (docs/POOLS.md), as configured; resolved by the BrowserPool service on first use. */
export interface PoolSettings {
  readonly endpoint: ConfiguredValue
  readonly token?: ConfiguredValue
  /** Upstream's `-p/--provider` name, when the pool is one of its providers rather than a CDP endpoint. */
  readonly provider?: string
}
