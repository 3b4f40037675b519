import { useOnline } from '../offline/online-status';
import './offline-indicator.css';

/**
 * The offline notice of the chrome: while the browser has no network, a bar under the header says
 * the app is showing saved data (the service worker's and IndexedDB's copies, see src/offline).
 */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <div className="offline-indicator-region" role="status" aria-live="polite">
      {!online && (
        <p className="offline-indicator">
          <span aria-hidden="true" className="offline-dot" />
          You are offline — showing saved data.
        </p>
      )}
    </div>
  );
}
