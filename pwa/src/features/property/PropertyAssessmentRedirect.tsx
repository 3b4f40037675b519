import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useToast } from '../../chrome/ToastProvider';

/** The toast shown on the way from /property/{id}/assessment to the assessment form. */
export const UPDATE_ASSESSMENT_TOAST = {
  title: 'Start a New Assessment',
  description: "An update is a new assessment of the same property; check its details and ratings. Your earlier valuations are kept.",
} as const;

/**
 * /property/{id}/assessment ('Update Assessment', consumer spec §2 "Property detail"). There is no
 * separate re-assessment screen: an update is a new valuation of the same address, made with the
 * assessment form on /. This route says so in a toast and goes to / (replacing the history entry).
 * The navigation carries `state.assessmentPropertyId`: the form (ValuationWizard) then starts from
 * the person's last assessment of that property — only when it is their own (issue 11).
 */
export default function PropertyAssessmentRedirect() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({ ...UPDATE_ASSESSMENT_TOAST, variant: 'info' });
    navigate('/', { replace: true, state: { assessmentPropertyId: id ?? null } });
  }, [id, navigate, toast]);
  return null;
}
