import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LazyChildLogger, lazyChildLoggerFactory, writesInfo } from './lazy-logger.js';

/** A pino logger writing JSON lines into an array. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

describe('lazy child logger', () => {
  it('makes no child for calls below the level, and writes with its bindings once one is at it', () => {
    const { lines, logger } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const lazy = new LazyChildLogger(logger, { reqId: 'r-1' }, {});
    lazy.info('dropped');
    lazy.debug({ a: 1 }, 'dropped too');
    expect(child).not.toHaveBeenCalled();
    expect(lazy.level).toBe('warn');
    lazy.warn({ code: 7 }, 'kept');
    lazy.error('also kept');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.msg, l.reqId, l.code])).toEqual([
      ['kept', 'r-1', 7],
      ['also kept', 'r-1', undefined],
    ]);
  });

  it('a level set on it applies to the real child only', () => {
    const { lines, logger } = capture('warn');
    const lazy = new LazyChildLogger(logger, { reqId: 'r-2' }, {});
    lazy.level = 'debug';
    lazy.debug('now written');
    logger.debug('parent still at warn');
    expect(lines.map((l) => l.msg)).toEqual(['now written']);
    expect(lazy.child({ step: 2 }, {}).level).toBe('debug');
  });

  it('the factory makes an eager child when a route asks for its own level', () => {
    const { logger } = capture('warn');
    expect(lazyChildLoggerFactory(logger, { reqId: 'x' }, {})).toBeInstanceOf(LazyChildLogger);
    expect(lazyChildLoggerFactory(logger, { reqId: 'x' }, { level: 'info' })).not.toBeInstanceOf(
      LazyChildLogger,
    );
  });

  it.each([
    ['trace', true],
    ['debug', true],
    ['info', true],
    ['warn', false],
    ['error', false],
    ['silent', false],
  ])('writesInfo(%s) is %s', (level, expected) => {
    expect(writesInfo(level)).toBe(expected);
  });

  it('in Fastify, request lines and a handler’s lines carry the request id as before', async () => {
    for (const level of ['info', 'warn']) {
      const { lines, logger } = capture(level);
      const app = Fastify({
        loggerInstance: logger,
        childLoggerFactory: lazyChildLoggerFactory,
        logController: new LogController({ disableRequestLogging: !writesInfo(level) }),
        genReqId: () => `id-${level}`,
      });
      app.get('/', async (request) => {
        request.log.info('handler info');
        request.log.warn('handler warn');
        return { ok: true };
      });
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      await app.close();
      const messages = lines.filter((l) => l.reqId === `id-${level}`).map((l) => l.msg);
      expect(messages).toEqual(
        level === 'info'
          ? ['incoming request', 'handler info', 'handler warn', 'request completed']
          : ['handler warn'],
      );
    }
  });
});
