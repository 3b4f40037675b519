import { useState } from 'react';
import { Alert, Button } from 'antd';

/** 'A new version of Kāinga is available' with a Reload button (activates the waiting worker). */
export default function UpdateBanner({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <Alert
      className="update-banner"
      banner
      type="info"
      role="status"
      title="A new version of Kāinga is available"
      action={
        <Button
          type="primary"
          size="small"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          Reload
        </Button>
      }
    />
  );
}
