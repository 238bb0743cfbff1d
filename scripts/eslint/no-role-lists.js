// Who may do what is said once, in shared/src/permissions (abilities) and shared/src/domain/roles.ts
// (the role ids and their named groups). Anywhere else a role check is an ability or a named
// capability, never a restated list: this rule refuses
// - an array naming two or more roles (`[ROLE.Teacher, ROLE.Methodologist]`),
// - a chain comparing one value with two or more roles (`r === ROLE.Administrator || r === ROLE.Manager`),
// - a role id compared with a number (`role_id === 3`), or role ids as a list of numbers.
// Files allowed to do so are listed in eslint.config.js (the permissions module, roles.ts, tests).

const isRoleMember = (node) =>
  node?.type === 'MemberExpression' &&
  !node.computed &&
  node.object.type === 'Identifier' &&
  node.object.name === 'ROLE' &&
  node.property.type === 'Identifier';

const ROLE_ID_NAME = /^(role_?id|roleId|.*RoleId|.*_role_id)$/i;

function nameOf(node) {
  if (!node) return null;
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
    return node.property.name;
  if (node.type === 'TSAsExpression' || node.type === 'TSNonNullExpression') return nameOf(node.expression);
  return null;
}

const isNumber = (node) => node?.type === 'Literal' && typeof node.value === 'number';
const EQUALITY = new Set(['===', '!==', '==', '!=']);

/** The other side of a comparison with a ROLE.X, or null. */
function comparedWithRole(node) {
  if (node.type !== 'BinaryExpression' || !EQUALITY.has(node.operator)) return null;
  if (isRoleMember(node.left)) return node.right;
  if (isRoleMember(node.right)) return node.left;
  return null;
}

/** The operands of a chain of one logical operator, flattened (`a || b || c`). */
function chainOperands(node, operator, out = []) {
  if (node.type === 'LogicalExpression' && node.operator === operator) {
    chainOperands(node.left, operator, out);
    chainOperands(node.right, operator, out);
  } else {
    out.push(node);
  }
  return out;
}

export const noRoleLists = {
  meta: {
    type: 'problem',
    docs: { description: 'Role checks are abilities (shared/src/permissions), not role lists or role ids.' },
    messages: {
      list: 'A list of roles restates the permissions: ask the ability or a named capability of shared/src/permissions (or a ROLE_GROUPS entry of shared/src/domain/roles.ts for what a role is).',
      chain:
        'Comparing with several roles restates the permissions: ask the ability or a named capability of shared/src/permissions.',
      literal:
        'A role id is ROLE.<Name> from shared/src/domain/roles.ts, and a role check is an ability: never a bare number.',
    },
    schema: [],
  },
  create(context) {
    return {
      ArrayExpression(node) {
        // Only a list of roles: `[ROLE.Student, from, to, ROLE.Teacher]` is a list of SQL bindings.
        const roles = node.elements.filter(isRoleMember).length;
        const onlyRoles = node.elements.every((e) => e && (isRoleMember(e) || e.type === 'SpreadElement'));
        if (roles >= 2 && onlyRoles) context.report({ node, messageId: 'list' });
      },
      LogicalExpression(node) {
        // Report the outermost chain only.
        if (node.parent?.type === 'LogicalExpression' && node.parent.operator === node.operator) return;
        if (node.operator !== '||' && node.operator !== '&&') return;
        // The same value tested against two roles (`r === A || r === B`, `r !== A && r !== B`).
        const source = context.sourceCode ?? context.getSourceCode();
        const tested = chainOperands(node, node.operator)
          .map(comparedWithRole)
          .filter(Boolean)
          .map((side) => source.getText(side));
        if (tested.length !== new Set(tested).size) context.report({ node, messageId: 'chain' });
      },
      // `const TEACHING_ROLES = [3, 7]`: role ids as bare numbers.
      VariableDeclarator(node) {
        const name = node.id.type === 'Identifier' ? node.id.name : '';
        const init = node.init?.type === 'TSAsExpression' ? node.init.expression : node.init;
        if (!/role/i.test(name)) return;
        // `const STUDENT_ROLE = 4`
        if (isNumber(init) && /^[A-Z_]*ROLE[A-Z_]*$/.test(name))
          context.report({ node, messageId: 'literal' });
        if (init?.type !== 'ArrayExpression' || init.elements.length === 0) return;
        if (init.elements.every(isNumber)) context.report({ node, messageId: 'literal' });
      },
      BinaryExpression(node) {
        if (!EQUALITY.has(node.operator)) return;
        const [value, other] = isNumber(node.left) ? [node.left, node.right] : [node.right, node.left];
        if (!isNumber(value)) return;
        const name = nameOf(other);
        if (name && ROLE_ID_NAME.test(name)) context.report({ node, messageId: 'literal' });
      },
    };
  },
};
