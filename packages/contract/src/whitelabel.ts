/**
 * The whitelabel module tree (reference §4.1). The wire shape is the original's:
 * `{ modId, enabled: "1" | "0", childrenNodes: [] }`. A brand stores one flag per module id;
 * the tree structure is fixed here so every brand serves the same shape.
 */
interface ModuleNode {
  readonly modId: string;
  readonly children?: readonly ModuleNode[];
}

const m = (modId: string, ...children: ModuleNode[]): ModuleNode => ({ modId, children });

export const whitelabelModuleTree: ModuleNode = m(
  'COMM3',
  m('REG3', m('USERNAMEREG3'), m('MOBILENUMREG3'), m('MOBILENUMPASSREG3'), m('REGMOBVERF3'), m('AFFMAN3')),
  m(
    'LOGIN',
    m('VERIFICATION3'),
    m('MOBILEVERCODELOGIN3'),
    m('LOGINIPVERF3'),
    m('CAPTCHA3'),
    m('GEETEST3'),
    m('FREEPLAY3'),
  ),
  m('PASS3', m('PWDEXPFORCECHANGE3'), m('CHNGPASSVERIF3'), m('PWRESETSMS3')),
  m('PROFPIC3'),
  m('GAMELO3', m('GAMELOHOT3'), m('GAMELOFAV3'), m('GAMELOREC3')),
  m(
    'MEMBER',
    m('MAILCEN', m('INBOX3')),
    m('DEPOSIT'),
    m('WITHDRAW'),
    m('CREDITMAR3'),
    m('FUNDTRANS3'),
    m('MYWALL'),
    m('AGETRANSFERUP3'),
    m('MEMTRANS3'),
    m('PLYRBT'),
    m('MANPLAYREB3'),
    m('REWCEN3'),
    m('PTSYS3'),
    m('FEEDBACK3'),
    m('CBS3'),
  ),
  m('AGENTPOLICY3', m('SIGNCONDIV3'), m('DAILYSALCONT3'), m('HOURSAL3'), m('RTSALARY3')),
  m(
    'AGEINFO3',
    m('AGENTANNOUNCE3'),
    m('AGEANNOUNCE3'),
    m('AGEPAG'),
    m('REGCEN', m('AGEREGDOWN3'), m('CREATEAFF3')),
    m('DOWNMAN'),
    m('TRANSBETREPMEM3'),
    m('TEAMBETTING3'),
    m('AGETEAMPNL3'),
    m('AGEREV3'),
    m('AGEDOWNTRANS3'),
    m('AGENTRANSMULTDOWN3'),
    m('DIVIDEND'),
    m('DAYSAL'),
    m('DAYSALMR'),
  ),
);

function collect(node: ModuleNode, out: string[]): string[] {
  out.push(node.modId);
  for (const child of node.children ?? []) collect(child, out);
  return out;
}

/** Every module id, parents before children. */
export const whitelabelModuleIds: readonly string[] = collect(whitelabelModuleTree, []);

export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}

/** Builds the wire tree from a brand's flags; a module missing from the flags is off. */
export function buildWhitelabelTree(flags: Readonly<Record<string, boolean>>): WhitelabelNode {
  const build = (node: ModuleNode): WhitelabelNode => ({
    modId: node.modId,
    enabled: flags[node.modId] ? '1' : '0',
    childrenNodes: (node.children ?? []).map(build),
  });
  return build(whitelabelModuleTree);
}

/** The client's flattening (`getWhitelabelVal`): `{ MODID: enabled === "1" }`. */
export function flattenWhitelabel(root: WhitelabelNode): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  const walk = (node: WhitelabelNode) => {
    out[node.modId] = node.enabled === '1';
    node.childrenNodes.forEach(walk);
  };
  walk(root);
  return out;
}
