// The session token of a request: the `Authorization` header value, with or without "Bearer ".

const HEX64 = /^[0-9a-f]{64}$/;

/** The token from `Authorization: Bearer x`, `Authorization: x`, or a websocket/query value. */
export function tokenFrom(value: string | undefined | null): string | null {
  if (!value) return null;
  // the host's form, "Bearer <64 hex>", is read without trimming and a case-insensitive replace
  const t =
    value.length === 71 && value.startsWith('Bearer ')
      ? value.slice(7)
      : value.trim().replace(/^bearer\s+/i, '');
  return HEX64.test(t) ? t : null;
}
