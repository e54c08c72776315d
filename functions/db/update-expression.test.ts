import { describe, expect, it } from 'vitest';
import { type UpdateExpressionInput, bothHold, updateExpression } from './update-expression';

/** The expression with every placeholder replaced by what it stands for: what DynamoDB will read. */
function resolved(expression: string, { ExpressionAttributeNames = {}, ExpressionAttributeValues = {} }: UpdateExpressionInput) {
  return expression
    .replace(/#\w+/g, (placeholder) => ExpressionAttributeNames[placeholder] ?? `<unknown ${placeholder}>`)
    .replace(/:\w+/g, (placeholder) =>
      placeholder in ExpressionAttributeValues
        ? JSON.stringify(ExpressionAttributeValues[placeholder])
        : `<unknown ${placeholder}>`,
    );
}

describe('updateExpression', () => {
  it('writes each kind of change as its clause, every name and value behind a placeholder', () => {
    const parts = updateExpression({
      set: { status: 'accepted', ttl: 42 },
      remove: ['tokenHash', 'data'],
      add: { count: 1, unreadCount: -2 },
      delete: { mfaRecoveryCodes: new Set(['used']) },
    });
    expect(resolved(parts.UpdateExpression, parts)).toBe(
      'SET status = "accepted", ttl = 42 REMOVE tokenHash, data ADD count 1, unreadCount -2 DELETE mfaRecoveryCodes {}',
    );
    expect(Object.values(parts.ExpressionAttributeValues ?? {})).toContainEqual(new Set(['used']));
    // Reserved words (status, ttl, data, count) never appear in the expression itself.
    expect(parts.UpdateExpression).not.toMatch(/status|ttl|data|count/);
  });

  it('sets entries of a map by key, each key behind its own placeholder, beside whole attributes', () => {
    const parts = updateExpression({ set: { version: 3 }, setIn: { profiles: { '01JQUSER': { fullName: 'Ada' } } } });
    expect(resolved(parts.UpdateExpression, parts)).toBe('SET version = 3, profiles.01JQUSER = {"fullName":"Ada"}');
    expect(parts.UpdateExpression).toMatch(/^SET #n0 = :v0, #n1\.#n2 = :v1$/);
  });

  it('copies an attribute into another by name alone, beside the values it sets', () => {
    const parts = updateExpression({ set: { status: 'completed' }, copy: { statusFrom: 'status' } });
    expect(resolved(parts.UpdateExpression, parts)).toBe('SET status = "completed", statusFrom = status');
    // The copy's source is a name, not a value: DynamoDB reads it from the item as it was before the update.
    expect(Object.values(parts.ExpressionAttributeValues ?? {})).toEqual(['completed']);
  });

  it('leaves out empty clauses and maps DynamoDB would refuse', () => {
    const parts = updateExpression({ set: {}, add: {}, remove: ['claimedUntil'] });
    expect(resolved(parts.UpdateExpression, parts)).toBe('REMOVE claimedUntil');
    expect(parts).not.toHaveProperty('ExpressionAttributeValues');
    expect(parts).not.toHaveProperty('ConditionExpression');
  });

  it("adds the condition with its own placeholders beside the update's", () => {
    const parts = updateExpression(
      { set: { claimedUntil: 100 } },
      {
        expression: '#status = :pending AND claimedUntil < :now',
        names: { '#status': 'status' },
        values: { ':pending': 'pending', ':now': 40 },
      },
    );
    expect(resolved(parts.UpdateExpression, parts)).toBe('SET claimedUntil = 100');
    expect(resolved(parts.ConditionExpression!, parts)).toBe('status = "pending" AND claimedUntil < 40');
  });

  it("refuses a condition that uses one of the update's placeholders", () => {
    expect(() => updateExpression({ set: { a: 1 } }, { expression: 'b = :v0', values: { ':v0': 2 } })).toThrow(/:v0/);
    expect(() => updateExpression({ set: { a: 1 } }, { expression: 'attribute_exists(#n0)', names: { '#n0': 'b' } })).toThrow(
      /#n0/,
    );
  });
});

describe('bothHold', () => {
  it('joins two conditions with their placeholders, without the redundant parentheses DynamoDB refuses', () => {
    const joined = bothHold(
      { expression: '(a = :a OR b = :b)', values: { ':a': 1, ':b': 2 } },
      { expression: 'c > :c', names: { '#n': 'n' }, values: { ':c': 3 } },
    );
    expect(joined).toEqual({
      expression: '(a = :a OR b = :b) AND (c > :c)',
      names: { '#n': 'n' },
      values: { ':a': 1, ':b': 2, ':c': 3 },
    });
  });

  it('groups an expression that only starts and ends with parentheses', () => {
    expect(bothHold({ expression: '(a = :a) OR (b = :b)' }, { expression: 'c = :c' }).expression).toBe(
      '((a = :a) OR (b = :b)) AND (c = :c)',
    );
  });
});
