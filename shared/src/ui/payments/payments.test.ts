import { describe, expect, it } from 'vitest';
import {
  forgetPendingPayment,
  isCheckoutUrl,
  readPendingPayment,
  rememberPendingPayment,
  submitCheckout,
} from './checkout';
import { hasPendingPayment, isFlaggedPayment, paymentStatusKey, sortPayments } from './payment-rows';
import type { InvoicePayment } from './payments.types';

/** The few DOM calls submitCheckout makes, recorded. */
function fakeDocument() {
  const appended: Array<{
    method: string;
    action: string;
    inputs: Array<{ name: string; value: string; type: string }>;
    submitted: boolean;
  }> = [];
  const assigned: string[] = [];
  const doc = {
    location: { assign: (url: string) => assigned.push(url) },
    createElement(tag: string) {
      if (tag === 'form') {
        const form = {
          method: '',
          action: '',
          acceptCharset: '',
          style: {} as Record<string, string>,
          inputs: [] as Array<{ name: string; value: string; type: string }>,
          submitted: false,
          appendChild(input: { name: string; value: string; type: string }) {
            form.inputs.push(input);
          },
          submit() {
            form.submitted = true;
          },
        };
        return form;
      }
      return { name: '', value: '', type: '' };
    },
    body: { appendChild: (form: (typeof appended)[number]) => appended.push(form) },
  };
  return { doc: doc as unknown as Document, appended, assigned };
}

describe('submitCheckout', () => {
  it('posts LiqPay data and signature as a hidden form to the checkout', () => {
    const { doc, appended, assigned } = fakeDocument();
    submitCheckout(
      {
        url: 'https://www.liqpay.ua/api/3/checkout',
        method: 'POST',
        fields: { data: 'eyJ9', signature: 'c2ln' },
      },
      doc,
    );
    expect(assigned).toEqual([]);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({
      method: 'post',
      action: 'https://www.liqpay.ua/api/3/checkout',
      submitted: true,
    });
    expect(appended[0]!.inputs.map((i) => [i.type, i.name, i.value])).toEqual([
      ['hidden', 'data', 'eyJ9'],
      ['hidden', 'signature', 'c2ln'],
    ]);
  });

  it('navigates to a GET checkout without fields (monobank page)', () => {
    const { doc, appended, assigned } = fakeDocument();
    submitCheckout({ url: 'https://pay.mbnk.biz/abc', method: 'GET', fields: {} }, doc);
    expect(assigned).toEqual(['https://pay.mbnk.biz/abc']);
    expect(appended).toEqual([]);
  });

  it('refuses an address that is not http(s)', () => {
    const { doc, appended, assigned } = fakeDocument();
    expect(() => submitCheckout({ url: 'javascript:alert(1)', method: 'GET', fields: {} }, doc)).toThrow();
    expect(isCheckoutUrl('data:text/html,x')).toBe(false);
    expect(isCheckoutUrl('http://127.0.0.1:4000/checkout')).toBe(true);
    expect([...appended, ...assigned]).toEqual([]);
  });
});

describe('pending payment memory', () => {
  const store = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };

  it('remembers the invoice left for until it is forgotten or an hour old', () => {
    const s = store();
    rememberPendingPayment(s, { invoiceId: 7, paymentId: 'p3', at: 1_000 });
    expect(readPendingPayment(s, 2_000)).toEqual({ invoiceId: 7, paymentId: 'p3', at: 1_000 });
    expect(readPendingPayment(s, 1_000 + 60 * 60_000)).toBeNull();
    forgetPendingPayment(s);
    expect(readPendingPayment(s, 2_000)).toBeNull();
  });

  it('takes the invoice of the return address when memory has another or none', () => {
    const s = store();
    expect(readPendingPayment(s, 5, 9)).toEqual({ invoiceId: 9, paymentId: '', at: 5 });
    rememberPendingPayment(s, { invoiceId: 9, paymentId: 'p4', at: 1 });
    expect(readPendingPayment(s, 5, 9)).toEqual({ invoiceId: 9, paymentId: 'p4', at: 1 });
  });

  it('ignores what it did not write', () => {
    const s = store();
    s.setItem('payments:pending', '{"invoiceId":"x"}');
    expect(readPendingPayment(s, 5)).toBeNull();
    s.setItem('payments:pending', 'not json');
    expect(readPendingPayment(s, 5)).toBeNull();
  });
});

describe('payment rows', () => {
  const payment = (over: Partial<InvoicePayment>): InvoicePayment => ({
    id: 'a1',
    provider: 'liqpay',
    provider_payment_id: 'p1',
    amount: 50000,
    currency: 'UAH',
    status: 'success',
    created_at: '2026-03-01T10:00:00Z',
    ...over,
  });

  it("flags a payment whose amount or currency is not the invoice's, or that the server marked for review", () => {
    expect(isFlaggedPayment(payment({}), 50000)).toBe(false);
    expect(isFlaggedPayment(payment({ currency: 'uah' }), 50000)).toBe(false);
    expect(isFlaggedPayment(payment({ amount: 40000 }), 50000)).toBe(true);
    expect(isFlaggedPayment(payment({ currency: 'USD' }), 50000)).toBe(true);
    expect(isFlaggedPayment(payment({ review_reason: 'amount_mismatch' }), 50000)).toBe(true);
    expect(isFlaggedPayment(payment({ status: 'mismatch' }), 50000)).toBe(true);
    // An abandoned attempt of an invoice edited since is nothing to look at.
    expect(isFlaggedPayment(payment({ status: 'failure', amount: 40000 }), 50000)).toBe(false);
  });

  it('names known statuses and leaves others as they came', () => {
    expect(paymentStatusKey('refunded')).toBe('paymentsUi.statuses.refunded');
    expect(paymentStatusKey('reversed')).toBeNull();
  });

  it('lists the newest first and sees a pending one', () => {
    const rows = [
      payment({ id: 'a1', status: 'failure' }),
      payment({ id: 'a2', created_at: '2026-03-02T10:00:00Z', status: 'pending' }),
    ];
    expect(sortPayments(rows).map((p) => p.id)).toEqual(['a2', 'a1']);
    expect(hasPendingPayment(rows)).toBe(true);
    expect(hasPendingPayment([rows[0]!])).toBe(false);
    expect(hasPendingPayment(undefined)).toBe(false);
  });
});
