/** Dates in en-NZ: year numeric, month short, day numeric (consumer spec §9), e.g. "5 Mar 2025". */
export function formatMemberSince(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-NZ', { year: 'numeric', month: 'short', day: 'numeric' });
}
