// Usage records and usage triggers through the Node SDK.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoAccount } from './harness.mjs';

test('usage records list by category and for this month', async () => {
  const { client } = await demoAccount();
  const records = await client.usage.records.list();
  const categories = records.map((r) => r.category);
  for (const c of ['calls', 'sms', 'phonenumbers', 'totalprice']) assert.ok(categories.includes(c), c);
  const month = await client.usage.records.thisMonth.list({ category: 'calls' });
  assert.deepEqual(
    month.map((r) => [r.category, r.countUnit, r.usageUnit]),
    [['calls', 'calls', 'minutes']],
  );
});

test('a usage trigger is created, fetched, updated, listed and deleted', async () => {
  const { client } = await demoAccount();
  const trigger = await client.usage.triggers.create({
    callbackUrl: 'https://hooks.example.com/node-usage',
    triggerValue: '25.00',
    usageCategory: 'totalprice',
    triggerBy: 'price',
    recurring: 'daily',
  });
  assert.ok(trigger.sid.startsWith('UT') && trigger.sid.length === 34, trigger.sid);
  assert.equal(trigger.triggerBy, 'price');
  const fetched = await client.usage.triggers(trigger.sid).fetch();
  assert.equal(fetched.callbackUrl, 'https://hooks.example.com/node-usage');
  const updated = await client.usage.triggers(trigger.sid).update({ friendlyName: 'Daily spend' });
  assert.equal(updated.friendlyName, 'Daily spend');
  const listed = await client.usage.triggers.list();
  assert.ok(listed.some((t) => t.sid === trigger.sid));
  assert.equal(await client.usage.triggers(trigger.sid).remove(), true);
  await assert.rejects(client.usage.triggers(trigger.sid).fetch(), (e) => e.status === 404);
});
