import { Button } from 'antd';
import { useRef, useState } from 'react';
import { apiErrorMessage } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import { ACCEPTED_IMAGE_TYPES, checkEnquiryImage, type ImageKind } from './image-file';
import { uploadImage } from './partner-queries';

/**
 * An image of the enquiry form, as a Form.Item control: the value is the uploaded file's path
 * ({filePath} of the upload route). The file is checked (type, 200KB) before it is sent.
 */
export function ImageUploadField({ id, kind, label, value, onChange }: {
  /** Form.Item's id: its label then names the upload button */
  id?: string;
  kind: ImageKind;
  label: string;
  value?: string | null;
  onChange?: (filePath: string | null) => void;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkEnquiryImage(file, kind);
    if (problem) {
      toast({ variant: 'error', title: problem.title, description: problem.description });
      return;
    }
    if (!ensureOnline('upload an image')) return;
    setUploading(true);
    try {
      onChange?.(await uploadImage(kind, file));
      toast({ variant: 'success', title: 'Image Uploaded', description: `${label} uploaded.` });
    } catch (error) {
      toast({ variant: 'error', title: 'Upload Failed', description: apiErrorMessage(error, 'Failed to upload image. Please try again.') });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="image-upload">
      {value ? <img src={value} alt={label} /> : null}
      <input
        ref={input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        className="visually-hidden"
        aria-label={`Choose a ${label.toLowerCase()}`}
        tabIndex={-1}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Button id={id} loading={uploading} onClick={() => input.current?.click()}>
        {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
      </Button>
      {value ? (
        <Button type="link" onClick={() => onChange?.(null)} disabled={uploading}>
          Remove
        </Button>
      ) : null}
      <span className="muted">JPEG, PNG or WebP, under 200KB.</span>
    </div>
  );
}
