import { Alert, Button, Card, Collapse, Empty, Skeleton, Switch, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CouponView, UpdateCouponRequest } from '@kainga/contracts';
import { apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { formatDateNZ } from '../../../format/format';
import { useNetworkRequired } from '../../../offline';
import { couponsKey, useCoupons } from './coupon-queries';
import { CouponRedemptions } from './CouponRedemptions';
import { couponUrl, discountLabel, redemptionsLabel, trialDaysLabel, validUntilLabel } from './coupons';
import { CreateCouponForm } from './CreateCouponForm';
import { ResponsiveTable } from '../ResponsiveTable';
import { HistoryLink } from '../history/HistoryLink';
import { couponStream } from '../history/history-streams';

function useSwitchCoupon() {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coupon, body }: { coupon: CouponView; body: UpdateCouponRequest }) => apiJson<CouponView>('PATCH', couponUrl(coupon.id), body),
    onSuccess: async (coupon) => {
      toast({ variant: 'success', title: 'Coupon Updated', description: `${coupon.code} is now ${coupon.isActive ? 'active' : 'inactive'}.` });
      await queryClient.invalidateQueries({ queryKey: couponsKey });
    },
    onError: (error) => toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to update coupon') }),
  });
}

/**
 * Coupon Codes in /admin (spec 001 §1 "Coupon codes exist", §3 coupon_codes): a collapsible
 * create form, every coupon with its uses so far and an active switch, and each one's redemptions.
 */
export function CouponManagement() {
  const coupons = useCoupons();
  const switchCoupon = useSwitchCoupon();
  const { ensureOnline } = useNetworkRequired();
  const [viewing, setViewing] = useState<CouponView | null>(null);
  const [formOpen, setFormOpen] = useState<string[]>([]);

  return (
    <Card title={<h2 className="card-title">Coupon Codes</h2>} className="admin-section">
      <Collapse
        activeKey={formOpen}
        onChange={(keys) => setFormOpen(keys as string[])}
        items={[{ key: 'create', label: 'Create New Coupon', children: <CreateCouponForm onCreated={() => setFormOpen([])} /> }]}
      />
      <h3>Coupons</h3>
      {coupons.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} aria-label="Loading coupons" />
      ) : coupons.isError ? (
        <Alert type="error" showIcon title="Could not load the coupons." description={apiErrorMessage(coupons.error, 'Please try again.')} />
      ) : coupons.data.length === 0 ? (
        <Empty description="No coupons yet" />
      ) : (
        <ResponsiveTable<CouponView>
          rowKey="id"
          size="small"
          scroll={{ x: 'max-content' }}
          pagination={coupons.data.length > 20 ? { pageSize: 20 } : false}
          dataSource={coupons.data}
          aria-label="Coupons"
          columns={[
            { title: 'Code', dataIndex: 'code', stacked: 'heading', render: (code: string, c) => (c.isActive ? <strong>{code}</strong> : <Tag color="red">{code}</Tag>) },
            { title: 'Description', dataIndex: 'description', render: (d: string) => d || '—' },
            { title: 'Discount', key: 'discount', render: (_v, c) => discountLabel(c) },
            { title: 'Trial', dataIndex: 'freeTrialDays', render: (days: number) => trialDaysLabel(days) },
            { title: 'Valid from', dataIndex: 'validFrom', render: (at: string) => formatDateNZ(at) },
            { title: 'Valid until', dataIndex: 'validUntil', render: (at: string | null) => validUntilLabel(at) },
            { title: 'Redemptions', key: 'redemptions', render: (_v, c) => redemptionsLabel(c) },
            {
              title: 'Active',
              dataIndex: 'isActive',
              render: (active: boolean, c) => (
                <Switch
                  checked={active}
                  loading={switchCoupon.isPending && switchCoupon.variables?.coupon.id === c.id}
                  aria-label={`${c.code} active`}
                  onChange={(checked) => {
                    if (ensureOnline('change the coupon')) switchCoupon.mutate({ coupon: c, body: { isActive: checked } });
                  }}
                />
              ),
            },
            {
              title: '',
              key: 'view',
              stacked: 'actions',
              render: (_v, c) => (
                <Button size="small" onClick={() => setViewing(c)} aria-label={`Redemptions of ${c.code}`}>
                  Redemptions
                </Button>
              ),
            },
            { title: '', key: 'history', stacked: 'actions', render: (_v, c) => <HistoryLink stream={couponStream(c.code)} name={`coupon ${c.code}`} /> },
          ]}
        />
      )}
      {viewing && <CouponRedemptions coupon={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}
