import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../clock';
import type { ReadinessCheck } from './readiness';

/** How long one probe's outcome stands, so that a load balancer polling every second writes once in five. */
export const DATA_FOLDER_PROBE_CACHE_MS = 5000;

/**
 * Readiness of the data folder (SQLite, uploads kept on disk, the outbox folder's mails): a small file
 * written and removed, as the shop's own writes would be. Access rights tell nothing of a full disk,
 * and nothing at all to root. One probe's outcome stands for a few seconds.
 */
export function dataFolderCheck(
  dir: string,
  { clock, cacheMs = DATA_FOLDER_PROBE_CACHE_MS }: { clock: Clock; cacheMs?: number },
): ReadinessCheck {
  // A name of its own per node: nodes may share one data folder.
  const file = path.join(dir, `.ready-probe-${randomUUID()}`);
  const probe = async () => {
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(file, 'ready\n');
    } finally {
      await unlink(file).catch(() => undefined);
    }
  };
  let last: { at: number; outcome: Promise<void> } | undefined;
  return () => {
    const now = clock.now().getTime();
    if (!last || now - last.at >= cacheMs || now < last.at) last = { at: now, outcome: probe() };
    return last.outcome;
  };
}
