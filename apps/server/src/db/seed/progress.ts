/** A progress bar on stderr (a line per tenth when stderr is not a terminal). */
export class Progress {
  private done = 0;
  private lastTenth = -1;
  private readonly started = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  advance(count: number): void {
    this.done += count;
    this.draw();
  }

  private draw(): void {
    const fraction = this.total === 0 ? 1 : Math.min(1, this.done / this.total);
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(this.done / seconds) : 0;
    const eta = rate > 0 ? Math.round((this.total - this.done) / rate) : 0;
    const text = `${this.label} ${this.done.toLocaleString('en')}/${this.total.toLocaleString('en')} (${rate.toLocaleString('en')}/s, ${eta}s left)`;
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
