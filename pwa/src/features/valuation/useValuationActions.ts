import { isOnline, useNetworkRequired } from '../../offline';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserValuation } from '@kainga/contracts';
import { apiErrorMessage } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { openReportWindow } from './report-window';
import { generateReport, myValuationsQueryKey, saveValuation } from './valuation-api';

/** Auto-save runs this long after a result appears; its toast lasts 3000 ms (consumer spec §9). */
export const AUTO_SAVE_DELAY_MS = 2000;
export const AUTO_SAVED_TOAST_MS = 3000;

/**
 * 'Generate Full Report' (consumer spec §4, §8): the window opens first, in the click itself, at
 * the report's own page (report-window.ts), which shows the document or an error page; POST
 * /api/valuations/{id}/generate-report records the generation and answers the toasts.
 */
export function useReportGeneration(valuationId: string | null | undefined) {
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const [generating, setGenerating] = useState(false);

  const generate = () => {
    if (!valuationId) {
      toast({ title: 'Error', description: 'Valuation ID is missing. Cannot generate report.', variant: 'error' });
      return;
    }
    if (!ensureOnline('generate the report')) return;
    const win = openReportWindow(valuationId);
    if (!win) {
      toast({ title: 'Pop-up Blocked', description: 'Please allow pop-ups to view the report.', variant: 'warning' });
      return;
    }
    setGenerating(true);
    generateReport(valuationId)
      .then(() => {
        toast({ title: 'Report Generated', description: 'Your property valuation report has been opened in a new tab.', variant: 'success' });
      })
      .catch((error: unknown) => {
        const message = apiErrorMessage(error, 'Failed to generate report');
        toast({ title: 'Report Generation Failed', description: message, variant: 'error' });
      })
      .finally(() => setGenerating(false));
  };

  return { generate, generating };
}

export type SaveStatus = 'idle' | 'saving' | 'saved';

/**
 * 'Save Valuation' and auto-save (consumer spec §4 "Saved indicator"): POST
 * /api/valuations/{id}/save marks the valuation saved. Auto-save fires 2000 ms after the result
 * appears, unless it is saved already, with an 'Auto-saved' toast of 3000 ms. The caller mounts
 * one instance per valuation id (a `key`), so everything resets when the id changes.
 */
export function useSaveValuation(valuation: UserValuation) {
  const { ensureOnline } = useNetworkRequired();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(valuation.saved ? 'saved' : 'idle');
  const statusRef = useRef(status);
  const id = valuation.id;
  const alreadySaved = valuation.saved;

  const save = async (auto: boolean) => {
    if (statusRef.current !== 'idle') return;
    // Offline, a manual save says so; an auto-save simply waits for the next chance.
    if (!(auto ? isOnline() : ensureOnline('save the valuation'))) return;
    statusRef.current = 'saving';
    setStatus('saving');
    try {
      await saveValuation(id);
      statusRef.current = 'saved';
      setStatus('saved');
      if (auto) toast({ title: 'Auto-saved', description: 'Your valuation has been saved.', variant: 'success', duration: AUTO_SAVED_TOAST_MS });
      void queryClient.invalidateQueries({ queryKey: myValuationsQueryKey });
    } catch (error) {
      statusRef.current = 'idle';
      setStatus('idle');
      toast({ title: 'Save Failed', description: apiErrorMessage(error, 'Could not save the valuation. Please try again.'), variant: 'error' });
    }
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  useEffect(() => {
    if (alreadySaved) return;
    const timer = setTimeout(() => void saveRef.current(true), AUTO_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id, alreadySaved]);

  return { status, save: () => void save(false) };
}
