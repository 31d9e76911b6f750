export declare function runsPi(version?: string): boolean
export declare function onPiNode(scriptUrl: string): void
