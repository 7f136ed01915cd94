import type { LobbyGame, VendorCard, VendorLane } from '@arcadia/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { useUiStore } from '../../../lib/ui-store';
import { type Handler, memberInfo, ok, stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { statusFixture } from '../../../test/status-fixture';

function game(nodeId: number, vassalage = 'ARC', gameType: LobbyGame['gameType'] = 'RNG'): LobbyGame {
  return {
    nodeId,
    gameCode: `g${nodeId}`,
    nodeTypeManageId: `g${nodeId}`,
    gameType,
    vassalage,
    displayName: `${vassalage} Studio`,
    gameName: `Game ${nodeId}`,
    nodeName: `Game ${nodeId}`,
    defaultIcon: '/icon.svg',
    showIcon: '/icon.svg',
    isGame: 'GAME',
    gameClassify: [],
    hotRank: null,
    trial: true,
  };
}

function vendor(vassalage: string, gameType: VendorCard['gameType'], single = false): VendorCard {
  return {
    vassalage,
    displayName: `${vassalage} Studio`,
    gameType,
    smallIcon: '/v.svg',
    mobileSmallIcon: '/v.svg',
    h5Icon: '/v.svg',
    lagerIcon: '/v.svg',
    mobileLargeIcon: '/v.svg',
    accountTypeName: vassalage,
    gameCode: single ? `${vassalage}-lobby` : null,
    nodeId: single ? 900 : null,
    isGame: single ? 'GAME' : 'VASSALAGE',
    gameCount: 30,
  };
}

const lanes: VendorLane[] = [
  { title: 'SPORTS', cards: [vendor('SPT', 'SPORTS', true)], gameClassify: [] },
  { title: 'LIVE', cards: [vendor('LVA', 'LIVE', true), vendor('LVB', 'LIVE', true)], gameClassify: [] },
  { title: 'RNG', cards: ['ARC', 'BRC', 'CRC'].map((v) => vendor(v, 'RNG')), gameClassify: [] },
];

const winners = [120.5, 9000, 45, 300, 7.25].map((winAmount, i) => ({
  vo: {
    gameName: `Game ${i + 1}`,
    customerName: `pl****${i}`,
    winAmount,
    nodeId: i + 1,
    gameType: 'RNG',
    vendor: 'ARC',
    iconUrl: null,
  },
}));

const empty = { banners: [], player: [], popup: [], promotion: [] };

/** Games of one page: 12 a page over 30 games, per requested vendor. */
const gameList: Handler = (req) => {
  const page = Number(req.query.get('pageNo') ?? 1);
  const v = req.query.get('vassalage') ?? 'ARC';
  const all = Array.from({ length: 30 }, (_, i) => game(i + 1 + (v === 'ARC' ? 0 : 100), v));
  return ok({ games: all.slice((page - 1) * 12, page * 12), pageNo: page, totalPages: 3, totalCount: 30 });
};

function lobbyApi(extra: Record<string, Handler> = {}) {
  return stubApi({
    gameVendors: () => ok({ data: { lanes } }),
    announcements: () => ok(empty),
    hotGames: () => ok({ list: [game(1), game(2, 'BRC')] }),
    gameList,
    favouriteIds: () => ok([]),
    favouriteList: () => ok({ content: [], pageNum: 1, totalPages: 0, totalCount: 0 }),
    memberInfo: () => ok(memberInfo()),
    winnerBoard: () => ok({ list: winners }),
    ...extra,
  });
}

function logIn(type = 0) {
  sessionStorage.setItem('merchantCode', 'demo');
  useSessionStore.getState().setToken('tok-1');
  useSessionStore.getState().setMemberType(type);
}

// The first render transforms the lazy lobby modules: allow for a slow, shared machine.
const slots = () => screen.findByRole('region', { name: 'Slots' }, { timeout: 20_000 });

describe('home lobby', () => {
  it('lists the sections and pages the slots; a vendor change goes back to page 1', async () => {
    const api = lobbyApi();
    renderApp('/', statusFixture());
    const section = await slots();
    expect(await within(section).findByRole('article', { name: 'Game 1' })).toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(12);
    expect(await screen.findByRole('region', { name: 'Popular' })).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByRole('article', { name: 'Game 13' })).toBeInTheDocument();
    expect(within(section).getByText('2 / 3')).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'BRC Studio' }));
    expect(await within(section).findByRole('article', { name: 'Game 101' })).toBeInTheDocument();
    expect(within(section).queryByRole('article', { name: 'Game 13' })).not.toBeInTheDocument();
    const last = api.calls('gameList').at(-1)!;
    expect(last.query.get('vassalage')).toBe('BRC');
    expect(last.query.get('pageNo')).toBe('1');
    expect(last.query.get('pageSize')).toBe('12');
  }, 60_000);

  it('asks a visitor to log in to play or to add a favourite', async () => {
    const api = lobbyApi();
    renderApp('/', statusFixture());
    const card = await within(await slots()).findByRole('article', { name: 'Game 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Play' }));
    expect(useUiStore.getState().modal).toBe('login');
    useUiStore.getState().closeModal();
    await userEvent.click(within(card).getByRole('button', { name: 'Add Game 1 to favourites' }));
    expect(useUiStore.getState().modal).toBe('login');
    expect(api.calls('launchGame')).toHaveLength(0);
    expect(api.calls('favouriteAdd')).toHaveLength(0);
  }, 60_000);

  it('shows the winner board: the top three by amount, then the rest from rank 4', async () => {
    lobbyApi();
    renderApp('/', statusFixture());
    const board = await screen.findByRole('region', { name: 'Winners' }, { timeout: 20_000 });
    const top = await within(board).findByRole('list', { name: 'Top winners' });
    // The list is rendered empty while the winners load; wait for its rows.
    const rows = await within(top).findAllByRole('listitem', {}, { timeout: 20_000 });
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('$9,000.00'),
      expect.stringContaining('$300.00'),
      expect.stringContaining('$120.50'),
    ]);
    expect(within(rows[0]!).getByLabelText('Rank 1')).toBeInTheDocument();
    const rest = board.querySelector('ol[start="4"]')!;
    expect(rest.textContent).toContain('4pl****2$45.00');
    expect(rest.textContent).toContain('5pl****4$7.25');
  }, 60_000);

  it('tells a trial account to use a real one, but lets it play free', async () => {
    logIn(4);
    const api = lobbyApi({
      memberInfo: () => ok(memberInfo({ type: 4 })),
      launchGame: () => ok({ content: { game_url: '/house/play?t=free' } }),
    });
    const { router } = renderApp('/', statusFixture());
    const card = await within(await slots()).findByRole('article', { name: 'Game 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Play' }));
    expect(useUiStore.getState().modal).toBe('trialInfo');
    expect(api.calls('launchGame')).toHaveLength(0);
    useUiStore.getState().closeModal();

    await userEvent.click(within(card).getByRole('button', { name: 'Free trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seamless'));
    expect(api.calls('launchGame')[0]!.query.get('accountType')).toBe('0');
  }, 60_000);

  it('launches for a real member into the seamless page', async () => {
    logIn();
    const api = lobbyApi({ launchGame: () => ok({ content: { game_url: '/house/play?t=real' } }) });
    const { router } = renderApp('/', statusFixture());
    const card = await within(await slots()).findByRole('article', { name: 'Game 1' });
    await userEvent.click(within(card).getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seamless'));
    const launch = api.calls('launchGame')[0]!;
    expect(launch.query.get('accountType')).toBe('1');
    expect(launch.query.get('nodeId')).toBe('1');
    const frame = await screen.findByTitle('Game 1');
    expect(frame).toHaveAttribute('src', '/house/play?t=real');
    expect(screen.queryByRole('complementary', { name: 'Menu' })).not.toBeInTheDocument();
  }, 60_000);

  it('adds a favourite once for a double click and removes it again', async () => {
    logIn();
    let ids: number[] = [];
    const api = lobbyApi({
      favouriteIds: () => ok(ids),
      favouriteAdd: (req) => {
        ids = [(req.body as { nodeId: number }).nodeId];
        return ok({ nodeId: ids[0], added: true });
      },
      favouriteRemove: () => {
        ids = [];
        return ok({ nodeId: 1, removed: true });
      },
      favouriteList: () =>
        ok({ content: ids.map((id) => game(id)), pageNum: 1, totalPages: 1, totalCount: ids.length }),
    });
    renderApp('/', statusFixture());
    const card = await within(await slots()).findByRole('article', { name: 'Game 1' });
    await userEvent.dblClick(within(card).getByRole('button', { name: 'Add Game 1 to favourites' }));
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Remove Game 1 from favourites' })).toBeInTheDocument(),
    );
    expect(api.calls('favouriteAdd')).toHaveLength(1);
    expect(api.calls('favouriteAdd')[0]!.body).toMatchObject({ nodeId: 1, vendor: 'ARC', gameType: 'RNG' });
    const favourites = await screen.findByRole('region', { name: 'Favourites' });
    expect(await within(favourites).findByRole('article', { name: 'Game 1' })).toBeInTheDocument();

    // The throttle window has passed: the next click removes it, the lists update first.
    await new Promise((r) => setTimeout(r, 1050));
    await userEvent.click(within(card).getByRole('button', { name: 'Remove Game 1 from favourites' }));
    await waitFor(() =>
      expect(within(favourites).queryByRole('article', { name: 'Game 1' })).not.toBeInTheDocument(),
    );
    expect(api.calls('favouriteRemove')).toHaveLength(1);
  }, 60_000);
});

describe('sports banner', () => {
  it('opens the house sportsbook when no sports vendor is in the lanes', async () => {
    stubApi({
      gameVendors: () => ok({ data: { lanes: lanes.filter((l) => l.title !== 'SPORTS') } }),
      announcements: () => ok(empty),
      hotGames: () => ok({ list: [game(1)] }),
      gameList,
      winnerBoard: () => ok({ list: winners }),
    });
    const { router } = renderApp('/', statusFixture());
    const banner = await screen.findByRole(
      'link',
      { name: /Singles and parlays in your odds format/i },
      { timeout: 20_000 },
    );
    await userEvent.click(banner);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sports'));
  }, 60_000);
});

describe('category navigation', () => {
  it('launches a single-vendor category and opens the page of a multi-vendor one', async () => {
    logIn();
    const api = lobbyApi({ launchGame: () => ok({ content: { game_url: '/house/play?t=sports' } }) });
    const { router } = renderApp('/promotions', statusFixture());
    const nav = await screen.findByRole('navigation', { name: 'Menu' });
    await userEvent.click(await within(nav).findByRole('link', { name: 'Live Casino' }, { timeout: 20_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/live'));
    expect(api.calls('launchGame')).toHaveLength(0);

    await userEvent.click(within(nav).getByRole('link', { name: 'Sports' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/seamless'));
    expect(api.calls('launchGame')[0]!.query.get('vassalage')).toBe('SPT');
  }, 60_000);
});
