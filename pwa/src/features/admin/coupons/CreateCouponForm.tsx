import { Button, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponView, CreateCouponInput } from '@kainga/contracts';
import { apiErrorIssues, apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { fieldRule } from '../../../forms/field-builders';
import { issuesToFields } from '../../../forms/validators';
import { useNetworkRequired } from '../../../offline';
import { couponFormDefaults, couponFormFields, couponRequestFromForm, couponValidators as v, discountOptions, discountValueProblem, offerProblem, validUntilProblem, type CouponFormValues } from './coupon-form';
import { couponsKey } from './coupon-queries';
import { ADMIN_COUPONS_PATH } from './coupons';

/**
 * A new coupon code (POST /api/admin/coupons): a percentage or NZD amount off the first payment,
 * free trial days, or both; the days it is valid; how often it may be used (blank: unlimited).
 */
export function CreateCouponForm({ onCreated }: { onCreated?: () => void }) {
  const [form] = Form.useForm<CouponFormValues>();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const queryClient = useQueryClient();
  const discountType = Form.useWatch('discountType', form);
  const create = useMutation({
    mutationFn: (body: CreateCouponInput) => apiJson<CouponView>('POST', ADMIN_COUPONS_PATH, body),
    onSuccess: async (coupon) => {
      toast({ variant: 'success', title: 'Coupon Created', description: `${coupon.code} is ready to use.` });
      form.resetFields();
      onCreated?.();
      await queryClient.invalidateQueries({ queryKey: couponsKey });
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), couponFormFields));
      toast({ variant: 'error', title: 'Creation Failed', description: apiErrorMessage(error, 'Failed to create coupon.') });
    },
  });

  return (
    <Form<CouponFormValues>
      form={form}
      name="coupon"
      layout="vertical"
      requiredMark={false}
      noValidate
      initialValues={couponFormDefaults()}
      onFinish={(values) => {
        if (ensureOnline('create the coupon')) create.mutate(couponRequestFromForm(values));
      }}
    >
      <div className="form-row">
        <Form.Item label="Code" name="code" rules={[fieldRule(v.code)]} extra="Letters, digits, - or _; partners may type it in any case.">
          <Input autoComplete="off" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={[fieldRule(v.description)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item
          label="Discount"
          name="discountType"
          dependencies={['freeTrialDays']}
          rules={[{ validator: async (_r, value) => ensure(offerProblem(value, form.getFieldValue('freeTrialDays'))) }]}
        >
          <Select options={discountOptions} />
        </Form.Item>
        <Form.Item
          label={discountType === 'amount' ? 'Amount off (NZD)' : 'Percentage off'}
          name="discountValue"
          dependencies={['discountType']}
          rules={[{ validator: async (_r, value) => ensure(discountValueProblem(form.getFieldValue('discountType'), value)) }]}
        >
          <InputNumber min={0} disabled={discountType === 'none'} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item label="Free trial days" name="freeTrialDays" rules={[fieldRule(v.freeTrialDays)]}>
          <InputNumber min={0} max={365} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Max redemptions" name="maxRedemptions" rules={[fieldRule(v.maxRedemptions)]} extra="Leave blank for unlimited.">
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item label="Valid from" name="validFrom" rules={[fieldRule(v.validFrom)]}>
          <Input type="date" />
        </Form.Item>
        <Form.Item
          label="Valid until (last day)"
          name="validUntil"
          dependencies={['validFrom']}
          rules={[{ validator: async (_r, value) => ensure(validUntilProblem(form.getFieldValue('validFrom'), value)) }]}
          extra="Leave blank for no end."
        >
          <Input type="date" />
        </Form.Item>
      </div>
      <Form.Item label="Active" name="isActive" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create Coupon
      </Button>
    </Form>
  );
}

function ensure(problem: string | null) {
  if (problem) throw new Error(problem);
}
