import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePartnerResponse, Location, RoleRecord } from '@kainga/contracts';
import { apiErrorIssues, apiErrorMessage, apiJson } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { fieldRule, textOrNull } from '../../forms/field-builders';
import { issuesToFields } from '../../forms/validators';
import { useNetworkRequired } from '../../offline';
import { locationOptions, partnerRoleRecords } from '../partner-apply/partner-queries';
import { adminUsersKey, ADMIN_STATS_PATH } from './admin-queries';
import { createPartnerValidators as v } from './create-partner-validators';
import { partnerCreatedMessage, partnersKey } from './partner-applications';

interface CreatePartnerValues {
  email?: string;
  firstName?: string;
  lastName?: string;
  roleId?: string;
  locationId?: string;
  businessName?: string;
  licenseNumber?: string;
  experienceYears?: number | null;
}
const fields = ['email', 'firstName', 'lastName', 'roleId', 'locationId', 'businessName', 'licenseNumber', 'experienceYears'] as const;

/**
 * 'Add New Partner Directly' (POST /api/admin/create-partner): a partner without an application;
 * an email without an account gets a new account and an invitation to set its password.
 */
export function CreatePartnerForm({ roles, locations }: { roles: readonly RoleRecord[]; locations: readonly Location[] }) {
  const [form] = Form.useForm<CreatePartnerValues>();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const create = useMutation({
    mutationFn: (values: CreatePartnerValues) =>
      apiJson<CreatePartnerResponse>('POST', '/api/admin/create-partner', {
        email: values.email?.trim(),
        firstName: values.firstName?.trim(),
        lastName: values.lastName?.trim(),
        roleId: values.roleId,
        locationId: values.locationId,
        businessName: values.businessName?.trim(),
        licenseNumber: textOrNull(values.licenseNumber),
        experienceYears: values.experienceYears ?? null,
      }),
    onSuccess: async (answer, values) => {
      toast({
        variant: 'success',
        title: 'Partner Created',
        description: partnerCreatedMessage(`${values.firstName?.trim()} ${values.lastName?.trim()}`, answer),
      });
      form.resetFields();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partnersKey }),
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_STATS_PATH] }),
      ]);
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), fields));
      toast({ variant: 'error', title: 'Creation Failed', description: apiErrorMessage(error, 'Failed to create partner.') });
    },
  });

  return (
    <Form<CreatePartnerValues>
      form={form}
      name="create-partner"
      // The field rules give the spec's messages; the browser's own checks (type="email"/"url") would
      // block the submit with theirs and leave every other field unchecked.
      noValidate
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        if (ensureOnline('create a partner')) create.mutate(values);
      }}
    >
      <div className="form-row">
        <Form.Item label="First name" name="firstName" rules={[fieldRule(v.firstName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[fieldRule(v.lastName)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </div>
      <Form.Item label="Email" name="email" rules={[fieldRule(v.email)]}>
        <Input type="email" inputMode="email" autoComplete="off" />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Partner role" name="roleId" rules={[fieldRule(v.roleId)]}>
          <Select placeholder="Select a role" options={partnerRoleRecords(roles).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item label="Location" name="locationId" rules={[fieldRule(v.locationId)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Select a location" options={locationOptions(locations)} />
        </Form.Item>
      </div>
      <Form.Item label="Business name" name="businessName" rules={[fieldRule(v.businessName)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Licence number (optional)" name="licenseNumber" rules={[fieldRule(v.licenseNumber)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Years of experience (optional)" name="experienceYears" rules={[fieldRule(v.experienceYears)]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create Partner
      </Button>
    </Form>
  );
}
