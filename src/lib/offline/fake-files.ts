import { ApiError, networkError } from '../api/errors';
import type { FileTransport } from './replayer';
import type { UploadedFileRef, UploadRow } from './schema';

/**
 * Test double of the reference back end's upload calls (upload-attach, list-attach, delete-attach): files per point,
 * switches for the failures a kept file must survive — the connection lost before or after the body went, refusals,
 * slow lines. Used by the unit tests and the benchmark only.
 */
export type FakeUploadFailure =
  /** The connection drops before the whole body went: nothing stored. */
  | 'network-before'
  /** The server stores the file, then the connection drops without an answer (the lost answer). */
  | 'drop-after'
  /** As drop-after, but the browser never said the body went (Chromium's XHR fails without upload.onload). */
  | 'drop-unreported'
  /** The browser sent the request twice (its resend on a reused connection closed without an answer): two copies. */
  | 'stored-twice'
  /** The server stores the file and never answers (the tab goes away before it would). */
  | 'hang-after'
  | { status: number; message?: string };

export interface StoredFile extends UploadedFileRef {
  pointId: number | null;
  size: number;
}

export class FakeFileServer {
  readonly files: StoredFile[] = [];
  /** Every upload request, in arrival order, with how it ended. */
  readonly log: { name: string; pointId: number | null; outcome: string }[] = [];
  offline = false;
  failures: FakeUploadFailure[] = [];
  /** Milliseconds each upload takes (progress is reported in four steps meanwhile). */
  uploadMs = 0;
  lists = 0;
  removed: number[] = [];
  private nextId = 1000;

  listed(pointId: number | null, attachCode?: string): StoredFile[] {
    return this.files.filter((f) => f.pointId === pointId && (attachCode === undefined || f.attachCode === attachCode));
  }

  transport(): FileTransport {
    return {
      upload: async (row: UploadRow, file: File, hooks) => {
        if (this.offline) {
          this.log.push({ name: row.name, pointId: row.pointId, outcome: 'offline' });
          throw networkError();
        }
        const failure = this.failures.shift();
        if (failure === 'network-before') {
          hooks.onProgress(Math.floor(file.size / 2), file.size);
          this.log.push({ name: row.name, pointId: row.pointId, outcome: 'network-before' });
          throw networkError();
        }
        for (let step = 1; step <= 4; step++) {
          if (this.uploadMs) await new Promise((resolve) => setTimeout(resolve, this.uploadMs / 4));
          if (hooks.signal.aborted) {
            this.log.push({ name: row.name, pointId: row.pointId, outcome: 'aborted' });
            throw new DOMException('aborted', 'AbortError');
          }
          if (this.offline) {
            this.log.push({ name: row.name, pointId: row.pointId, outcome: 'offline' });
            throw networkError();
          }
          hooks.onProgress(Math.round((file.size * step) / 4), file.size);
        }
        if (failure !== 'drop-unreported') hooks.onBodySent();
        if (failure && typeof failure === 'object') {
          this.log.push({ name: row.name, pointId: row.pointId, outcome: String(failure.status) });
          throw new ApiError(failure.status, failure.message ? { message: failure.message, errors: [{ field: row.attachCode, message: failure.message }] } : null);
        }
        const stored: StoredFile = {
          id: ++this.nextId,
          fileName: file.name,
          originalFileName: file.name,
          attachCode: row.attachCode,
          valueIndex: row.valueIndex,
          isApproved: false,
          pointId: row.pointId,
          size: file.size,
        };
        if (failure === 'stored-twice') this.files.push({ ...stored, id: ++this.nextId });
        this.files.push(stored);
        this.log.push({ name: row.name, pointId: row.pointId, outcome: typeof failure === 'string' ? failure : 'ok' });
        if (failure === 'drop-after' || failure === 'drop-unreported') throw networkError();
        if (failure === 'hang-after') {
          await new Promise((resolve) => hooks.signal.addEventListener('abort', resolve, { once: true }));
          throw new DOMException('aborted', 'AbortError');
        }
        return { ...stored };
      },
      list: async (pointId, attachCode) => {
        if (this.offline) throw networkError();
        this.lists++;
        return this.listed(pointId, attachCode).map((f) => ({ ...f }));
      },
      remove: async (fileId) => {
        if (this.offline) throw networkError();
        this.removed.push(fileId);
        const index = this.files.findIndex((f) => f.id === fileId);
        if (index >= 0) this.files.splice(index, 1);
      },
    };
  }
}
