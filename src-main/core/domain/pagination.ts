// The client family's pagination object (behaviour §10).
export interface Pagination {
  total: number; current: number; first: number; last: number; previous: number; next: number;
  pages: number[]; from: number; to: number;
}

export function paginate(total: number, current: number, perPage: number): Pagination {
  const last = Math.max(1, Math.ceil(total / perPage));
  const start = Math.max(1, Math.min(current - 4, last - 9));
  const pages: number[] = [];
  for (let p = start; p <= Math.min(last, start + 9); p++) pages.push(p);
  const from = total === 0 || (current - 1) * perPage >= total ? 0 : (current - 1) * perPage + 1;
  const to = from === 0 ? 0 : Math.min(total, current * perPage);
  return { total, current, first: 1, last, previous: Math.max(1, current - 1), next: Math.min(last, current + 1), pages, from, to };
}
