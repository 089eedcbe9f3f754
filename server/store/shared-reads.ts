/** How long an answer read from the store is given again, in ms. */
export const SHARED_READ_MS = 1_000;

interface Entry<V> {
  /** The generation of this process's writes when the read started. */
  generation: number;
  /** When the read started (performance.now()). */
  startedAt: number;
  value: Promise<V>;
}

/**
 * Reads for monitoring (the outbox's summary per channel for /api/health and
 * metrics scrapes, the number of disabled webhook endpoints), made from the
 * store at most once per `ttlMs` per key however many callers ask: callers
 * that arrive while a read is in flight share it, and the answer is given
 * again until it is `ttlMs` old.
 *
 * Writes of this process (`changed()`, called by the store after each change
 * of what is read) make the next call read again, so a caller always sees what
 * this process did before it asked; what other processes did (other
 * instances, the CLIs) is seen within `ttlMs`. A failed read is not kept.
 */
export class SharedReads<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private generation = 0;
  /** Reads made from the store so far. */
  reads = 0;

  constructor(
    private readonly read: (key: K) => Promise<V>,
    private readonly ttlMs: number = SHARED_READ_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(key: K): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && this.now() - entry.startedAt < this.ttlMs) return entry.value;
    const started: Entry<V> = { generation: this.generation, startedAt: this.now(), value: Promise.resolve().then(() => this.read(key)) };
    this.reads += 1;
    this.entries.set(key, started);
    started.value.catch(() => {
      if (this.entries.get(key) === started) this.entries.delete(key);
    });
    return started.value;
  }

  /** What is read changed in this process: the next call reads the store again. */
  changed(): void {
    this.generation += 1;
  }
}
