import { lazy, Suspense, useState } from 'react';
import type { User } from '@kainga/contracts';
import { useHydrated } from '../app/useHydrated';

const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/**
 * The menu button shown below the md breakpoint; opens the right-side sheet (loaded on first use).
 * A plain button (no antd): it is part of every screen's first paint on a phone.
 */
export function MobileMenu({ user }: { user: User | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated(); // disabled on a prerendered page until the app runs
  return (
    <>
      <button
        type="button"
        className="icon-button mobile-menu-button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="mobile-menu"
        disabled={!hydrated}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onClose={() => setOpen(false)} user={user} />
        </Suspense>
      )}
    </>
  );
}
