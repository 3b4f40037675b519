import { Alert, Empty, Modal, Skeleton } from 'antd';
import type { CouponRedemptionView, CouponView } from '@kainga/contracts';
import { apiErrorMessage } from '../../../api/client';
import { formatDateNZ } from '../../../format/format';
import { useCouponRedemptions } from './coupon-queries';
import { redeemerName } from './coupons';
import { ResponsiveTable } from '../ResponsiveTable';

/** Who redeemed a coupon, for which subscription and when (GET /api/admin/coupons/{id}/redemptions), newest first. */
export function CouponRedemptions({ coupon, onClose }: { coupon: CouponView; onClose: () => void }) {
  const redemptions = useCouponRedemptions(coupon.id);
  return (
    <Modal open title={`Redemptions of ${coupon.code}`} footer={null} onCancel={onClose} destroyOnHidden width={760}>
      {redemptions.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} aria-label="Loading redemptions" />
      ) : redemptions.isError ? (
        <Alert type="error" showIcon title="Could not load the redemptions." description={apiErrorMessage(redemptions.error, 'Please try again.')} />
      ) : redemptions.data.length === 0 ? (
        <Empty description="No one has redeemed this coupon yet" />
      ) : (
        <ResponsiveTable<CouponRedemptionView>
          rowKey="id"
          size="small"
          pagination={redemptions.data.length > 20 ? { pageSize: 20 } : false}
          dataSource={redemptions.data}
          columns={[
            { title: 'Partner', key: 'name', stacked: 'heading', render: (_v, r) => redeemerName(r) },
            { title: 'Email', key: 'email', render: (_v, r) => r.user?.email ?? '—' },
            { title: 'Subscription', dataIndex: 'subscriptionId', render: (id: string) => <code>{id.slice(0, 8)}</code> },
            { title: 'Redeemed', dataIndex: 'redeemedAt', render: (at: string) => formatDateNZ(at) },
          ]}
        />
      )}
    </Modal>
  );
}
