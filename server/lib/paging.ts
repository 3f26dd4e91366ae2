/** Yii2-style paging (SPEC §3 "_meta {currentPage, pageCount, totalCount}"; §9 default page 1, size 20). */
export function page<T>(items: T[], query: { page?: number; pageSize?: number }) {
  const perPage = Math.max(1, Number(query.pageSize ?? 20));
  const totalCount = items.length;
  const pageCount = Math.ceil(totalCount / perPage);
  const currentPage = Math.max(1, Number(query.page ?? 1));
  return {
    items: items.slice((currentPage - 1) * perPage, currentPage * perPage),
    _meta: { currentPage, pageCount, totalCount, perPage },
  };
}

export function includesText(haystack: unknown, needle: unknown): boolean {
  if (needle === undefined || needle === null || needle === '') return true;
  return String(haystack ?? '').toLocaleLowerCase('ru').includes(String(needle).toLocaleLowerCase('ru').trim());
}
