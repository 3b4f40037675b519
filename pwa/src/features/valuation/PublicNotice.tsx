import { Alert } from 'antd';
import { NEVER_PUBLIC, PUBLIC_DETAILS } from '../property/PublicVisibilityCard';

/**
 * Said before the valuation is submitted (issue 11): the property becomes public at once, what
 * the public sees of it, and that its owner can hide it afterwards from its property page.
 */
export function PublicNotice() {
  return (
    <Alert
      type="info"
      showIcon
      className="form-alert public-notice"
      role="note"
      aria-label="What will be public"
      title="What will be public"
      description={
        <p style={{ margin: 0 }}>
          Once you generate the valuation, this property is shown on the public map and in the property directory: {PUBLIC_DETAILS}. {NEVER_PUBLIC} You
          can hide it from the public at any time afterwards, on its property page.
        </p>
      }
    />
  );
}
