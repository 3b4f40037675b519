import { Link } from 'react-router-dom';
import { useUser } from '../auth/user';
import { showsStartAssessment, startAssessmentState } from './menu-items';

/**
 * 'Start Assessment' (consumer spec "Header, footer and shared chrome"): a link to / for everyone
 * except admins and partner roles. It lives in the sticky header, so it stays in reach on every
 * screen without floating over the page's own controls (issue 11: a fixed corner button covered
 * Market Information, the map panel's View Full Details, the footer and result rows on phones).
 * The navigation carries `startAssessment` in its state, so the signed-in home opens a fresh
 * wizard and brings it into view, also when the person is already on / (see SignedInHome).
 */
export function StartAssessmentButton() {
  const { user, isLoading } = useUser();
  if (isLoading || !showsStartAssessment(user?.roles)) return null;
  return (
    <Link to="/" state={startAssessmentState} className="header-start">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 11 12 3l9 8v10h-6v-6H9v6H3z" fill="currentColor" />
      </svg>
      <span className="header-start-label">Start Assessment</span>
    </Link>
  );
}
