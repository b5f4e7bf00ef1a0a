// The server's message catalogue (issue 20): every text the API can answer as msg, under a stable code.
// zh is the text as the sources write it (the spec's wording); zhtw is its traditional form (generated with
// opencc-js, simplified → traditional, and checked by messages.test.ts); en is written by hand. A text with
// {0}, {1}… is a pattern: the placeholders stand for values the server fills in (names, sizes, times).
// Add an entry when you add a message; the test lists any text the server can send that has none.
// The entries live in catalogue-<area>.ts, one file per area of the server.

import { ADMIN } from './catalogue-admin';
import { AUTH } from './catalogue-auth';
import { COMMON } from './catalogue-common';
import { FILES } from './catalogue-files';
import { FLOW } from './catalogue-flow';
import { MESSAGING } from './catalogue-messaging';

export type { Message } from './message';

export const MESSAGES = {
  ...COMMON,
  ...AUTH,
  ...FLOW,
  ...FILES,
  ...MESSAGING,
  ...ADMIN,
} as const;

export type MessageCode = keyof typeof MESSAGES;
