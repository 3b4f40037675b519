/**
 * /valuations/{id}/report: a valuation's full report at its own address, so its owner can
 * bookmark it, reload it and open it again later (the results screen's 'Generate Full Report'
 * opens this page in a new tab). GET /api/valuations/{id}/report answers the owner only: anyone
 * else reads 'Owner Access Required' (consumer spec §6), a signed-out visitor is asked to sign in
 * and comes back here.
 *
 * The report is the server's complete, printable document (command-api valuations/report.ts),
 * shown in a sandboxed frame: its own styles stay its own, and no script in it could run. The
 * frame takes the document's height, so the page scrolls as one.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { apiErrorMessage, apiErrorStatus } from '../../api/client';
import { useUser } from '../../auth/user';
import { PageLoading } from '../../chrome/PageLoading';
import { SignInRequired } from '../../chrome/SignInRequired';
import { usePageTitle } from '../../chrome/usePageTitle';
import { isNetworkError } from '../../offline/network-required';
import { fetchReport, reportQueryKey } from '../valuation/valuation-api';
import { reportPath } from '../valuation/report-window';
import { reportTitle } from './report-title';
import '../property/property.css';
import './report.css';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container page narrow center" aria-labelledby="report-notice-title">
      <div className="notice-block">
        <h1 id="report-notice-title" className="h2-size">
          {title}
        </h1>
        {children}
      </div>
      <p>
        <Link to="/" className="button-link">
          Back to Home
        </Link>
      </p>
    </section>
  );
}

/** The document in a frame as tall as it is. */
function ReportFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [height, setHeight] = useState(800);
  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (doc?.documentElement) setHeight(doc.documentElement.scrollHeight);
  }, []);
  // The document's height follows the width (tables wrap and stack): measured again on resize.
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  return (
    <iframe
      ref={frame}
      className="report-frame"
      title={title}
      srcDoc={html}
      // Same origin (to size and print it) but no scripts, forms or navigation of this page.
      sandbox="allow-same-origin allow-modals"
      onLoad={measure}
      style={{ height }}
    />
  );
}

function Report({ id }: { id: string }) {
  const report = useQuery({ queryKey: reportQueryKey(id), queryFn: ({ signal }) => fetchReport(id, signal), staleTime: 60_000 });
  const title = report.data ? reportTitle(report.data) : null;
  usePageTitle(title ?? 'Valuation Report');
  const frameRef = useRef<HTMLDivElement | null>(null);

  if (report.isPending) {
    return (
      <section className="container page narrow" aria-busy="true" aria-labelledby="report-loading-title">
        <h1 id="report-loading-title" className="h2-size">
          Generating report
        </h1>
        <p className="muted" role="status">
          Your property valuation report is being prepared.
        </p>
        <Skeleton active title paragraph={{ rows: 8 }} />
      </section>
    );
  }
  if (report.isError) {
    const status = apiErrorStatus(report.error);
    if (status === 403) {
      return (
        <Notice title="Owner Access Required">
          <p>You can only view detailed information for properties you own</p>
        </Notice>
      );
    }
    if (status === 404) {
      return (
        <Notice title="Report Not Found">
          <p>{apiErrorMessage(report.error, 'This valuation could not be found.')}</p>
        </Notice>
      );
    }
    return (
      <Notice title="Report Generation Failed">
        <p>{isNetworkError(report.error) ? 'You are offline. Connect to the internet to view the report.' : apiErrorMessage(report.error, 'Failed to generate report')}</p>
        <Button type="primary" onClick={() => void report.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  return (
    <section className="report-page" aria-label="Valuation report">
      <div className="container report-toolbar">
        <Link to="/" className="button-link">
          Back to Home
        </Link>
        <Button onClick={() => frameRef.current?.querySelector('iframe')?.contentWindow?.print()}>Print Report</Button>
      </div>
      <div ref={frameRef} className="report-frame-holder">
        <ReportFrame html={report.data} title={title ?? 'Valuation report'} />
      </div>
    </section>
  );
}

export default function ValuationReportPage() {
  const { id } = useParams();
  const { user, isLoading } = useUser();
  if (!id) return <Notice title="Report Not Found"><p>This valuation could not be found.</p></Notice>;
  if (isLoading) return <PageLoading />;
  if (!user) return <SignInRequired returnTo={reportPath(id)} what="view this valuation report" />;
  return <Report id={id} />;
}
