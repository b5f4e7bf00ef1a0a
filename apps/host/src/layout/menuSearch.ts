import Fuse from 'fuse.js';

export interface SearchEntry {
  title: string;
  path: string;
}

/** Header search over visible menu entries: title weight 0.7, path 0.3, threshold 0.4 (spec 1 §2.4). */
export function createMenuSearch(entries: SearchEntry[]): (q: string) => SearchEntry[] {
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
    threshold: 0.4,
    shouldSort: true,
    ignoreLocation: true,
  });
  return (q: string) => (q.trim() ? fuse.search(q.trim()).map((r) => r.item) : []);
}
