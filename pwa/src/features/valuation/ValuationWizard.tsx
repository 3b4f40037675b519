import { useEffect, useRef, useState } from 'react';
import { Alert, Skeleton, Steps } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ConditionKey } from '@kainga/contracts/browser';
import type { UserValuation } from '@kainga/contracts';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import { formatNZD } from '../../format/format';
import { useOwnLatestValuationOf } from '../property/property-queries';
import { ConditionStep } from './ConditionStep';
import { MarketResearchStep, type ResearchView } from './MarketResearchStep';
import { PropertyDetailsStep } from './PropertyDetailsStep';
import { assessmentPropertyIdOf, PREFILL_FAILED, PREFILL_UNAVAILABLE, prefillNotice, prefillWizardForm } from './prefill';
import {
  createValuation,
  myValuationsQueryKey,
  publicStatsQueryKey,
  researchComparables,
  researchFailureMessage,
  showcaseQueryKey,
  valuationFailureMessage,
} from './valuation-api';
import {
  clampStep,
  emptyWizardForm,
  nextStep,
  previousStep,
  researchWaitingHint,
  autoResearchWaitsFor,
  shouldAutoResearch,
  stepHeading,
  stepTitles,
  toValuationRequest,
  isNumberDetailsField,
  typingError,
  validatePropertyDetails,
  type DetailsErrors,
  type WizardForm,
  type WizardStep,
} from './wizard-logic';

/**
 * Auto research waits this long after the last change before it starts, so a half-typed address
 * is not researched (the conditions of consumer spec §4 are checked again when it fires).
 */
export const AUTO_RESEARCH_DELAY_MS = 800;

interface WizardProps {
  onComplete: (valuation: UserValuation) => void;
  onCityChange?: (city: string) => void;
}

/** How the wizard starts: a form, and what is said above it about where it came from. */
interface WizardStart {
  form: WizardForm;
  note: { type: 'info' | 'warning'; text: string } | null;
}

/**
 * The 3-step valuation wizard (consumer spec "Valuation wizard", §4, §5, §8): property details,
 * condition assessment, market research; submits POST /api/valuations and hands the saved
 * valuation to `onComplete`.
 *
 * 'Update Assessment' (/property/{id}/assessment) comes here with `state.assessmentPropertyId`:
 * the form then starts from the person's last assessment of that property (its facts and
 * condition ratings, prefill.ts), read from their own valuations only, so someone else's property
 * never fills it. It waits for that read (a moment) rather than fill a form being typed in.
 */
export function ValuationWizard(props: WizardProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // Read once: the form is filled when the wizard opens, not again if the history entry changes.
  const [propertyId] = useState(() => assessmentPropertyIdOf(location.state));
  const latest = useOwnLatestValuationOf(propertyId, true);
  if (propertyId && latest.isPending) return <WizardLoading />;
  let start: WizardStart = { form: emptyWizardForm(), note: null };
  if (propertyId && latest.data) start = { form: prefillWizardForm(latest.data), note: { type: 'info', text: prefillNotice(latest.data) } };
  else if (propertyId) start = { form: emptyWizardForm(), note: { type: 'warning', text: latest.isError ? PREFILL_FAILED : PREFILL_UNAVAILABLE } };
  // Once a valuation is made from it, the request to update is done: 'New Assessment' afterwards
  // (or a reload) opens an empty form, as it does everywhere else.
  const onPrefillUsed = propertyId
    ? () => navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null })
    : undefined;
  return <WizardBody {...props} start={start} onPrefillUsed={onPrefillUsed} />;
}

/** While the person's last assessment of their property is read. */
function WizardLoading() {
  return (
    <section className="card wizard" aria-labelledby="wizard-title" aria-busy="true">
      <h2 id="wizard-title" className="wizard-title">
        Property Assessment
      </h2>
      <p className="muted">Loading your property's details…</p>
      <Skeleton active title={false} paragraph={{ rows: 6 }} />
    </section>
  );
}

function WizardBody({ onComplete, onCityChange, start, onPrefillUsed }: WizardProps & { start: WizardStart; onPrefillUsed?: () => void }) {
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const queryClient = useQueryClient();
  const [step, setStepState] = useState<WizardStep>(1);
  const [form, setForm] = useState<WizardForm>(start.form);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [research, setResearch] = useState<ResearchView>({ status: 'idle', comparables: [], note: null, error: null });
  const formRef = useRef(form);
  const researchRef = useRef(research);
  const autoTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const focusHeading = useRef(false);
  /**
   * Set once the valuation is asked for (cleared if it fails): a research answer that comes after
   * that is superseded and says nothing, as one toast at a time would put "Research Complete" over
   * "Valuation Complete" on the results (a slow first research of the day answered after the
   * valuation on a slow machine).
   */
  const valuing = useRef(false);
  // A form filled from the person's property shows that town's market beside it.
  const [startCity] = useState(start.form.city);
  useEffect(() => {
    if (startCity) onCityChange?.(startCity);
  }, [startCity, onCityChange]);

  useEffect(
    () => () => {
      if (autoTimer.current) clearTimeout(autoTimer.current);
    },
    [],
  );
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [step]);

  const setStep = (s: number) => {
    focusHeading.current = true;
    setStepState(clampStep(s));
  };

  const updateResearch = (next: ResearchView) => {
    researchRef.current = next;
    setResearch(next);
  };

  const researchMutation = useMutation({
    mutationFn: researchComparables,
    onSuccess: (answer) => {
      updateResearch({ status: 'done', comparables: answer.comparables, note: answer.note, error: null });
      if (!valuing.current) toast({ title: 'Research Complete', description: `Found ${answer.comparables.length} comparable properties`, variant: 'success' });
    },
    onError: (error) => {
      const message = researchFailureMessage(error);
      updateResearch({ ...researchRef.current, status: 'failed', error: message });
      if (!valuing.current) toast({ title: 'Research Failed', description: message, variant: 'error' });
    },
  });

  const startResearch = () => {
    const current = formRef.current;
    if (!current.address.trim()) {
      toast({ title: 'Address Required', description: 'Please enter a property address first.', variant: 'warning' });
      return;
    }
    if (!ensureOnline('research comparable sales')) return;
    updateResearch({ ...researchRef.current, status: 'running', error: null });
    researchMutation.mutate(toValuationRequest(current));
  };

  const researchState = () => ({
    hasResearched: researchRef.current.status !== 'idle',
    isResearching: researchRef.current.status === 'running',
    comparablesCount: researchRef.current.comparables.length,
  });

  const scheduleAutoResearch = () => {
    if (autoTimer.current) clearTimeout(autoTimer.current);
    autoTimer.current = null;
    if (!shouldAutoResearch(formRef.current, researchState())) return;
    autoTimer.current = setTimeout(() => {
      autoTimer.current = null;
      if (!shouldAutoResearch(formRef.current, researchState())) return;
      toast({ title: 'Auto Research Started', description: 'Looking for comparable sales near this property.', variant: 'info' });
      startResearch();
    }, AUTO_RESEARCH_DELAY_MS);
  };

  const update = (patch: Partial<WizardForm>) => {
    const next = { ...formRef.current, ...patch };
    formRef.current = next;
    setForm(next);
    if (patch.city !== undefined && patch.city) onCityChange?.(patch.city);
    // A field that was wrong is checked again as the person corrects it; a number field whose
    // text can never be a number (letters, a sign, an exponent) is flagged as it is typed.
    setErrors((old) => {
      const fresh = validatePropertyDetails(next);
      let kept: DetailsErrors = old;
      for (const k of Object.keys(patch)) {
        const key = k as keyof DetailsErrors;
        let message: string | undefined;
        if (key in old) message = fresh[key];
        else if (isNumberDetailsField(key)) message = typingError(key, next[key]);
        if (message === old[key]) continue;
        kept = { ...kept };
        if (message) kept[key] = message;
        else delete kept[key];
      }
      return kept;
    });
    scheduleAutoResearch();
  };

  const setScore = (key: ConditionKey, score: number) => {
    const next = { ...formRef.current, conditionScores: { ...formRef.current.conditionScores, [key]: score } };
    formRef.current = next;
    setForm(next);
  };

  const goFromDetails = () => {
    const found = validatePropertyDetails(formRef.current);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['purpose', 'address', 'city', 'floorArea', 'landArea', 'rateableValue'] as const).find((k) => found[k]);
      if (first) document.getElementById(first === 'purpose' ? 'valuation-purpose-label' : `valuation-${first}`)?.focus();
      return;
    }
    setStep(nextStep(1));
  };

  const submit = useMutation({
    mutationFn: () => createValuation(toValuationRequest(formRef.current)),
    onSuccess: async (result) => {
      toast({ title: 'Valuation Complete', description: `Estimated value: ${formatNZD(result.estimatedValue)}`, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: myValuationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: showcaseQueryKey });
      void queryClient.invalidateQueries({ queryKey: publicStatsQueryKey });
      onComplete(result.valuation);
      onPrefillUsed?.();
    },
    onError: (error) => {
      valuing.current = false;
      toast({ title: 'Valuation Failed', description: valuationFailureMessage(error), variant: 'error' });
    },
    // Whether it succeeded or failed, the wizard is on step 3 afterwards (consumer spec §4).
    onSettled: () => setStepState(3),
  });

  const onSubmit = () => {
    const found = validatePropertyDetails(formRef.current);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setStep(1);
      return;
    }
    if (!ensureOnline('generate a valuation')) return;
    valuing.current = true;
    submit.mutate();
  };

  return (
    <section className="card wizard" aria-labelledby="wizard-title">
      <h2 id="wizard-title" className="wizard-title">
        Property Assessment
      </h2>
      <Steps
        className="wizard-steps"
        size="small"
        current={step - 1}
        items={[1, 2, 3].map((n) => ({ title: stepTitles[n as WizardStep] }))}
        aria-hidden="true"
      />
      {start.note && <Alert type={start.note.type} showIcon role="status" className="form-alert wizard-prefill-note" title={start.note.text} />}
      <h3 className="wizard-step-heading" tabIndex={-1} ref={headingRef}>
        {stepHeading(step)}
      </h3>
      {step === 1 && <PropertyDetailsStep form={form} errors={errors} onChange={update} onNext={goFromDetails} />}
      {step === 2 && (
        <ConditionStep scores={form.conditionScores} onScore={setScore} onPrevious={() => setStep(previousStep(2))} onNext={() => setStep(nextStep(2))} />
      )}
      {step === 3 && (
        <MarketResearchStep
          research={research}
          waitingHint={researchWaitingHint(autoResearchWaitsFor(form))}
          submitting={submit.isPending}
          onResearch={startResearch}
          onPrevious={() => setStep(previousStep(3))}
          onSubmit={onSubmit}
        />
      )}
    </section>
  );
}
