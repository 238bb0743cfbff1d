import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from '../resources/resource.test-kit.js';

/**
 * Generic create/update of contracts validate with the chosen template's form (part 2 §5):
 * contractsWriteSchema in contracts.sql.ts, through the engine's writeSchema hook.
 */

let kit: Kit;
/** Demo catalogue: 17 is a public offer (url) with invoice template 6; 2 has neither; 42 has invoice templates 3 and 4. */
const OFFER = 17;
const PLAIN = 2;
const INDIVIDUAL = 42;

beforeAll(async () => {
  kit = await startKit();
  const offer = await kit.srv.knex('contract_templates').where('id', OFFER).first('url');
  const plain = await kit.srv.knex('contract_templates').where('id', PLAIN).first('url');
  // The catalogue is what these tests rely on: fail loudly if it changes.
  expect(offer.url).toBeTruthy();
  expect(plain.url ?? '').toBe('');
});
afterAll(() => kit.srv.close());

const people = () => ({ student_id: kit.ids.children[0], payer_id: kit.ids.parent });

describe('contract form follows the template', () => {
  it('a template without a url requires the end date (422 on end_at)', async () => {
    const res = await kit.as.Administrator.post('/api/contracts', { ...people(), template_id: PLAIN });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['end_at']);
    const ok = await kit.as.Administrator.post('/api/contracts', {
      ...people(),
      template_id: PLAIN,
      end_at: '2031-08-31',
    });
    expect(ok.status).toBe(201);
  });

  it('a url template needs no end date; its invoice template is required', async () => {
    const missing = await kit.as.Manager.post('/api/contracts', { ...people(), template_id: OFFER });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['invoice_template_id']);
    const res = await kit.as.Manager.post('/api/contracts', {
      ...people(),
      template_id: OFFER,
      invoice_template_id: 6,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ template_id: OFFER, invoice_template_id: 6, end_at: null });
  });

  it('form-encoded ids pick the template too', async () => {
    const form = new URLSearchParams({
      student_id: String(kit.ids.children[0]),
      payer_id: String(kit.ids.parent),
      template_id: String(OFFER),
      invoice_template_id: '6',
    });
    expect((await kit.as.Administrator.post('/api/contracts', form)).status).toBe(201);
  });

  it('update: checked against the row as it will be', async () => {
    const created = await kit.as.Administrator.post('/api/contracts', {
      ...people(),
      template_id: OFFER,
      invoice_template_id: 6,
    });
    const id = created.body.data.id as number;
    // No end date stored: switching to a template without a url must bring one.
    const noEnd = await kit.as.Administrator.patch(`/api/contracts/${id}`, { template_id: PLAIN });
    expect(noEnd.status).toBe(422);
    expect(Object.keys(noEnd.body.errors)).toEqual(['end_at']);
    const withEnd = await kit.as.Administrator.patch(`/api/contracts/${id}`, {
      template_id: PLAIN,
      end_at: '2031-12-31',
    });
    expect(withEnd.status).toBe(200);
    // Stored values satisfy the rules: a change of another field alone is fine.
    expect((await kit.as.Administrator.patch(`/api/contracts/${id}`, { discipline_id: 2 })).status).toBe(200);
    // Template 42 has invoice templates: the stored 6 counts, clearing it does not.
    expect(
      (await kit.as.Administrator.patch(`/api/contracts/${id}`, { template_id: INDIVIDUAL })).status,
    ).toBe(200);
    const cleared = await kit.as.Administrator.patch(`/api/contracts/${id}`, { invoice_template_id: '' });
    expect(cleared.status).toBe(422);
    expect(Object.keys(cleared.body.errors)).toEqual(['invoice_template_id']);
  });

  it('a url template on update drops the end date requirement', async () => {
    const created = await kit.as.Administrator.post('/api/contracts', {
      ...people(),
      template_id: PLAIN,
      end_at: '2031-08-31',
    });
    const id = created.body.data.id as number;
    const res = await kit.as.Administrator.patch(`/api/contracts/${id}`, {
      template_id: OFFER,
      invoice_template_id: 6,
      end_at: null,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.end_at).toBeNull();
  });
});
