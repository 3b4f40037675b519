import { Button, Card, Form, Input, InputNumber, Result, Select, Skeleton } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorIssues, apiErrorMessage } from '../../api/client';
import { useUser } from '../../auth/user';
import { useToast } from '../../chrome/ToastProvider';
import { usePageTitle } from '../../chrome/usePageTitle';
import { fieldRule, textOrNull } from '../../forms/field-builders';
import { issuesToFields } from '../../forms/validators';
import { useNetworkRequired } from '../../offline';
import { enquiryValidators as v } from './application-validators';
import { BusinessContactFields } from './BusinessContactFields';
import { SignInRequired } from '../../chrome/SignInRequired';
import { ImageUploadField } from './ImageUploadField';
import { locationOptions, partnerRoleRecords, submitApplication, useLocations, useRoles } from './partner-queries';
import './partner-apply.css';

interface EnquiryValues {
  businessName?: string;
  contactEmail?: string;
  contactPhone?: string;
  licenseNumber?: string;
  experienceYears?: number | null;
  businessDescription?: string;
  requestedRoleId?: string;
  requestedLocationIds?: string[];
  officeSize?: number | null;
  bio?: string;
  videoLink?: string;
  companyImage?: string | null;
  profileImage?: string | null;
}
const fields = [
  'businessName', 'contactEmail', 'contactPhone', 'licenseNumber', 'experienceYears', 'businessDescription', 'requestedRoleId',
  'requestedLocationIds', 'officeSize', 'bio', 'videoLink', 'companyImage', 'profileImage',
] as const;

function toRequest(values: EnquiryValues) {
  return {
    businessName: values.businessName?.trim(),
    contactEmail: values.contactEmail?.trim(),
    contactPhone: values.contactPhone?.trim(),
    licenseNumber: textOrNull(values.licenseNumber),
    experienceYears: values.experienceYears,
    businessDescription: values.businessDescription?.trim(),
    requestedRoleId: values.requestedRoleId,
    requestedLocationIds: values.requestedLocationIds,
    officeSize: values.officeSize,
    bio: values.bio?.trim(),
    videoLink: textOrNull(values.videoLink),
    companyImage: values.companyImage ?? null,
    profileImage: values.profileImage ?? null,
  };
}

/** The role and location selects: while loading they say so; on an error, 'Failed to load …'. */
function useChoices() {
  const roles = useRoles();
  const locations = useLocations();
  const roleSelect = {
    loading: roles.isPending,
    status: roles.isError ? ('error' as const) : undefined,
    placeholder: roles.isError ? 'Failed to load roles' : 'Select your partner role',
    notFoundContent: roles.isError ? 'Failed to load roles' : undefined,
    options: roles.data ? partnerRoleRecords(roles.data).map((r) => ({ value: r.id, label: r.name })) : [],
  };
  const locationSelect = {
    loading: locations.isPending,
    status: locations.isError ? ('error' as const) : undefined,
    placeholder: locations.isError ? 'Failed to load locations' : 'Select one or more locations',
    notFoundContent: locations.isError ? 'Failed to load locations' : undefined,
    options: locations.data ? locationOptions(locations.data) : [],
  };
  return { roleSelect, locationSelect };
}

function EnquiryForm({ defaultEmail, onSubmitted }: { defaultEmail: string; onSubmitted: () => void }) {
  const [form] = Form.useForm<EnquiryValues>();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const { roleSelect, locationSelect } = useChoices();
  const submit = useMutation({
    mutationFn: (values: EnquiryValues) => submitApplication(toRequest(values)),
    onSuccess: () => {
      toast({ variant: 'success', title: 'Application submitted!', description: 'We will review your application within 1-2 business days.' });
      form.resetFields();
      onSubmitted();
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), fields));
      toast({ variant: 'error', title: 'Submission failed', description: apiErrorMessage(error, 'Failed to submit application. Please try again.') });
    },
  });

  return (
    <Form<EnquiryValues>
      form={form}
      name="partner-enquiry"
      // The field rules give the spec's messages; the browser's own checks (type="email"/"url") would
      // block the submit with theirs and leave every other field unchecked.
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={{ contactEmail: defaultEmail, requestedLocationIds: [] }}
      onFinish={(values) => {
        if (ensureOnline('submit your application')) submit.mutate(values);
      }}
    >
      <h2 className="card-title">Your business</h2>
      <BusinessContactFields v={v} optional={{ contactPhone: false, experienceYears: false }} />
      <div className="form-row">
        <Form.Item label="Office size (people)" name="officeSize" rules={[fieldRule(v.officeSize)]}>
          {/* No precision: antd would round 2.5 silently; the rule says it must be whole. */}
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="Video link (optional)" name="videoLink" rules={[fieldRule(v.videoLink)]}>
          <Input type="url" inputMode="url" placeholder="https://" />
        </Form.Item>
      </div>
      <Form.Item label="Business description" name="businessDescription" rules={[fieldRule(v.businessDescription)]}>
        <Input.TextArea rows={4} showCount />
      </Form.Item>
      <Form.Item label="Bio" name="bio" rules={[fieldRule(v.bio)]}>
        <Input.TextArea rows={5} showCount />
      </Form.Item>

      <h2 className="card-title">Role and locations</h2>
      <div className="form-row">
        <Form.Item label="Partner role" name="requestedRoleId" rules={[fieldRule(v.requestedRoleId)]}>
          <Select {...roleSelect} />
        </Form.Item>
        <Form.Item label="Service locations" name="requestedLocationIds" rules={[fieldRule(v.requestedLocationIds)]}>
          <Select mode="multiple" showSearch={{ optionFilterProp: 'label' }} {...locationSelect} />
        </Form.Item>
      </div>

      <h2 className="card-title">Images (optional)</h2>
      <Form.Item label="Company image" name="companyImage">
        <ImageUploadField kind="company" label="Company image" />
      </Form.Item>
      <Form.Item label="Profile image" name="profileImage">
        <ImageUploadField kind="profile" label="Profile image" />
      </Form.Item>

      <Button type="primary" size="large" htmlType="submit" loading={submit.isPending}>
        Submit Application
      </Button>
    </Form>
  );
}

/**
 * /partner-enquiry (partner/admin spec "/partner-enquiry"): the full application — role (not
 * Admin), one or more service locations, the profile and two optional images — signed in only.
 */
export default function PartnerEnquiryPage() {
  usePageTitle('Partner Enquiry');
  const { user, isLoading } = useUser();
  const [submitted, setSubmitted] = useState(false);

  if (isLoading) {
    return (
      <section className="container page" aria-busy="true" aria-label="Loading">
        <Skeleton active title paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (!user) return <SignInRequired returnTo="/partner-enquiry" what="apply to become a partner" />;
  if (submitted) {
    return (
      <section className="container page narrow" aria-label="Application submitted">
        <Result
          status="success"
          title="Application submitted!"
          subTitle="We will review your application within 1-2 business days."
          extra={
            <Link to="/" className="button-link primary">
              Back to home
            </Link>
          }
        />
      </section>
    );
  }
  return (
    <section className="container page" aria-labelledby="enquiry-title">
      <h1 id="enquiry-title">Partner Application</h1>
      <p className="lead">Tell us about your business. Application review typically takes 1-2 business days.</p>
      <Card>
        <EnquiryForm defaultEmail={user.email} onSubmitted={() => setSubmitted(true)} />
      </Card>
    </section>
  );
}
