import { useRef, useState } from 'react';
import { Button, Form, Input, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdContentView, PartnerAdSubscriptionView } from '@kainga/contracts';
import { AD_CTA_TEXT_MAX, AD_DESCRIPTION_MAX, AD_TITLE_MAX, type PartnerRoleName } from '@kainga/contracts/browser';
import { apiErrorIssues, apiErrorMessage } from '../../../api/client';
import { useToast } from '../../../chrome/ToastProvider';
import { issuesToFields, rule } from '../../../forms/validators';
import { useNetworkRequired } from '../../../offline';
import { newIdempotencyKey } from '../response-outbox';
import { adContentBody, adImageProblem, adContentFormFields, adContentFormValues, adContentValidators, newAdContentValues, type AdContentFormValues } from './ad-content-form';
import { createAdContent, updateAdContent, uploadAdImage } from './advertising-api';
import { adContentKey } from './advertising-queries';
import { subscriptionLabel } from './plans';

function AdContentForm({
  userId,
  role,
  ad,
  subscriptions,
  onDone,
}: {
  userId: string;
  role: PartnerRoleName;
  ad: AdContentView | null;
  subscriptions: PartnerAdSubscriptionView[];
  onDone: () => void;
}) {
  const [form] = Form.useForm<AdContentFormValues>();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const [imageUrl, setImageUrl] = useState<string | null>(ad?.imageUrl ?? null);
  // One key for this dialog's new advert, however often Submit is retried.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const fileInput = useRef<HTMLInputElement | null>(null);

  const upload = useMutation({
    mutationFn: uploadAdImage,
    onSuccess: ({ filePath }) => {
      setImageUrl(filePath);
      toast({ variant: 'success', title: 'Image Uploaded', description: 'Your advert image has been uploaded.' });
    },
    onError: (error) => toast({ variant: 'error', title: 'Upload Failed', description: apiErrorMessage(error, 'Failed to upload image. Please try again.') }),
  });
  const save = useMutation({
    mutationFn: (values: AdContentFormValues) => {
      const body = adContentBody(values, imageUrl, ad?.targetRoles ?? []);
      return ad ? updateAdContent(role, ad.id, body) : createAdContent(role, body, idempotencyKey);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adContentKey(userId, role) });
      toast({
        variant: 'success',
        title: ad ? 'Advert Updated' : 'Advert Submitted',
        description: 'An administrator reviews your advert before it is shown.',
      });
      onDone();
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), adContentFormFields));
      toast({ variant: 'error', title: 'Save Failed', description: apiErrorMessage(error, 'Failed to save the advert. Please try again.') });
    },
  });

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = adImageProblem(file);
    if (problem) {
      toast({ variant: 'error', title: problem.title, description: problem.message });
      return;
    }
    if (ensureOnline('upload an image')) upload.mutate(file);
  };

  return (
    <Form<AdContentFormValues>
      form={form}
      name="ad-content"
      // The field rules give the contract's messages; the browser's own URL check would block the submit with its own.
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={ad ? adContentFormValues(ad) : newAdContentValues(subscriptions[0]?.id ?? null)}
      onFinish={(values) => {
        if (ensureOnline('save your advert')) save.mutate(values);
      }}
    >
      <Form.Item label="Subscription" name="subscriptionId" rules={[rule(adContentValidators.subscriptionId)]}>
        <Select disabled={ad !== null} options={subscriptions.map((s) => ({ value: s.id, label: subscriptionLabel(s) }))} />
      </Form.Item>
      <Form.Item label="Title" name="title" rules={[rule(adContentValidators.title)]}>
        <Input maxLength={AD_TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[rule(adContentValidators.description)]}>
        <Input.TextArea rows={4} maxLength={AD_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item label="Button text" name="ctaText" rules={[rule(adContentValidators.ctaText)]}>
        <Input maxLength={AD_CTA_TEXT_MAX} placeholder="Learn More" />
      </Form.Item>
      <Form.Item label="Button link" name="ctaUrl" rules={[rule(adContentValidators.ctaUrl)]}>
        <Input type="url" inputMode="url" placeholder="https://" />
      </Form.Item>
      <div className="ad-image-field">
        {imageUrl && <img src={imageUrl} alt="The advert's image" className="ad-image-preview" />}
        <div>
          <input ref={fileInput} type="file" accept="image/jpeg,image/jpg,image/png,image/webp" className="visually-hidden" id="ad-image" aria-label="Advert image" tabIndex={-1} onChange={(e) => onFile(e.target.files?.[0])} />
          <Button onClick={() => fileInput.current?.click()} loading={upload.isPending}>
            {imageUrl ? 'Change image' : 'Upload image (optional)'}
          </Button>
          {imageUrl && (
            <Button type="link" onClick={() => setImageUrl(null)}>
              Remove image
            </Button>
          )}
          <p className="muted small">JPEG, PNG or WebP, up to 500KB.</p>
        </div>
      </div>
      <p className="muted small">{ad ? 'Saved changes go to an administrator for approval before they are shown.' : 'A new advert is shown once an administrator approves it.'}</p>
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={upload.isPending}>
        {ad ? 'Save Advert' : 'Submit for Approval'}
      </Button>
    </Form>
  );
}

/** Create or edit an advert (POST / PUT /api/partner/ad-content?role=). */
export function AdContentDialog({
  open,
  userId,
  role,
  ad,
  subscriptions,
  onClose,
}: {
  open: boolean;
  userId: string;
  role: PartnerRoleName;
  ad: AdContentView | null;
  subscriptions: PartnerAdSubscriptionView[];
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={ad ? 'Edit Advert' : 'Create Advert'} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {open && <AdContentForm key={ad?.id ?? 'new'} userId={userId} role={role} ad={ad} subscriptions={subscriptions} onDone={onClose} />}
    </Modal>
  );
}
