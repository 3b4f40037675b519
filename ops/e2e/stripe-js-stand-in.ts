/**
 * A stand-in for Stripe.js, served to the browser from the test itself: the page asks
 * https://js.stripe.com for its script (through @stripe/stripe-js, unchanged) and Playwright
 * answers with this one, so nothing reaches the internet and the app's own Stripe code runs as it
 * would against Stripe.
 *
 * It offers exactly what @stripe/stripe-js and @stripe/react-stripe-js use (read from their
 * sources): `window.Stripe` as a plain function (loadStripe calls it without `new`) carrying the
 * `version` marker loadStripe compares with its release train; on the Stripe object `elements`,
 * `confirmPayment`, `confirmSetup` (a free period's SetupIntent), `_registerWrapper` and `registerAppInfo`, and the `createToken`,
 * `createPaymentMethod` and `confirmCardPayment` that react-stripe-js's `isStripe` guard looks
 * for; on Elements `create`, `getElement`, `update`; on an Element `mount`, `on`, `off`, `update`,
 * `destroy`. The Payment Element is a plain card form drawn in the page (Stripe's is a
 * cross-origin frame the test could not type into). `confirmPayment` answers like Stripe for two of
 * Stripe's own test cards — the generic decline (4000 0000 0000 0002) with `{error}` and the
 * card's words, the good card (4242 4242 4242 4242) by leaving for `return_url` with the
 * parameters Stripe adds (`payment_intent`, `payment_intent_client_secret`,
 * `redirect_status=succeeded`). What real Stripe would do next on its servers (mark the invoice
 * paid, send webhooks) the test does with the local Stripe server and signed webhooks.
 */
import type { BrowserContext } from 'playwright-core';

/** Stripe's test cards (docs.stripe.com/testing). */
export const TEST_CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;
/** The words Stripe gives for the generic decline. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
/** @stripe/stripe-js's release train (its RELEASE_TRAIN): the version marker it expects on window.Stripe. */
const RELEASE_TRAIN = 'endive';

/** What the page recorded, read back with `page.evaluate(() => window.__stripeStandIn)`. */
export interface StandInRecord {
  publishableKeys: string[];
  wrappers: { name: string; version?: string }[];
  confirmations: { kind: 'payment' | 'setup'; clientSecret: string | null; returnUrl: string | null }[];
}

interface Listener {
  (payload?: unknown): void;
}

/**
 * The script's body, run in the page (serialised with toString: it may use nothing from this
 * module, only its arguments and the browser).
 */
function standInStripeJs(version: string, cards: { succeeds: string; declined: string }, declinedMessage: string): void {
  const record: StandInRecord = { publishableKeys: [], wrappers: [], confirmations: [] };
  const digits = (s: string) => s.replace(/\D/g, '');

  interface Field {
    name: string;
    label: string;
    autocomplete: string;
  }
  const fields: Field[] = [
    { name: 'cardnumber', label: 'Card number', autocomplete: 'cc-number' },
    { name: 'exp-date', label: 'Expiry (MM / YY)', autocomplete: 'cc-exp' },
    { name: 'cvc', label: 'Security code', autocomplete: 'cc-csc' },
  ];

  interface ElementsState {
    clientSecret: string | null;
    payment: { values: () => Record<string, string> } | null;
  }
  const elementsStates = new WeakMap<object, ElementsState>();

  function createElement(type: string, state: ElementsState) {
    const listeners = new Map<string, Set<Listener>>();
    let root: HTMLElement | null = null;
    const emit = (event: string, payload?: unknown) => listeners.get(event)?.forEach((cb) => cb(payload));
    const values = () => Object.fromEntries(fields.map((f) => [f.name, root?.querySelector<HTMLInputElement>(`input[name="${f.name}"]`)?.value ?? '']));
    const element = {
      mount(target: string | HTMLElement) {
        const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
        if (!host) throw new Error(`stand-in Stripe.js: nothing to mount into (${String(target)})`);
        root = document.createElement('div');
        root.dataset.testid = 'stand-in-payment-element';
        root.style.display = 'grid';
        root.style.gap = '8px';
        for (const f of fields) {
          const label = document.createElement('label');
          label.textContent = f.label;
          label.style.display = 'grid';
          const input = document.createElement('input');
          input.name = f.name;
          input.setAttribute('autocomplete', f.autocomplete);
          input.inputMode = 'numeric';
          label.appendChild(input);
          root.appendChild(label);
        }
        root.addEventListener('input', () => {
          const v = values();
          const complete = digits(v.cardnumber ?? '').length >= 15 && digits(v['exp-date'] ?? '').length === 4 && digits(v.cvc ?? '').length >= 3;
          emit('change', { elementType: type, empty: Object.values(v).every((x) => !x), complete, value: { type: 'card' } });
        });
        host.appendChild(root);
        // Stripe's frame loads after mount; so does 'ready'.
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(event: string, cb: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(cb);
        return element;
      },
      off(event: string, cb?: Listener) {
        if (cb) listeners.get(event)?.delete(cb);
        else listeners.delete(event);
        return element;
      },
      update() {
        return element;
      },
      focus() {
        root?.querySelector('input')?.focus();
      },
      blur() {},
      clear() {
        root?.querySelectorAll('input').forEach((i) => (i.value = ''));
      },
      unmount() {
        root?.remove();
        root = null;
      },
      destroy() {
        root?.remove();
        root = null;
        listeners.clear();
        if (state.payment === element) state.payment = null;
      },
      values,
    };
    return element;
  }

  const unsupported = (name: string) => () => Promise.reject(new Error(`stand-in Stripe.js does not offer ${name}`));

  function Stripe(publishableKey: string) {
    if (!/^pk_test_\w+$/.test(publishableKey)) throw new Error('stand-in Stripe.js takes test-mode publishable keys only');
    record.publishableKeys.push(publishableKey);
    return {
      elements(options?: { clientSecret?: string }) {
        const state: ElementsState = { clientSecret: options?.clientSecret ?? null, payment: null };
        const elements = {
          create(type: string) {
            if (type !== 'payment') throw new Error(`stand-in Stripe.js draws only the Payment Element, not ${type}`);
            const element = createElement(type, state);
            state.payment = element;
            return element;
          },
          getElement: (type: string) => (type === 'payment' ? state.payment : null),
          update(next: { clientSecret?: string }) {
            if (next.clientSecret) state.clientSecret = next.clientSecret;
            return elements;
          },
          submit: () => Promise.resolve({}),
          fetchUpdates: () => Promise.resolve({}),
        };
        elementsStates.set(elements, state);
        return elements;
      },
      confirmPayment: (options: ConfirmOptions) => confirm('payment', options),
      confirmSetup: (options: ConfirmOptions) => confirm('setup', options),
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      _registerWrapper(wrapper: { name: string; version?: string }) {
        record.wrappers.push({ name: wrapper.name, version: wrapper.version });
      },
      registerAppInfo() {},
    };
  }

  interface ConfirmOptions {
    elements: object;
    confirmParams?: { return_url?: string };
  }
  /**
   * confirmPayment (a PaymentIntent's secret) or confirmSetup (a SetupIntent's: nothing is paid,
   * the card is saved): each refuses the other's secret as Stripe.js does, and leaves for
   * return_url with its own parameters.
   */
  function confirm(kind: 'payment' | 'setup', { elements, confirmParams }: ConfirmOptions): Promise<unknown> {
    const method = kind === 'payment' ? 'confirmPayment' : 'confirmSetup';
    const state = elementsStates.get(elements);
    if (!state?.payment) return Promise.reject(new Error(`stand-in Stripe.js: ${method} needs the mounted Payment Element`));
    const clientSecret = state.clientSecret;
    const returnUrl = confirmParams?.return_url ?? null;
    record.confirmations.push({ kind, clientSecret, returnUrl });
    if (!returnUrl) return Promise.reject(new Error(`stripe.${method}(): \`confirmParams.return_url\` must be specified`));
    const expected = kind === 'payment' ? 'pi_' : 'seti_';
    if (!clientSecret?.startsWith(expected)) return Promise.reject(new Error(`stripe.${method}(): the client secret is not a ${kind === 'payment' ? 'PaymentIntent' : 'SetupIntent'}'s`));
    const card = digits(state.payment.values().cardnumber ?? '');
    if (card.length < 15) return Promise.resolve({ error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } });
    if (card === digits(cards.declined)) return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: declinedMessage } });
    if (card !== digits(cards.succeeds)) return Promise.resolve({ error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } });
    const url = new URL(returnUrl);
    const intent = clientSecret.split('_secret_')[0] ?? '';
    const param = kind === 'payment' ? 'payment_intent' : 'setup_intent';
    url.searchParams.set(param, intent);
    url.searchParams.set(`${param}_client_secret`, clientSecret);
    url.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(url.toString());
    // Like Stripe.js: the promise of a confirmation that left for return_url never settles.
    return new Promise(() => undefined);
  }
  Stripe.version = version;
  Object.assign(window, { Stripe, __stripeStandIn: record });
}

/** The script served for https://js.stripe.com/…: the function above, called with its constants. */
export const standInScript = () => `(${standInStripeJs.toString()})(${JSON.stringify(RELEASE_TRAIN)}, ${JSON.stringify(TEST_CARDS)}, ${JSON.stringify(CARD_DECLINED_MESSAGE)});`;

/**
 * Answers the context's requests for https://js.stripe.com with the stand-in, and refuses every
 * other request that would leave this machine. Returns what was asked of Stripe's host and what
 * was refused, so a test can say when Stripe.js was loaded and that nothing went out.
 */
export async function serveStripeJsStandIn(context: BrowserContext): Promise<{ stripeJs: string[]; refused: string[] }> {
  const seen = { stripeJs: [] as string[], refused: [] as string[] };
  // Registered first, so it runs last: Playwright tries the latest matching route first.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    async (route) => {
      seen.refused.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  await context.route('https://js.stripe.com/**', async (route) => {
    seen.stripeJs.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: standInScript() });
  });
  return seen;
}
