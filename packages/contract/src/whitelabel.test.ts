import { describe, expect, it } from 'vitest';
import { buildWhitelabelTree, flattenWhitelabel, whitelabelModuleIds } from './whitelabel.js';

describe('whitelabel tree', () => {
  it('lists each module id once', () => {
    expect(new Set(whitelabelModuleIds).size).toBe(whitelabelModuleIds.length);
  });

  it('holds every module id the original client gates on', () => {
    for (const id of [
      'COMM3',
      'USERNAMEREG3',
      'MOBILENUMREG3',
      'MOBILENUMPASSREG3',
      'REGMOBVERF3',
      'CHNGPASSVERIF3',
      'AGENTPOLICY3',
      'FREEPLAY3',
      'PWDEXPFORCECHANGE3',
      'MOBILEVERCODELOGIN3',
      'RTSALARY3',
      'HOURSAL3',
      'DIVIDEND',
      'DAYSAL',
      'AGEINFO3',
      'DOWNMAN',
      'TRANSBETREPMEM3',
      'AGETEAMPNL3',
      'AGEREV3',
      'AGEDOWNTRANS3',
      'PTSYS3',
    ]) {
      expect(whitelabelModuleIds).toContain(id);
    }
  });

  it('round-trips flags through the wire shape, treating missing flags as off', () => {
    const tree = buildWhitelabelTree({ COMM3: true, FREEPLAY3: true });
    expect(tree).toMatchObject({ modId: 'COMM3', enabled: '1' });
    const flat = flattenWhitelabel(tree);
    expect(flat.FREEPLAY3).toBe(true);
    expect(flat.REG3).toBe(false);
    expect(Object.keys(flat).length).toBe(whitelabelModuleIds.length);
  });
});
