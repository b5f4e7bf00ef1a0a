// The spec's paging: page numbers of a list query (1-based, 20 a page by default) and the list answer.

/** Page numbers of a list query: 1-based, 20 a page by default. */
export const pageOf = (q: { currentPage?: number; pageSize?: number }) => {
  const currentPage = q.currentPage ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
};

/** The list answer: `{ list, pagination: { currentPage, pageSize, total } }`. */
export const paged = <T>(
  list: T[],
  p: { currentPage: number; pageSize: number },
  total: number | bigint | string,
) => ({
  list,
  pagination: { currentPage: p.currentPage, pageSize: p.pageSize, total: Number(total) },
});
