/** A progress bar on stderr (a line per tenth when stderr is not a terminal); without a total, a count and a rate. */
export class Progress {
  private done = 0;
  private lastTenth = -1;
  private lastDrawn = 0;
  private readonly started = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly unit: 'items' | 'lines' | 'bytes' = 'items',
  ) {}

  advance(count: number): void {
    this.done += count;
    // Redrawn at most 10 times a second: a feed advances millions of times.
    const now = Date.now();
    if (now - this.lastDrawn < 100 && this.done < this.total) return;
    this.lastDrawn = now;
    this.draw();
  }

  /** Draws the final state (a run that ends between two redraws). */
  finish(): void {
    if (this.total > 0 && this.done < this.total) this.done = this.total;
    this.lastDrawn = 0;
    this.draw(true);
  }

  private amount(value: number): string {
    return this.unit === 'bytes' ? `${(value / 1_048_576).toFixed(1)} MB` : value.toLocaleString('en');
  }

  private draw(final = false): void {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(this.done / seconds) : 0;
    if (this.total === 0) {
      const text = `${this.label} ${this.amount(this.done)} ${this.unit === 'bytes' ? '' : `${this.unit} `}(${this.amount(rate)}/s)`;
      if (this.stream.isTTY) this.stream.write(`\r${text}\x1b[K${final ? '\n' : ''}`);
      else if (final || Math.floor(seconds / 10) > this.lastTenth) {
        this.lastTenth = Math.floor(seconds / 10);
        this.stream.write(`${text}\n`);
      }
      return;
    }
    const fraction = Math.min(1, this.done / this.total);
    const eta = rate > 0 ? Math.round((this.total - this.done) / rate) : 0;
    const text = `${this.label} ${this.amount(this.done)}/${this.amount(this.total)} (${this.amount(rate)}/s, ${eta}s left)`;
    if (this.stream.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      this.stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${text}\x1b[K`);
      if (fraction >= 1) this.stream.write('\n');
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth > this.lastTenth) {
        this.lastTenth = tenth;
        this.stream.write(`${String(tenth * 10).padStart(3)}% ${text}\n`);
      }
    }
  }

  /** Writes a one-off step (index building, analysis) with the time it took. */
  static async step<T>(label: string, run: () => Promise<T>, stream: NodeJS.WriteStream = process.stderr): Promise<T> {
    const started = Date.now();
    stream.write(`${label}…`);
    const result = await run();
    stream.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return result;
  }
}
