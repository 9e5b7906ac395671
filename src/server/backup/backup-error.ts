/** A backup or restore that cannot go on, said in a sentence the operator can act on (no stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}
