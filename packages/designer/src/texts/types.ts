/** [zh, zhtw, en] per key. */
export type Texts = Record<string, [string, string, string]>;
