/**
 * Delivery addresses (issue #5): list, create, update, delete; exactly one default per user;
 * per-field validation with translated messages; another user's ids answer 404; idempotent create.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addressListResponseSchema, addressResponseSchema, COUNTIES } from '#contract/addresses.ts';
import { addresses } from '#server/db/schema.ts';
import type { TestApp } from '../harness/test-app.ts';
import { test } from '../harness/app-fixture.ts';
import { client } from '../harness/cart-call.ts';
import { ADDRESS, key, quickUser } from '../harness/cart-fixtures.ts';

let t: TestApp;
let c: ReturnType<typeof client>;
let ana: { token: string; user: { id: number } };
let ion: { token: string; user: { id: number } };

test.beforeAll(async ({ testApp }) => {
  t = testApp;
  c = client(t);
  [ana, ion] = [await quickUser(t, 'Ana Popescu'), await quickUser(t, 'Ion Ionescu')];
});

const defaults = async (userId: number) =>
  (await t.db.select().from(addresses).where(eq(addresses.userId, userId))).filter((a) => a.isDefault).map((a) => a.id);

describe('addresses', () => {
  it('lists 41 județe plus București in the contract', () => {
    expect(COUNTIES).toHaveLength(42);
    expect(COUNTIES).toContain('București');
    expect(COUNTIES).toContain('Argeș');
  });

  it('needs a session', async () => {
    expect((await c.get('/addresses')).statusCode).toBe(401);
    expect((await c.post('/address/store', ADDRESS)).statusCode).toBe(401);
  });

  it('the first address becomes the default; country defaults to România; a new default replaces the old', async () => {
    const first = await c.post('/address/store', ADDRESS, { token: ana.token, lang: 'en' });
    expect(first.statusCode, first.body).toBe(200);
    const a = addressResponseSchema.parse(first.json()).data.address;
    expect(a).toMatchObject({ ...ADDRESS, is_default: true, country: 'România' });
    expect(first.json().message).toBe('Address saved');

    const second = addressResponseSchema.parse(
      (await c.post('/address/store', { ...ADDRESS, street: 'Str. Lungă 2', type: 'work' }, { token: ana.token })).json(),
    ).data.address;
    expect(second.is_default).toBe(false);
    const third = addressResponseSchema.parse(
      (await c.post('/address/store', { ...ADDRESS, is_default: true, country: 'Moldova' }, { token: ana.token })).json(),
    ).data.address;
    expect(third).toMatchObject({ is_default: true, country: 'Moldova' });
    expect(await defaults(ana.user.id)).toEqual([third.id]);

    const list = addressListResponseSchema.parse((await c.get('/addresses', { token: ana.token })).json()).data.addresses;
    expect(list.map((x) => x.id)).toEqual([third.id, second.id, a.id]);

    // Update: fields change; is_default true moves the default.
    const upd = await c.put(`/address/${second.id}`, { ...ADDRESS, locality: 'Turda', is_default: true }, { token: ana.token });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data.address).toMatchObject({ locality: 'Turda', is_default: true });
    expect(await defaults(ana.user.id)).toEqual([second.id]);

    // Deleting the default promotes another.
    expect((await c.del(`/address/${second.id}`, { token: ana.token })).statusCode).toBe(200);
    expect(await defaults(ana.user.id)).toEqual([third.id]);
    expect((await c.del(`/address/${third.id}`, { token: ana.token })).statusCode).toBe(200);
    expect(await defaults(ana.user.id)).toEqual([a.id]);
  });

  it("another user's address ids answer 404", async () => {
    const mine = (await c.post('/address/store', ADDRESS, { token: ion.token })).json().data.address.id as number;
    expect((await c.put(`/address/${mine}`, ADDRESS, { token: ana.token })).statusCode).toBe(404);
    expect((await c.del(`/address/${mine}`, { token: ana.token })).statusCode).toBe(404);
    expect((await c.del('/address/999999', { token: ana.token })).statusCode).toBe(404);
    expect((await c.get('/addresses', { token: ana.token })).json().data.addresses.map((x: { id: number }) => x.id)).not.toContain(mine);
  });

  it('validates every field with a translated message', async () => {
    const bad = { name: '', phone: '07a1', county: 'Atlantida', locality: '', street: '', postal_code: '12345', type: 'castle' };
    const res = await c.post('/address/store', bad, { token: ana.token, lang: 'en' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['county', 'locality', 'name', 'phone', 'postal_code', 'street', 'type']);
    expect(errors.postal_code![0]).toBe('The postal code must have 6 digits');
    expect(errors.county![0]).toBe('Choose a county from the list');
    const ro = await c.post('/address/store', { ...ADDRESS, postal_code: 'abcdef' }, { token: ana.token });
    expect(ro.json().errors.postal_code[0]).toBe('Codul poștal trebuie să aibă 6 cifre');
    const missing = await c.post('/address/store', {}, { token: ana.token, lang: 'en' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.name[0]).toBe('The name field is required');
  });

  it('an idempotent create is stored once', async () => {
    const k = key();
    const before = (await t.db.select().from(addresses).where(eq(addresses.userId, ion.user.id))).length;
    const a = await c.post('/address/store', { ...ADDRESS, street: 'Bd. Eroilor 1' }, { token: ion.token, key: k });
    const b = await c.post('/address/store', { ...ADDRESS, street: 'Bd. Eroilor 1' }, { token: ion.token, key: k });
    expect(b.json()).toEqual(a.json());
    expect((await t.db.select().from(addresses).where(eq(addresses.userId, ion.user.id))).length).toBe(before + 1);
  });
});
