import { useRef, useState } from 'react';
import { Alert, Avatar, Button, Form, Input, InputNumber, Modal, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorIssues, apiErrorMessage } from '../../api/client';
import { userQueryKey } from '../../auth/user';
import { useToast } from '../../chrome/ToastProvider';
import { issuesToFields, rule } from '../../forms/validators';
import { useNetworkRequired } from '../../offline';
import { PARTNER_PROFILE_PATH, fetchProfile, updateProfile, uploadProfileImage } from './partner-api';
import { imageProblem, profileFormFields, profileFormValues, profileUpdateBody, profileValidators, type ProfileFormValues } from './profile-form';

const profileKey = (role: PartnerRoleName) => [PARTNER_PROFILE_PATH, role] as const;

function ProfileForm({ role, onDone }: { role: PartnerRoleName; onDone: () => void }) {
  const profile = useQuery({ queryKey: profileKey(role), queryFn: ({ signal }) => fetchProfile(role, signal) });
  const [form] = Form.useForm<ProfileFormValues>();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const [profileImage, setProfileImage] = useState<string | null | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const upload = useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: ({ filePath }) => {
      setProfileImage(filePath);
      toast({ variant: 'success', title: 'Image Uploaded', description: 'Your profile image has been uploaded.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Upload Failed', description: apiErrorMessage(error, 'Failed to upload image. Please try again.') }),
  });
  const save = useMutation({
    mutationFn: (values: ProfileFormValues) => {
      const data = profile.data!.partnerData;
      return updateProfile(profileUpdateBody(values, role, { profileImage: profileImage === undefined ? data.profileImage : profileImage, companyImage: data.companyImage }));
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(profileKey(role), updated);
      // The names are the account's too (header, profile page).
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast({ variant: 'success', title: 'Profile Updated', description: 'Your partner profile has been saved.' });
      onDone();
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), profileFormFields));
      toast({ variant: 'error', title: 'Update Failed', description: 'Failed to update profile. Please try again.' });
    },
  });

  if (profile.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (profile.isError) return <Alert type="error" showIcon title="Could not load your profile." description={apiErrorMessage(profile.error, 'Please try again.')} />;
  const image = profileImage === undefined ? profile.data.partnerData.profileImage : profileImage;

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      toast({ variant: 'error', title: problem.title, description: problem.message });
      return;
    }
    if (ensureOnline('upload an image')) upload.mutate(file);
  };

  return (
    <Form<ProfileFormValues>
      form={form}
      name="partner-profile"
      // The field rules give the spec's messages; the browser's own checks (type="email"/"url") would
      // block the submit with theirs and leave every other field unchecked.
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={profileFormValues(profile.data)}
      onFinish={(values) => {
        if (ensureOnline('update your profile')) save.mutate(values);
      }}
    >
      <div className="profile-images">
        <Avatar size={64} src={image ?? undefined} alt="">
          {profile.data.user.firstName.slice(0, 1) || 'P'}
        </Avatar>
        <div>
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/jpg,image/png,image/webp"
            className="visually-hidden"
            id="partner-profile-image"
            aria-label="Profile image"
            tabIndex={-1}
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          <Button onClick={() => fileInput.current?.click()} loading={upload.isPending}>
            {image ? 'Change profile image' : 'Upload profile image'}
          </Button>
          <p className="muted small">JPEG, PNG or WebP, up to 300KB.</p>
        </div>
      </div>
      <Form.Item label="First name" name="firstName" rules={[rule(profileValidators.firstName)]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" rules={[rule(profileValidators.lastName)]}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="Business name" name="businessName" rules={[rule(profileValidators.businessName)]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item label="Contact email" name="contactEmail" rules={[rule(profileValidators.contactEmail)]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Contact phone" name="contactPhone" rules={[rule(profileValidators.contactPhone)]}>
        <Input type="tel" autoComplete="tel" placeholder="021 123 4567" />
      </Form.Item>
      <Form.Item label="Licence number" name="licenseNumber" rules={[rule(profileValidators.licenseNumber)]}>
        <Input />
      </Form.Item>
      {/* No min/max/precision on the inputs: antd would silently clamp or round what was typed
          (60 became 50); the field's rule keeps the value and says the limit. */}
      <Form.Item label="Years of experience" name="experienceYears" rules={[rule(profileValidators.experienceYears)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Office size (people)" name="officeSize" rules={[rule(profileValidators.officeSize)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="Business description" name="businessDescription" rules={[rule(profileValidators.businessDescription)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item label="Bio" name="bio" rules={[rule(profileValidators.bio)]}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item label="Video link" name="videoLink" rules={[rule(profileValidators.videoLink)]}>
        <Input type="url" placeholder="https://" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save Profile
      </Button>
    </Form>
  );
}

/** The Edit Profile dialog (spec 001 §2, §5): GET/PUT /api/partner/profile?role= for the active role. */
export function EditProfileDialog({ role, disabled }: { role: PartnerRoleName; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        Edit Profile
      </Button>
      <Modal open={open} title="Edit Profile" onCancel={() => setOpen(false)} footer={null} destroyOnHidden width={640}>
        {open && <ProfileForm key={role} role={role} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}
