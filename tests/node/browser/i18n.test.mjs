// The browser panel's catalogue: both languages have exactly the same keys, every key the page
// and the scripts use exists, and placeholders match between the two languages. Plain Node, no browser.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const panelDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/panel');
const { catalogues, t } = await import(path.join(panelDir, 'i18n.js'));

const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('catalogue', () => {
  it('has the same keys in English and Japanese', () => {
    const english = Object.keys(catalogues.en).sort();
    const japanese = Object.keys(catalogues.ja).sort();
    assert.deepEqual(english.filter((key) => !japanese.includes(key)), [], 'keys missing in Japanese');
    assert.deepEqual(japanese.filter((key) => !english.includes(key)), [], 'keys missing in English');
  });

  it('uses the same placeholders in both languages and no empty text', () => {
    for (const key of Object.keys(catalogues.en)) {
      assert.deepEqual(placeholders(catalogues.ja[key]), placeholders(catalogues.en[key]), key);
      assert.ok(catalogues.en[key].trim() && catalogues.ja[key].trim(), key);
    }
  });

  it('has every key the page and the scripts name', () => {
    const html = fs.readFileSync(path.join(panelDir, 'index.html'), 'utf8');
    const used = new Set([...html.matchAll(/data-i18n(?:-placeholder|-aria-label)?="([^"]+)"/g)].map((match) => match[1]));
    for (const file of fs.readdirSync(panelDir).filter((name) => name.endsWith('.js')))
      for (const match of fs.readFileSync(path.join(panelDir, file), 'utf8').matchAll(/\bt\('([^']+)'/g)) used.add(match[1]);
    // Keys built from protocol values: every value the protocol defines.
    for (const state of ['stopped', 'starting', 'ready', 'running', 'waiting_permission', 'resuming', 'errored', 'disconnected']) used.add(`state.${state}`);
    for (const level of ['ask', 'read_only', 'undoable', 'all_unity_tools', 'all_tools']) used.add(`approve.${level}`);
    for (const state of ['cli_unavailable', 'not_installed', 'disabled', 'loaded', 'load_error']) used.add(`plugin.state.${state}`);
    for (const source of ['files', 'session']) used.add(`plugin.state.enabled_not_loaded.${source}`);
    for (const state of ['not_installed', 'resolving', 'installed']) used.add(`uloop.state.${state}`);
    for (const state of ['connecting', 'connected', 'reconnecting', 'signed-out', 'host-gone']) used.add(`connection.${state}`);
    for (const state of ['active', 'not_detected', 'pending_approval', 'switched_off', 'invalid', 'duplicate']) used.add(`profiles.state.${state}`);
    for (const origin of ['bundled', 'pack', 'project']) used.add(`profiles.origin.${origin}`);
    for (const state of ['cli_missing', 'cli_too_old', 'signed_out', 'login_rejected', 'check_failed']) {
      used.add(`signin.title.${state}`);
      used.add(`signin.explain.${state}`);
    }
    for (const method of ['api_key', 'oauth_token']) used.add(`signin.method.${method}`);
    assert.ok(used.size > 40, `found ${used.size} keys in use`);
    assert.deepEqual([...used].filter((key) => !(key in catalogues.en)), [], 'keys used but not in the catalogue');
  });

  it('fills placeholders and falls back to the key for an unknown one', () => {
    assert.equal(t('status.queued', { count: 3 }), '3 queued');
    assert.equal(t('no.such.key'), 'no.such.key');
  });
});
