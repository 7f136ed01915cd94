import { whitelabelModuleIds } from '@arcadia/contract/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubApi } from '../../../test/api-stub';
import { renderWithProviders } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';
import { useOpsSession } from '../api/ops-client';
import { OperatorConsole } from '../components/operator-console';
import { ModuleTree } from './module-tree';

const allOn = Object.fromEntries(whitelabelModuleIds.map((id) => [id, true]));
const sw = (modId: string) => screen.getByTestId(`module-${modId}`);

describe('the whitelabel tree of switches', () => {
  it('shows each flag; a module under a switched-off parent is marked off with it', () => {
    renderWithProviders(
      <ModuleTree modules={{ ...allOn, MEMBER: false }} mayEdit saving={false} onSave={vi.fn()} />,
      statusFixture(),
    );
    expect(sw('DEPOSIT')).toHaveAttribute('aria-checked', 'true');
    expect(sw('MEMBER')).toHaveAttribute('aria-checked', 'false');
    expect(sw('DEPOSIT').closest('.brand-tree__row')).toHaveTextContent('off with its parent');
    expect(sw('LOGIN').closest('.brand-tree__row')).not.toHaveTextContent('off with its parent');
  });

  it('sends only the switches that changed, and only with a reason', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <ModuleTree modules={allOn} mayEdit saving={false} onSave={onSave} />,
      statusFixture(),
    );
    const save = screen.getByRole('button', { name: 'Save modules' });
    expect(save).toBeDisabled();

    await userEvent.click(sw('WITHDRAW'));
    await userEvent.click(sw('FEEDBACK3'));
    await userEvent.click(sw('FEEDBACK3')); // back as it was: not a change
    expect(sw('WITHDRAW')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('module-changes')).toHaveTextContent('1 change waiting');

    await userEvent.click(save);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Reason/), 'bank outage');
    await userEvent.click(save);
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ modules: { WITHDRAW: false }, reason: 'bank outage' }),
    );
    await waitFor(() => expect(screen.getByTestId('module-changes')).toHaveTextContent('0 changes waiting'));
  });

  it('is read-only for a role that may not switch', () => {
    renderWithProviders(
      <ModuleTree modules={allOn} mayEdit={false} saving={false} onSave={vi.fn()} />,
      statusFixture(),
    );
    expect(sw('DEPOSIT')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save modules' })).not.toBeInTheDocument();
  });
});

describe('the Brand page', () => {
  beforeEach(() => useOpsSession.getState().setToken('ops-tok'));

  it('saves a switch through the API and shows the brand as the server answers it', async () => {
    const brand = {
      code: 'demo',
      name: 'Arcadia Demo',
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
    };
    const view = {
      merchantCode: 'demo',
      name: 'Arcadia Demo',
      status: 'active',
      currency: 'USD',
      currencySymbol: '$',
      currencyScale: 2,
      defaultLanguage: 'EN',
      supportLanguages: ['EN', 'ZH'],
      theme: { primary: '#c8a14a', accent: '#2f7df6', background: '#0f1115', text: '#f4f5f7' },
      logoUrl: null,
      domains: ['localhost'],
      mainDomain: 'localhost',
      customerService: [],
      imageCDNs: [],
      launchGameCDNs: [],
      gtagId: null,
      prizeModes: { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' },
      esportGames: [],
      cockfightGames: [],
      modules: allOn,
      registerRules: statusFixture().info.register,
      availability: {
        maintenance: { enabled: false, message: null, endTime: null },
        regionBlock: { enabled: false, blockedRanges: [] },
      },
    };
    const sent: unknown[] = [];
    let refuse = true;
    stubApi({
      opsSessionMe: () =>
        ok({ id: '1', username: 'boss', role: 'admin', merchantCode: null, brands: [brand] }),
      opsBrandGet: () => ok(view),
      opsBrandModules: (req) => {
        sent.push(req.body);
        if (refuse) {
          refuse = false;
          return fail(400, 'request_param_err', 'The request is not valid.', { fields: { modules: 'bad' } });
        }
        const body = req.body as { modules: Record<string, boolean> };
        return ok({ ...view, modules: { ...view.modules, ...body.modules } });
      },
    });
    renderWithProviders(<OperatorConsole />, statusFixture(), '/ops/brand');
    await userEvent.click(await screen.findByTestId('brand-tab-modules'));
    await userEvent.click(await screen.findByTestId('module-DEPOSIT'));
    await userEvent.type(screen.getByLabelText(/Reason/), 'gateway down');
    await userEvent.click(screen.getByRole('button', { name: 'Save modules' }));
    expect(await screen.findByText(/modules: bad/)).toBeInTheDocument();
    expect(screen.getByTestId('module-DEPOSIT')).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Save modules' }));
    await waitFor(() => expect(screen.getByTestId('module-changes')).toHaveTextContent('0 changes waiting'));
    expect(screen.getByTestId('module-DEPOSIT')).toHaveAttribute('aria-checked', 'false');
    expect(sent).toEqual([
      { modules: { DEPOSIT: false }, reason: 'gateway down' },
      { modules: { DEPOSIT: false }, reason: 'gateway down' },
    ]);
  }, 20_000);
});
