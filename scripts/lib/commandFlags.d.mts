export declare const FLAGS_PATH: string
/** Every flag a help page defines (with its form: "", "<x>", "[x]") or only mentions ("?"). */
export declare function flagFormsOf(text: string): Map<string, string>
