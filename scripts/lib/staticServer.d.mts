export interface StaticServer {
  readonly origin: string
  readonly close: () => Promise<void>
}
export declare function startStaticServer(root: string, options?: { charsets?: Record<string, string>; files?: Record<string, readonly [string | Uint8Array, string]>; mounts?: Record<string, string> }): Promise<StaticServer>
