import { useUser } from '../auth/user';
import { useOnline } from '../offline/online-status';
import './offline-indicator.css';

/**
 * The offline notice of the chrome: while the browser has no network, a bar under the header says
 * the app is showing saved data (the service worker's and IndexedDB's copies, see src/offline).
 * Also when the browser claims a network but the server cannot be reached for the user call: the
 * person is then shown from the last known copy (auth/user.ts), and must be told the page is offline.
 */
export function OfflineIndicator() {
  const browserOnline = useOnline();
  const { offline: userOffline } = useUser();
  const online = browserOnline && !userOffline;
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
