import { Link } from 'react-router-dom';
import { useUser } from '../auth/user';
import { showsStartAssessment } from './menu-items';

/** Floating 'Start Assessment' link to / for everyone except admins and partner roles. */
export function StartAssessmentButton() {
  const { user, isLoading } = useUser();
  if (isLoading || !showsStartAssessment(user?.roles)) return null;
  return (
    <Link to="/" className="floating-start">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" fill="currentColor" />
      </svg>
      <span>Start Assessment</span>
    </Link>
  );
}
