import { useEffect } from 'react';

/** Sets the document title of a screen: "<title> · Kāinga". */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Kāinga` : 'Kāinga — NZ Property Valuations';
  }, [title]);
}
