// A value the shared constants name (the school's time zone, the date format people read) is
// written once, in shared/src/domain/constants.ts; a copy anywhere else fails lint, so changing
// the constant changes every use. A custom rule rather than no-restricted-syntax: configs that
// set no-restricted-syntax for some files replace its whole list, and this check must hold in
// every file (tests, kits, scripts and the bench included).

/**
 * Options: [{ value, name, inText? }]. `value` is refused as a string literal (or a template
 * literal without expressions); with `inText` also inside the text of any template literal
 * (the zone quoted in SQL: `AT TIME ZONE 'Europe/Kyiv'`).
 */
export const noRestatedConstant = {
  meta: {
    type: 'problem',
    docs: { description: 'Use the shared constant instead of restating its value.' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: { value: { type: 'string' }, name: { type: 'string' }, inText: { type: 'boolean' } },
          required: ['value', 'name'],
          additionalProperties: false,
        },
      },
    ],
    messages: {
      restated: "'{{value}}' is {{name}} of @school/shared/domain: import the constant.",
    },
  },
  create(context) {
    const constants = context.options[0] ?? [];
    if (constants.length === 0) return {};
    const report = (node, constant) =>
      context.report({ node, messageId: 'restated', data: { value: constant.value, name: constant.name } });
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const constant = constants.find((c) => c.value === node.value);
        if (constant) report(node, constant);
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw);
        const whole = node.expressions.length === 0 ? text[0] : null;
        const constant = constants.find(
          (c) => c.value === whole || (c.inText && text.some((part) => part.includes(`'${c.value}'`))),
        );
        if (constant) report(node, constant);
      },
    };
  },
};
