import { Form, Input } from 'antd';
import { emailValidator, nameValidator, rule } from './validators';

/** First name, last name and email, as both the profile and the create-account form ask them. */
export function PersonFields() {
  return (
    <>
      <div className="form-row">
        <Form.Item label="First name" name="firstName" rules={[rule(nameValidator('First name'))]}>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[rule(nameValidator('Last name'))]}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item label="Email" name="email" rules={[rule(emailValidator)]}>
        <Input type="email" autoComplete="email" inputMode="email" />
      </Form.Item>
    </>
  );
}
