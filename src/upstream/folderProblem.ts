/**
 * One sentence for a folder the tool cannot use: which folder, what the OS said (by errno, not by message text),
 * and the fix (no final period). Pure; used for the socket dir and the artifact dirs.
 */
const REASONS: Readonly<Record<string, string>> = {
  ENOTDIR: "a file stands where a folder is needed on that path",
  EEXIST: "a file stands where the folder should be",
  ENOENT: "a parent folder is missing",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is exhausted",
  ENAMETOOLONG: "the path is too long"
}

export const errnoOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : undefined
}

export const folderProblem = (folder: string, error: unknown, variable: string): string => {
  const code = errnoOf(error)
  const reason =
    code === undefined ? "it cannot be created or written" : `${REASONS[code] ?? "the OS refused it"} (${code})`
  const fix =
    code === "ENOSPC" || code === "EDQUOT"
      ? `free space there, or set ${variable} to a folder on another disk`
      : `set ${variable} to a writable folder, or fix the path`
  return `the folder ${folder} cannot be used: ${reason}; ${fix}`
}
