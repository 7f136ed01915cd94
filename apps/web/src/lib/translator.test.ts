import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

const dictionaries: Record<string, Record<string, Record<string, unknown>>> = {
  en: {
    common: {
      hello: 'Hello {{name}}',
      nested: { deep: 'Deep' },
      'flat.key': 'Flat',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      items_zero: 'No items',
      only_en: 'English only',
      empty: '',
      user: 'By {{who.name}}',
    },
    lobby: { title: 'Lobby', shared: 'From lobby' },
  },
  zh: { common: { hello: '你好 {{name}}', items_other: '{{count}} 项' }, lobby: { title: '大厅' } },
};

async function make(lng: string) {
  const tr = new Translator(
    'en',
    'common',
    (l, ns) => Promise.resolve(dictionaries[l]?.[ns] ?? {}),
    (l) => l in dictionaries,
  );
  await tr.loadNamespaces(['common', 'lobby'], lng);
  await tr.changeLanguage(lng);
  return tr;
}

describe('translator', () => {
  it('looks keys up by path, flat dotted key, namespace prefix and option, with interpolation', async () => {
    const tr = await make('en');
    expect(tr.t('hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(tr.t('hello')).toBe('Hello {{name}}');
    expect(tr.t('hello', { name: undefined })).toBe('Hello ');
    expect(tr.t('user', { who: { name: 'Bo' } })).toBe('By Bo');
    expect(tr.t('nested.deep')).toBe('Deep');
    expect(tr.t('flat.key')).toBe('Flat');
    expect(tr.t('lobby:title')).toBe('Lobby');
    expect(tr.t('shared', { ns: ['common', 'lobby'] })).toBe('From lobby');
    expect(tr.t('empty')).toBe('');
    expect(tr.getFixedT(null, ['lobby', 'common'])('title')).toBe('Lobby');
  });

  it('picks plural forms and falls back to the default value, then the key', async () => {
    const tr = await make('en');
    expect(tr.t('items', { count: 1 })).toBe('1 item');
    expect(tr.t('items', { count: 3 })).toBe('3 items');
    expect(tr.t('items', { count: 0 })).toBe('No items');
    expect(tr.t('missing', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(tr.t('lobby:missing')).toBe('missing');
    expect(tr.t('nested')).toContain('returned an object');
  });

  it('falls back to English for a missing key or a language without dictionaries', async () => {
    const zh = await make('zh');
    expect(zh.t('hello', { name: '安' })).toBe('你好 安');
    expect(zh.t('items', { count: 1 })).toBe('1 项');
    expect(zh.t('only_en')).toBe('English only');
    expect(zh.resolvedLanguage).toBe('zh');
    const th = await make('th');
    expect(th.language).toBe('th');
    expect(th.resolvedLanguage).toBe('en');
    expect(th.t('lobby:title')).toBe('Lobby');
  });

  it('loads the namespaces asked for in the new language before switching, and tells listeners', async () => {
    const tr = await make('en');
    let calls = 0;
    const stop = tr.subscribe(() => calls++);
    await tr.changeLanguage('zh');
    expect(calls).toBe(1);
    expect(tr.hasLoadedNamespaces(['common', 'lobby'])).toBe(true);
    expect(tr.t('lobby:title')).toBe('大厅');
    stop();
  });
});
