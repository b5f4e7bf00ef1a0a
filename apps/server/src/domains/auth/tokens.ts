import { createHash, hash, randomBytes, randomUUID } from 'node:crypto';

/** A new opaque token (256 bits, hex). Only its sha256 is stored. */
export const newToken = (): string => randomBytes(32).toString('hex');

/** sha256 of a text, hex (one-shot: no Hash object per call; the guard hashes every request's token). */
export const sha256 = (text: string): string => hash('sha256', text, 'hex');

export const md5Hex = (text: string | Buffer): string => createHash('md5').update(text).digest('hex');

/** Row ids: 32 hex characters. */
export const newId = (): string => randomUUID().replace(/-/g, '');

export { tokenFrom } from '../../http/bearer';
