import { Button, Card } from 'antd';
import { useNetworkRequired } from '../../offline';

/** GET /api/profile/export: the signed-in person's own archive (issue 50). */
export const OWN_EXPORT_URL = '/api/profile/export';

/**
 * "Download my data" on /profile: a plain link with `download`, so the browser streams the zip
 * straight to a file (with its own progress) however large a partner's archive is, and the
 * session cookie goes with it as with any page of the site.
 */
export function DataExportCard() {
  const { ensureOnline } = useNetworkRequired();
  return (
    <Card className="profile-export" title={<h2 className="card-title">Your Data</h2>}>
      <p id="data-export-what">
        Download a copy of everything Kāinga holds about you: your account, homes, valuations with what you told us, requests to partners and their answers, and partner applications. For
        partners, also your partner profile, adverts, plans, leads received and their charges. It is one zip file of JSON files with a README, and the images you uploaded.
      </p>
      <Button
        type="default"
        href={OWN_EXPORT_URL}
        download
        aria-describedby="data-export-what"
        onClick={(e) => {
          if (!ensureOnline('download your data')) e.preventDefault();
        }}
      >
        Download my data
      </Button>
      <p className="muted data-export-note">Each download is recorded in your account’s history. A large archive can take a few seconds to start.</p>
    </Card>
  );
}
