import { Form, Input, InputNumber } from 'antd';
import type { FieldValidator } from '../../forms/validators';
import { fieldRule } from '../../forms/field-builders';

type Validators = Record<'businessName' | 'contactEmail' | 'contactPhone' | 'licenseNumber' | 'experienceYears', FieldValidator>;

/**
 * The business and contact fields both application forms ask (/apply and /partner-enquiry), each
 * form with its own rules and messages (application-validators.ts); the enquiry form requires the
 * phone and the years of experience, /apply leaves them optional and says so in the label.
 */
export function BusinessContactFields({ v, optional }: { v: Validators; optional: { contactPhone: boolean; experienceYears: boolean } }) {
  const label = (text: string, isOptional: boolean) => (isOptional ? `${text} (optional)` : text);
  return (
    <>
      <Form.Item label="Business name" name="businessName" rules={[fieldRule(v.businessName)]}>
        <Input autoComplete="organization" />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Contact email" name="contactEmail" rules={[fieldRule(v.contactEmail)]}>
          <Input type="email" inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={label('Contact phone', optional.contactPhone)} name="contactPhone" rules={[fieldRule(v.contactPhone)]}>
          <Input type="tel" inputMode="tel" autoComplete="tel" />
        </Form.Item>
      </div>
      <div className="form-row">
        <Form.Item label="Licence number (optional)" name="licenseNumber" rules={[fieldRule(v.licenseNumber)]}>
          <Input />
        </Form.Item>
        <Form.Item label={label('Years of experience', optional.experienceYears)} name="experienceYears" rules={[fieldRule(v.experienceYears)]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </>
  );
}
