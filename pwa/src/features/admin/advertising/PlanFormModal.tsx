import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { AdPlanRequest, AdPlanView } from '@kainga/contracts';
import { adTierLabels, type AdTier } from '@kainga/contracts/browser';
import { apiErrorIssues, apiErrorMessage, apiJson } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { fieldRule } from '../../../forms/field-builders';
import { issuesToFields } from '../../../forms/validators';
import { useNetworkRequired } from '../../../offline';
import { ADMIN_AD_PLANS_PATH, adminAdPlanUrl, adminSubscriptionsKey, adPlansKey, useRefresh } from './advertising-queries';
import { planFormFields, planFormValues, planRequestFromForm, planValidators as v, type PlanFormValues } from './plan-form';
import { placementOptions } from './plans';

/**
 * Create a plan (POST /api/admin/ad-plans) in a tier without one, or edit one (PUT
 * /api/admin/ad-plans/{id}); its tier is then fixed, since a tier is the plan's identity.
 */
export function PlanFormModal({ plan, tiers, onClose }: { plan: AdPlanView | null; tiers: readonly AdTier[]; onClose: () => void }) {
  const [form] = Form.useForm<PlanFormValues>();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: (body: AdPlanRequest) => (plan ? apiJson<AdPlanView>('PUT', adminAdPlanUrl(plan.id), body) : apiJson<AdPlanView>('POST', ADMIN_AD_PLANS_PATH, body)),
    onSuccess: async (_answer, body) => {
      toast({ variant: 'success', title: plan ? 'Plan Updated' : 'Plan Created', description: `${body.name} is saved.` });
      onClose();
      await refresh(adPlansKey, adminSubscriptionsKey);
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), planFormFields));
      toast({ variant: 'error', title: 'Error', description: apiErrorMessage(error, 'Failed to save plan') });
    },
  });

  return (
    <Modal
      open
      title={plan ? `Edit ${plan.name}` : 'New Advertising Plan'}
      okText={plan ? 'Save Plan' : 'Create Plan'}
      cancelText="Cancel"
      okButtonProps={{ loading: save.isPending }}
      cancelButtonProps={{ disabled: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<PlanFormValues>
        form={form}
        name="ad-plan"
        layout="vertical"
        requiredMark={false}
        noValidate
        initialValues={planFormValues(plan, tiers[0])}
        onFinish={(values) => {
          if (ensureOnline('save the plan')) save.mutate(planRequestFromForm(values));
        }}
      >
        <div className="form-row">
          <Form.Item label="Tier" name="tier" rules={[fieldRule(v.tier)]}>
            <Select disabled={plan !== null} options={(plan ? [plan.tier] : tiers).map((t) => ({ value: t, label: adTierLabels[t] }))} />
          </Form.Item>
          <Form.Item label="Plan name" name="name" rules={[fieldRule(v.name)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </div>
        <Form.Item label="Description" name="description" rules={[fieldRule(v.description)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <div className="form-row">
          <Form.Item label="Monthly price (NZD)" name="monthlyPrice" rules={[fieldRule(v.monthlyPrice)]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Price per lead (NZD)" name="pricePerLead" rules={[fieldRule(v.pricePerLead)]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="form-row">
          <Form.Item label="Ad width (px)" name="adWidth" rules={[fieldRule(v.adWidth)]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Ad height (px)" name="adHeight" rules={[fieldRule(v.adHeight)]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="form-row">
          <Form.Item label="Priority" name="priority" rules={[fieldRule(v.priority)]}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item label="Max impressions per month" name="maxImpressions" rules={[fieldRule(v.maxImpressions)]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item label="Placements" name="allowedPlacements" rules={[fieldRule(v.allowedPlacements)]}>
          <Select mode="multiple" placeholder="Where adverts of this plan may show" options={placementOptions} />
        </Form.Item>
        <Form.Item label="Features" name="features" rules={[fieldRule(v.features)]} extra="Type a feature and press Enter.">
          <Select mode="tags" open={false} suffixIcon={null} />
        </Form.Item>
        <Form.Item label="Active" name="isActive" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
