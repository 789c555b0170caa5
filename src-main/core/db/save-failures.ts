// Keeps track of checkpoints the disk refuses: each failure doubles the wait before the next try
// (1 s up to 5 min) and keeps one notice up to date with the real cause; a success says so.
import type { NoticeBoard } from './notices';

const MAX_RETRY_MS = 5 * 60_000;

export class SaveFailures {
  private delay = 0;
  private retryAt = 0;
  private notice?: string;

  constructor(private readonly file: string | undefined, private readonly notices: NoticeBoard) {}

  /** Whether a timer's checkpoint should try now (a failing disk is not hammered). */
  due(): boolean {
    return Date.now() >= this.retryAt;
  }

  succeeded(): void {
    if (this.notice) this.notices.replace(this.notice, `Saving ${this.file} works again (${new Date().toISOString()}).`);
    this.notice = undefined;
    this.delay = 0;
    this.retryAt = 0;
  }

  failed(err: unknown): void {
    this.delay = Math.min(MAX_RETRY_MS, Math.max(1000, this.delay * 2));
    this.retryAt = Date.now() + this.delay;
    const notice = `Saving ${this.file} failed (${(err as Error).message}); retrying in ${Math.round(this.delay / 1000)} s. Acknowledged writes are kept in the write log meanwhile.`;
    this.notices.replace(this.notice, notice);
    this.notice = notice;
  }
}
