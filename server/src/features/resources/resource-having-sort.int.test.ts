import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKit, type Kit } from './resource.test-kit.js';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.srv.close());

const idsOf = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id).sort((a, b) => a - b);

describe('having[...] on a boolean', () => {
  it('having[isPaid] takes 1/0/true/false and answers what filter[isPaid] does', async () => {
    const base = '/api/studies?select[]=id&select[]=isPaid';
    for (const [value, expected] of [
      ['1', true],
      ['true', true],
      ['0', false],
      ['FALSE', false],
    ] as const) {
      const having = await kit.as.Administrator.get(`${base}&having[isPaid]=${value}`);
      const filter = await kit.as.Administrator.get(`${base}&filter[isPaid]=${value}`);
      expect(having.status, value).toBe(200);
      expect(having.body.data.length, value).toBeGreaterThan(0);
      for (const s of having.body.data) expect(s.isPaid, value).toBe(expected);
      expect(idsOf(having.body), value).toEqual(idsOf(filter.body));
    }
  });

  it('a boolean field and withHaving through a relation coerce the same way', async () => {
    const active = await kit.as.Manager.get('/api/users?having[active]=1&select[]=id&select[]=active');
    expect(active.status).toBe(200);
    expect(active.body.data.length).toBeGreaterThan(0);
    for (const u of active.body.data) expect(u.active).toBe(true);
    const viaRelation = await kit.as.Administrator.get(
      '/api/subscriptions?withHaving[studies.isPaid]=1&select[]=id',
    );
    const viaFilter = await kit.as.Administrator.get(
      '/api/subscriptions?withFilter[studies.isPaid]=1&select[]=id',
    );
    expect(viaRelation.status).toBe(200);
    expect(viaRelation.body.data.length).toBeGreaterThan(0);
    expect(idsOf(viaRelation.body)).toEqual(idsOf(viaFilter.body));
  });

  it.each(['yes', '%1%', ''])('having[isPaid]=%s is the standard 400 naming the parameter', async (value) => {
    const res = await kit.as.Administrator.get(`/api/studies?having[isPaid]=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_query', params: { parameter: 'having[isPaid]' } });
  });
});

describe('sort[]=number on invoices', () => {
  type Row = { id: number; number: string; contract_id: number; position: number };
  const byContractThenPosition = (a: Row, b: Row) => a.contract_id - b.contract_id || a.position - b.position;

  beforeAll(async () => {
    // Contract 123 with 100 invoices: as text '01-123' < '01-17' and '100-123' < '99-123'.
    const { knex } = kit.srv;
    const student = kit.ids.student;
    const [contract] = await knex('contracts')
      .insert({ id: 123, student_id: student, payer_id: student })
      .returning('id');
    const [sub] = await knex('subscriptions')
      .insert({ contract_id: contract.id, price_per_study: 30000 })
      .returning('id');
    await knex('invoices').insert(
      Array.from({ length: 100 }, () => ({ subscription_id: sub.id, amount: 30000 })),
    );
  });

  it('orders numerically by contract id, then position, both ways and across pages', async () => {
    const cols = 'select[]=id&select[]=number&select[]=contract_id&select[]=position';
    const asc = await kit.as.Administrator.get(`/api/invoices?sort[]=number&${cols}`);
    expect(asc.status).toBe(200);
    const rows = asc.body.data as Row[];
    expect(rows.length).toBe(asc.body.meta.total);
    expect(rows.map((r) => r.id)).toEqual([...rows].sort(byContractThenPosition).map((r) => r.id));
    expect(
      rows
        .filter((r) => r.contract_id === 123)
        .map((r) => r.number)
        .slice(-3),
    ).toEqual(['98-123', '99-123', '100-123']);

    const desc = await kit.as.Administrator.get(`/api/invoices?sort[]=-number&${cols}`);
    expect((desc.body.data as Row[]).map((r) => r.id)).toEqual(rows.map((r) => r.id).reverse());

    const page2 = await kit.as.Administrator.get(`/api/invoices?sort[]=number&page=2&perpage=10&${cols}`);
    expect((page2.body.data as Row[]).map((r) => r.id)).toEqual(rows.slice(10, 20).map((r) => r.id));
  });

  it('withSort on a loaded invoices relation uses the same key', async () => {
    const res = await kit.as.Administrator.get(
      '/api/contracts?filter[id]=123&with[]=invoices&withSort[invoices.number]=-number',
    );
    expect(res.status).toBe(200);
    const numbers = (res.body.data[0].invoices as Row[]).map((r) => r.number);
    expect(numbers.slice(0, 3)).toEqual(['100-123', '99-123', '98-123']);
  });
});
