/**
 * Builds Temporal histories (proto JSON, the format `temporal workflow show --output json`
 * writes) of the valuation workflow by hand, for replay tests without a server: each activity
 * the workflow schedules gets its scheduled/started/completed (or failed) events and the
 * workflow task that follows.
 */
import { TASK_QUEUE, VALUATION_WORKFLOW } from '../valuation/activity-types';

type Event = Record<string, unknown> & { eventId: string; eventType: string };

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** A payload as Temporal's default converter writes JSON values. */
export const jsonPayload = (value: unknown) => ({ metadata: { encoding: base64('json/plain') }, data: base64(JSON.stringify(value)) });
const taskQueue = { name: TASK_QUEUE, kind: 'TASK_QUEUE_KIND_NORMAL' };
const time = (id: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, id)).toISOString();

export type ActivityOutcome =
  | { activity: string; input: unknown; result: unknown }
  | { activity: string; input: unknown; failure: { message: string; type: string; nonRetryable: boolean } };

export function valuationHistory(input: unknown, steps: ActivityOutcome[], end: { result: unknown } | { failure: { message: string; type: string } }) {
  const events: Event[] = [];
  const add = (type: string, attributes: Record<string, unknown>) => {
    const eventId = events.length + 1;
    const name = type.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    events.push({ eventId: String(eventId), eventTime: time(eventId), eventType: `EVENT_TYPE_${type}`, [`${name}EventAttributes`]: attributes });
    return String(eventId);
  };
  const workflowTask = () => {
    const scheduled = add('WORKFLOW_TASK_SCHEDULED', { taskQueue, startToCloseTimeout: '10s', attempt: 1 });
    const started = add('WORKFLOW_TASK_STARTED', { scheduledEventId: scheduled, identity: 'replay', requestId: `req-${scheduled}` });
    return add('WORKFLOW_TASK_COMPLETED', { scheduledEventId: scheduled, startedEventId: started, identity: 'replay' });
  };

  add('WORKFLOW_EXECUTION_STARTED', {
    workflowType: { name: VALUATION_WORKFLOW },
    taskQueue,
    input: { payloads: [jsonPayload(input)] },
    workflowTaskTimeout: '10s',
    originalExecutionRunId: 'run-1',
    firstExecutionRunId: 'run-1',
    identity: 'replay',
    attempt: 1,
  });
  let completed = workflowTask();
  steps.forEach((step, index) => {
    const scheduled = add('ACTIVITY_TASK_SCHEDULED', {
      activityId: String(index + 1),
      activityType: { name: step.activity },
      taskQueue,
      input: { payloads: [jsonPayload(step.input)] },
      startToCloseTimeout: '30s',
      workflowTaskCompletedEventId: completed,
    });
    const started = add('ACTIVITY_TASK_STARTED', { scheduledEventId: scheduled, identity: 'replay', requestId: `act-${scheduled}`, attempt: 1 });
    if ('result' in step) {
      add('ACTIVITY_TASK_COMPLETED', {
        ...(step.result === undefined ? {} : { result: { payloads: [jsonPayload(step.result)] } }),
        scheduledEventId: scheduled,
        startedEventId: started,
        identity: 'replay',
      });
    } else {
      add('ACTIVITY_TASK_FAILED', {
        failure: { message: step.failure.message, source: 'TypeScriptSDK', applicationFailureInfo: { type: step.failure.type, nonRetryable: step.failure.nonRetryable } },
        scheduledEventId: scheduled,
        startedEventId: started,
        identity: 'replay',
        retryState: step.failure.nonRetryable ? 'RETRY_STATE_NON_RETRYABLE_FAILURE' : 'RETRY_STATE_MAXIMUM_ATTEMPTS_REACHED',
      });
    }
    completed = workflowTask();
  });
  if ('result' in end) {
    add('WORKFLOW_EXECUTION_COMPLETED', { result: { payloads: [jsonPayload(end.result)] }, workflowTaskCompletedEventId: completed });
  } else {
    add('WORKFLOW_EXECUTION_FAILED', {
      failure: { message: end.failure.message, source: 'TypeScriptSDK', applicationFailureInfo: { type: end.failure.type, nonRetryable: true } },
      retryState: 'RETRY_STATE_RETRY_POLICY_NOT_SET',
      workflowTaskCompletedEventId: completed,
    });
  }
  return { events };
}
