import { useState } from 'react';
import { Modal } from 'antd';
import type { ReportShare } from '@kainga/contracts';
import { CopyLink } from './CopyLink';
import { CreateShareForm } from './CreateShareForm';
import { ShareList } from './ShareList';
import './share.css';

/**
 * "Share Report" (issue 52): make a link to a public copy of this valuation's report, copy it,
 * and see and stop the links made before. Everything in it starts afresh at each opening.
 */
export function ShareReportDialog({ open, onClose, valuationId }: { open: boolean; onClose: () => void; valuationId: string }) {
  const [created, setCreated] = useState<ReportShare | null>(null);
  return (
    <Modal open={open} onCancel={onClose} afterClose={() => setCreated(null)} title="Share Report" footer={null} width={600} destroyOnHidden className="share-dialog">
      <CreateShareForm valuationId={valuationId} onCreated={setCreated} />
      {created && <CopyLink key={created.id} url={created.url} />}
      <ShareList valuationId={valuationId} />
    </Modal>
  );
}
