import { CH, chError } from './clickhouse-error';

/** One node of `EXPLAIN AST`: its kind (`SelectQuery`, `Function`, `TableIdentifier`...) and its argument. */
export interface AstNode {
  kind: string;
  /** What follows the kind: a function's name, an identifier, a literal; without alias or child count. */
  text: string;
  children: AstNode[];
}

const LINE = /^( *)(\S+)(.*)$/;
const CHILDREN = / \(children \d+\)$/;
const ALIAS = / \(alias [^)]*\)$/;

/** Parses the indented text `EXPLAIN AST` answers (one space per level) into a tree. */
export function parseAst(text: string): AstNode {
  const root: AstNode = { kind: '', text: '', children: [] };
  const stack: { depth: number; node: AstNode }[] = [{ depth: -1, node: root }];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length;
    const node: AstNode = {
      kind: match[2]!,
      text: match[3]!.replace(CHILDREN, '').replace(ALIAS, '').trim(),
      children: [],
    };
    while (stack.length > 1 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    stack[stack.length - 1]!.node.children.push(node);
    stack.push({ depth, node });
  }
  if (root.children.length !== 1) throw chError(CH.SYNTAX_ERROR, 'Expected exactly one statement');
  return root.children[0]!;
}
