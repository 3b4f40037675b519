/** Shown while a screen's code loads: a light placeholder, announced politely. */
export function PageLoading() {
  return (
    <div className="container page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <div className="placeholder-bar" style={{ width: '40%' }} />
      <div className="placeholder-bar" style={{ width: '80%' }} />
      <div className="placeholder-bar" style={{ width: '65%' }} />
    </div>
  );
}
