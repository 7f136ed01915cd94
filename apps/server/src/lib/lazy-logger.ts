import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

type Args = [unknown, ...unknown[]];

/**
 * A request's child logger, made on first use. Fastify gives every request a child of the app
 * logger bound to its request id, and pino builds a child eagerly (it serialises the bindings):
 * a measurable share of a cheap request when nothing is logged at the configured level. Here a
 * call below the level returns at once, and the first call that writes makes the real child,
 * so what is written is the same as with an eager child.
 */
export class LazyChildLogger {
  #real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The real child (made now if it was not yet). */
  get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#real?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  #write(level: Level, args: Args): void {
    if (this.#real === undefined && !this.parent.isLevelEnabled(level)) return;
    (this.real[level] as (...a: Args) => void)(...args);
  }

  fatal(...args: Args) {
    this.#write('fatal', args);
  }
  error(...args: Args) {
    this.#write('error', args);
  }
  warn(...args: Args) {
    this.#write('warn', args);
  }
  info(...args: Args) {
    this.#write('info', args);
  }
  debug(...args: Args) {
    this.#write('debug', args);
  }
  trace(...args: Args) {
    this.#write('trace', args);
  }
  silent(..._args: Args) {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child unless the route asks for its own level or serialisers. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const parent = logger as Partial<Logger>;
  if (options.level !== undefined || options.serializers || typeof parent.isLevelEnabled !== 'function') {
    return logger.child(bindings, options);
  }
  return new LazyChildLogger(logger as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** Whether pino writes `info` lines at this level (Fastify's per-request lines are `info`). */
export const writesInfo = (level: string) => ['info', 'debug', 'trace'].includes(level);
