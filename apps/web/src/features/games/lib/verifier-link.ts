import { paths } from '../../../config/paths';

/** A link to the public verifier with a round's seeds filled in. */
export function verifierLink(input: {
  engine: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The hash the game showed before play, for the verifier to compare with. */
  hash?: string;
  params?: unknown;
}): string {
  const q = new URLSearchParams({
    engine: input.engine,
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: String(input.nonce),
  });
  if (input.hash) q.set('hash', input.hash);
  if (input.params && typeof input.params === 'object' && Object.keys(input.params).length > 0) {
    q.set('params', JSON.stringify(input.params));
  }
  return `${paths.fair}?${q.toString()}`;
}
