/**
 * The one way an UpdateItem's expression is written: from what it changes. Every attribute name and
 * value gets a generated placeholder (#n0, :v0, …), so reserved words (status, ttl, name, count)
 * need no thought, and a caller's condition keeps its own readable placeholders beside them.
 */

/** What one UpdateItem changes. */
export interface Changes {
  /** SET: each attribute to its value. */
  set?: Record<string, unknown>;
  /** SET in a map: each map attribute's entries to their values (`SET map.key = value`), the rest of the map left as it is. */
  setIn?: Record<string, Record<string, unknown>>;
  /**
   * SET each attribute to the value another attribute has before this update (`SET a = b`: every
   * operand is read from the item as it was), so a write records what it replaces without reading it first.
   */
  copy?: Record<string, string>;
  /** REMOVE: these attributes. */
  remove?: readonly string[];
  /** ADD: each number to its attribute (an absent attribute counts from 0), or each set's elements to its set. */
  add?: Record<string, number | Set<string>>;
  /** DELETE: these elements from each attribute's set. */
  delete?: Record<string, Set<string>>;
}

/** A ConditionExpression with the placeholders it uses. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** Both conditions hold (their placeholders must differ). */
export function bothHold(first: Condition, second: Condition): Condition {
  return {
    expression: `${grouped(first.expression)} AND ${grouped(second.expression)}`,
    ...(first.names || second.names ? { names: { ...first.names, ...second.names } } : {}),
    values: { ...first.values, ...second.values },
  };
}

/** The expression in parentheses, unless it is already wholly in a pair: DynamoDB refuses redundant ones. */
function grouped(expression: string): string {
  if (expression.startsWith('(')) {
    let depth = 0;
    for (let index = 0; index < expression.length; index += 1) {
      depth += expression[index] === '(' ? 1 : expression[index] === ')' ? -1 : 0;
      if (depth === 0) {
        if (index === expression.length - 1) return expression;
        break;
      }
    }
  }
  return `(${expression})`;
}

/** The expression members of an UpdateItem (or a transaction's Update), to spread beside TableName and Key. */
export interface UpdateExpressionInput {
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

export function updateExpression(changes: Changes, condition?: Condition): UpdateExpressionInput {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let nameCount = 0;
  let valueCount = 0;
  const name = (attribute: string) => {
    const placeholder = `#n${nameCount++}`;
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (operand: unknown) => {
    const placeholder = `:v${valueCount++}`;
    values[placeholder] = operand;
    return placeholder;
  };
  const clauses: [string, string[]][] = [
    [
      'SET',
      [
        ...Object.entries(changes.set ?? {}).map(([attribute, operand]) => `${name(attribute)} = ${value(operand)}`),
        ...Object.entries(changes.copy ?? {}).map(([attribute, source]) => `${name(attribute)} = ${name(source)}`),
        ...Object.entries(changes.setIn ?? {}).flatMap(([attribute, entries]) =>
          Object.entries(entries).map(([key, operand]) => `${name(attribute)}.${name(key)} = ${value(operand)}`),
        ),
      ],
    ],
    ['REMOVE', (changes.remove ?? []).map(name)],
    ['ADD', Object.entries(changes.add ?? {}).map(([attribute, operand]) => `${name(attribute)} ${value(operand)}`)],
    ['DELETE', Object.entries(changes.delete ?? {}).map(([attribute, operand]) => `${name(attribute)} ${value(operand)}`)],
  ];
  // A condition naming #n0 or :v0 itself would silently read the update's operand instead of its own.
  mergeInto(names, condition?.names);
  mergeInto(values, condition?.values);
  return {
    UpdateExpression: clauses
      .filter(([, actions]) => actions.length > 0)
      .map(([keyword, actions]) => `${keyword} ${actions.join(', ')}`)
      .join(' '),
    ...(condition ? { ConditionExpression: condition.expression } : {}),
    // DynamoDB refuses an empty map of either kind.
    ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
  };
}

function mergeInto<T>(generated: Record<string, T>, own: Record<string, T> | undefined) {
  for (const [placeholder, operand] of Object.entries(own ?? {})) {
    if (placeholder in generated) throw new Error(`The condition's placeholder ${placeholder} is one the update generated`);
    generated[placeholder] = operand;
  }
}
