// The session token of a request: the `Authorization` header value, with or without "Bearer ".

/** The token from `Authorization: Bearer x`, `Authorization: x`, or a websocket/query value. */
export function tokenFrom(value: string | undefined | null): string | null {
  if (!value) return null;
  const t = value.trim().replace(/^bearer\s+/i, '');
  return /^[0-9a-f]{64}$/.test(t) ? t : null;
}
