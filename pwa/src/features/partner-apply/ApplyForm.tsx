import { Button, Form, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { Location, RoleRecord } from '@kainga/contracts';
import { apiErrorIssues, apiErrorMessage } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { fieldRule, textOrNull } from '../../forms/field-builders';
import { issuesToFields } from '../../forms/validators';
import { useNetworkRequired } from '../../offline';
import { applyValidators as v } from './application-validators';
import { BusinessContactFields } from './BusinessContactFields';
import { locationOptions, partnerRoleRecords, submitApplication } from './partner-queries';

interface ApplyValues {
  requestedRoleId?: string;
  requestedLocationId?: string;
  businessName?: string;
  contactEmail?: string;
  contactPhone?: string;
  licenseNumber?: string;
  experienceYears?: number | null;
  businessDescription?: string;
}
const fields = ['requestedRoleId', 'requestedLocationId', 'businessName', 'contactEmail', 'contactPhone', 'licenseNumber', 'experienceYears', 'businessDescription'] as const;

/** The /apply form: one role (not Admin or General), one location → POST /api/partner-applications. */
export function ApplyForm({ roles, locations, defaultEmail, onSubmitted }: {
  roles: readonly RoleRecord[];
  locations: readonly Location[];
  defaultEmail: string;
  onSubmitted: () => void;
}) {
  const [form] = Form.useForm<ApplyValues>();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const submit = useMutation({
    mutationFn: (values: ApplyValues) =>
      submitApplication({
        requestedRoleId: values.requestedRoleId,
        requestedLocationId: values.requestedLocationId,
        businessName: values.businessName?.trim(),
        contactEmail: values.contactEmail?.trim(),
        contactPhone: textOrNull(values.contactPhone),
        licenseNumber: textOrNull(values.licenseNumber),
        experienceYears: values.experienceYears ?? null,
        businessDescription: values.businessDescription?.trim(),
      }),
    onSuccess: () => {
      toast({
        variant: 'success',
        title: 'Application Submitted Successfully',
        description: 'Your application is pending admin review.',
      });
      form.resetFields();
      onSubmitted();
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), fields));
      toast({ variant: 'error', title: 'Application Failed', description: apiErrorMessage(error, 'Failed to submit application. Please try again.') });
    },
  });

  return (
    <Form<ApplyValues>
      form={form}
      name="apply"
      // The field rules give the spec's messages; the browser's own checks (type="email"/"url") would
      // block the submit with theirs and leave every other field unchecked.
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={{ contactEmail: defaultEmail }}
      onFinish={(values) => {
        if (ensureOnline('submit your application')) submit.mutate(values);
      }}
    >
      <div className="form-row">
        <Form.Item label="Partner role" name="requestedRoleId" rules={[fieldRule(v.requestedRoleId)]}>
          <Select placeholder="Select a role" options={partnerRoleRecords(roles).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item label="Location" name="requestedLocationId" rules={[fieldRule(v.requestedLocationId)]}>
          <Select showSearch={{ optionFilterProp: 'label' }} placeholder="Select a location" options={locationOptions(locations)} />
        </Form.Item>
      </div>
      <BusinessContactFields v={v} optional={{ contactPhone: true, experienceYears: true }} />
      <Form.Item label="Business description" name="businessDescription" rules={[fieldRule(v.businessDescription)]}>
        <Input.TextArea rows={4} showCount maxLength={500} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        Submit Application
      </Button>
    </Form>
  );
}
