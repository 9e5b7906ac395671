/**
 * A write refused for want of room, or of a disk that takes writes: the file system's codes (no space,
 * over quota, read-only), SQLite's (the database or its disk full, or read-only) and PostgreSQL's
 * `disk_full` (53100).
 */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'SQLITE_FULL', '53100']);

/** Whether `error` (or what caused it: libraries wrap) says the shop has nowhere left to store what it writes. */
export function isStorageFull(error: unknown): boolean {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (NO_ROOM.has(code) || code.startsWith('SQLITE_READONLY'))) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}
