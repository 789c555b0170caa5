// What a user must be told about the data (a file moved aside, a log replay that stopped, a save
// that keeps failing). `list` is the array /health serves; listeners print new notices as they come.
export class NoticeBoard {
  readonly list: string[] = [];
  private listeners: ((notice: string) => void)[] = [];

  add(notice: string): void {
    this.list.push(notice);
    for (const l of this.listeners) l(notice);
  }

  /** Replaces an earlier notice (a retry that failed again, or finally worked) instead of piling up. */
  replace(previous: string | undefined, notice: string): void {
    const i = previous === undefined ? -1 : this.list.indexOf(previous);
    if (i < 0) return this.add(notice);
    this.list[i] = notice;
    for (const l of this.listeners) l(notice);
  }

  onNotice(listener: (notice: string) => void): void {
    this.listeners.push(listener);
  }
}
