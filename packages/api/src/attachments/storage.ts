import { type FileStorage, newStorageKey, storageFromEnv } from '@klubhus/integrations';
import type { ApiConfig } from '../lib/config';

const storages = new Map<string, FileStorage>();

/** The file storage of this installation (local disk under dataDir/files, or S3 when configured). */
export function fileStorage(config: ApiConfig): FileStorage {
  let s = storages.get(config.dataDir);
  if (!s) {
    s = storageFromEnv(config.dataDir);
    storages.set(config.dataDir, s);
  }
  return s;
}

/**
 * The stored bytes one club call writes and retires. Bytes cannot take part in
 * the call's transaction, so: bytes written are removed again if the call rolls
 * back, and bytes of deleted file rows are removed only after it commits (a
 * rolled-back delete keeps its file). clubProcedure settles it; services only
 * put and retire.
 */
export class CallFiles {
  private readonly written: string[] = [];
  private readonly retired: string[] = [];

  constructor(private readonly storage: FileStorage) {}

  async put(clientId: number, data: Buffer, mime: string): Promise<string> {
    const key = newStorageKey(clientId);
    this.written.push(key);
    await this.storage.put(key, data, mime);
    return key;
  }

  get(key: string) {
    return this.storage.get(key);
  }

  /** Removes these bytes once the call has committed. */
  retireAfterCommit(keys: string[]) {
    this.retired.push(...keys);
  }

  async settle(committed: boolean) {
    const keys = committed ? this.retired : this.written;
    await Promise.allSettled(keys.map((k) => this.storage.delete(k)));
  }
}
