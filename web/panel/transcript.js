// The chat transcript: user and assistant messages, the model's thinking (folded), streaming text,
// tool cards (collapsed, with input, result, error and duration), policy refusals, notices,
// compaction markers and turn summaries.
import { sizeText } from './context_chips.js';
import { element, formatJson } from './dom.js';
import { catalogues, t } from './i18n.js';
import { renderMarkdown } from './markdown.js';
import { renderAssistantBody } from './markdown_tree.js';

// A keyed notice (or editor event) in the page's language; the host's English text is the fallback.
function noticeText(event) {
  return event.key && catalogues.en[`notice.${event.key}`] ? t(`notice.${event.key}`, event.params ?? {}) : event.text;
}

// The events the transcript draws; others (command results and the like) pass by.
const drawnTypes = new Set(['user_message', 'assistant_message', 'assistant_thinking', 'tool_started', 'tool_finished', 'subagent_task', 'turn_finished', 'turn_reverted',
  'notice', 'compaction', 'permission_decided', 'editor_event']);

export class Transcript {
  // `jumpButton` is shown while the user has scrolled away from new output; it scrolls back.
  constructor(container, jumpButton) {
    this.container = container;
    this.jumpButton = jumpButton;
    this.toolCards = new Map();
    this.streaming = null;
    this.streamingText = '';
    this.renderScheduled = false;
    this.currentTurn = 0;
    // Every event shown, in order, so a language switch can draw them again in the new language.
    this.events = [];
    this.notices = new Map();
    this.following = true;
    this.scrolledTo = 0;
    // Following is the user's choice, not a measurement taken at each append: off-screen messages
    // have placeholder heights (style.css) that grow once laid out, so the distance to the end
    // changes without the user scrolling. Only a scroll above where the panel last put the view
    // stops following; reaching the end again resumes it.
    container.addEventListener('scroll', () => {
      if (this.nearEnd()) this.setFollowing(true);
      else if (container.scrollTop < this.scrolledTo - 1) this.setFollowing(false);
    });
    // A message that grows after it was added (its real height replacing the placeholder, or a
    // card opening) keeps the end in view while following.
    this.resizes = new ResizeObserver(() => this.scrollToEnd(false));
    jumpButton?.addEventListener('click', () => {
      this.setFollowing(true);
      this.scrollToEnd(true);
    });
  }

  setFollowing(following) {
    this.following = following;
    if (this.jumpButton) this.jumpButton.hidden = following;
  }

  reset(items, streaming) {
    this.resizes.disconnect();
    this.events = [];
    this.notices.clear();
    this.container.replaceChildren();
    this.toolCards.clear();
    this.streaming = null;
    this.streamingText = '';
    // Built off-document and inserted once: one layout for the whole history, not one per item.
    this.batch = document.createDocumentFragment();
    for (const item of items ?? []) this.add(item, { live: false });
    this.container.append(this.batch);
    this.batch = null;
    for (const node of this.container.children) this.resizes.observe(node);
    if (streaming?.text) this.appendDelta(streaming.text);
    this.setFollowing(true);
    this.scrollToEnd(true);
  }

  setCurrentTurn(turn) {
    this.currentTurn = turn ?? 0;
    for (const node of this.container.querySelectorAll('.user[data-queued="true"]'))
      if (Number(node.dataset.turn) <= this.currentTurn) {
        node.dataset.queued = 'false';
        node.querySelector('.queued-badge')?.remove();
      }
  }

  nearEnd() {
    const scroller = this.container;
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
  }

  scrollToEnd(force) {
    if (!force && !this.following) return;
    this.container.scrollTop = this.container.scrollHeight;
    this.scrolledTo = this.container.scrollTop;
  }

  // New output while the user reads further up: offer the way back instead of moving the view.
  added(node) {
    this.resizes.observe(node);
    if (this.following) this.scrollToEnd(false);
    else if (this.jumpButton) this.jumpButton.hidden = false;
  }

  append(node) {
    if (this.batch) {
      this.batch.append(node);
      return;
    }
    if (this.streaming && this.streaming.isConnected) this.container.insertBefore(node, this.streaming);
    else this.container.append(node);
    this.added(node);
  }

  // Draws everything again from the events (after a language switch); the reading position is
  // kept when the user was not following.
  redraw() {
    const following = this.following;
    const position = this.container.scrollTop;
    const streaming = this.streaming ? { text: this.streamingText } : null;
    this.reset([...this.events], streaming);
    if (!following) {
      this.container.scrollTop = position;
      this.setFollowing(false);
    }
  }

  add(event, { live = true } = {}) {
    if (drawnTypes.has(event.type)) this.events.push(event);
    switch (event.type) {
      case 'user_message': return this.addUser(event);
      case 'assistant_message': return this.addAssistant(event);
      case 'assistant_thinking': return this.addThinking(event);
      case 'tool_started': return this.addTool(event, live);
      case 'tool_finished': return this.finishTool(event, live);
      case 'tool_progress': return this.progressTool(event);
      case 'subagent_task': return this.taskOfTool(event);
      case 'turn_finished': return this.addSummary(event);
      case 'turn_reverted': return this.addRevertOutcome(event);
      case 'notice': return this.addNotice(event);
      case 'compaction': return this.append(element('div', { className: 'compaction', text: t('transcript.compacted') }));
      case 'permission_decided': return this.addDecision(event);
      case 'editor_event': return this.addEditorEvent(event);
      default: return undefined;
    }
  }

  addUser(event) {
    this.notices.clear();
    this.retireContinue();
    const node = element('div', { className: `message user${event.subagent ? ' subagent' : ''}`, attributes: { 'data-turn': String(event.turn_id ?? 0), 'data-queued': String(!!event.queued) } },
      element('div', { className: 'role', text: event.subagent ? t('transcript.subagent_task') : t('transcript.you') }),
      element('div', { className: 'body plain', text: event.text ?? '' }));
    if (!event.subagent) {
      this.retireRetry();
      if (this.onRetry && event.text) node.append(this.retryControls(node, event.text));
    }
    if (event.image_count) node.append(element('div', { className: 'meta', text: t('transcript.images', { count: event.image_count }) }));
    // What the context chips added, as the model read it: folded, since it can be long.
    if (event.attached_context)
      node.append(element('details', { className: 'attached-context' },
        element('summary', { text: t('transcript.attached_context', { size: sizeText(new TextEncoder().encode(event.attached_context).length) }) }),
        element('pre', { text: event.attached_context.trimEnd() })));
    if (event.queued && (event.turn_id ?? 0) > this.currentTurn)
      node.querySelector('.role').append(element('span', { className: 'badge queued-badge', text: t('transcript.queued') }));
    else node.dataset.queued = 'false';
    // A subagent's task goes inside the card of the Agent call that gave it, like the rest of its work.
    if (event.subagent) this.place(node, event);
    else this.append(node);
  }

  // A notice repeated since the user's last message is counted on its first copy instead of
  // being shown again.
  addNotice(event) {
    const text = noticeText(event);
    const key = `${event.level}\n${event.text}`;
    const shown = this.notices.get(key);
    if (shown?.isConnected) {
      shown.dataset.count = String(Number(shown.dataset.count) + 1);
      shown.querySelector('.notice-count').textContent = t('transcript.repeated', { count: shown.dataset.count });
      return;
    }
    const node = element('div', { className: `notice notice-${event.level}`, text, attributes: { role: event.level === 'error' ? 'alert' : 'note', 'data-count': '1' } },
      element('span', { className: 'badge notice-count' }));
    this.notices.set(key, node);
    this.append(node);
  }

  addAssistant(event) {
    this.endStreaming();
    const node = element('div', { className: `message assistant${event.subagent ? ' subagent' : ''}` },
      element('div', { className: 'role', text: event.subagent ? t('transcript.subagent') : t('transcript.agent') }));
    node.append(renderAssistantBody(event));
    if (event.aborted) node.append(element('div', { className: 'meta', text: t('transcript.interrupted') }));
    this.place(node, event);
  }

  // Folded by default: the reasoning is there for whoever wants it, without burying the answer.
  addThinking(event) {
    const details = element('details', { className: `thinking${event.subagent ? ' subagent' : ''}` },
      element('summary', { text: t('transcript.thinking') }),
      element('div', { className: 'body plain', text: event.text ?? '' }));
    if (event.truncated) details.append(element('div', { className: 'meta', text: t('tool.truncated') }));
    this.place(details, event);
  }

  appendDelta(text) {
    if (!this.streaming || !this.streaming.isConnected) {
      this.streaming = element('div', { className: 'message assistant streaming', attributes: { 'aria-busy': 'true' } },
        element('div', { className: 'role', text: t('transcript.agent') }), element('div', { className: 'body markdown' }));
      this.container.append(this.streaming);
      this.added(this.streaming);
      this.streamingText = '';
    }
    this.streamingText += text;
    if (this.renderScheduled) return;
    this.renderScheduled = true;
    // One render per frame, however many deltas arrive in it.
    requestAnimationFrame(() => {
      this.renderScheduled = false;
      if (!this.streaming) return;
      const body = this.streaming.querySelector('.body');
      body.replaceChildren(renderMarkdown(this.streamingText));
    });
  }

  endStreaming() {
    if (this.streaming) this.resizes.unobserve(this.streaming);
    this.streaming?.remove();
    this.streaming = null;
    this.streamingText = '';
  }

  addTool(event, live) {
    const details = element('details', { className: `tool-card${event.subagent ? ' subagent' : ''}`, attributes: { 'data-tool-use-id': event.tool_use_id ?? '' } });
    const summary = element('summary', {},
      element('span', { className: 'tool-name', text: event.name ?? 'tool' }),
      element('span', { className: 'tool-state', text: t('tool.running') }));
    details.append(summary,
      element('div', { className: 'tool-section-title', text: t('tool.input') }),
      element('pre', { className: 'tool-input', text: formatJson(event.input ?? {}) }));
    details.dataset.started = live ? String(performance.now()) : '';
    this.toolCards.set(event.tool_use_id, details);
    this.place(details, event);
  }

  // A subagent's message, thinking or tool call goes inside the card of the Agent call it works
  // for, once that card is drawn; anything else (and a subagent item of a reopened session, which
  // names no call) follows the conversation.
  place(node, event) {
    const parent = event.parent_tool_use_id ? this.toolCards.get(event.parent_tool_use_id) : null;
    if (!parent) {
      this.append(node);
      return;
    }
    let work = parent.querySelector(':scope > .subagent-work');
    if (!work) {
      work = element('div', { className: 'subagent-work' }, element('div', { className: 'tool-section-title', text: t('tool.subagent_work') }));
      parent.append(work);
    }
    work.append(node);
    if (!this.batch) this.added(node);
  }

  // The CLI's word on the subagent an Agent call started: what it does now, then how it ended.
  taskOfTool(event) {
    const card = this.toolCards.get(event.tool_use_id);
    if (!card) return;
    let line = card.querySelector(':scope > summary .subagent-status');
    if (!line) {
      line = element('span', { className: 'subagent-status' });
      card.querySelector(':scope > summary').append(line);
    }
    line.textContent = event.phase === 'finished' ? t('tool.subagent_finished', { status: event.status || '?' }) : event.description ?? '';
    card.dataset.subagent = event.phase;
  }

  // A running call's progress as its tool reports it (the host paces the reports): the share done
  // when the tool knows its total, and its words. Not kept: a redrawn card shows its outcome.
  progressTool(event) {
    const card = this.toolCards.get(event.tool_use_id);
    if (!card || card.dataset.finished) return;
    let line = card.querySelector(':scope > summary .tool-progress');
    if (!line) {
      line = element('span', { className: 'tool-progress' });
      card.querySelector(':scope > summary').append(line);
    }
    const share = event.total > 0 ? `${Math.min(100, Math.round((100 * event.progress) / event.total))}%` : '';
    line.textContent = [share, event.message ?? ''].filter(Boolean).join(' · ');
  }

  finishTool(event, live) {
    let card = this.toolCards.get(event.tool_use_id);
    if (!card) {
      this.addTool({ tool_use_id: event.tool_use_id, name: 'tool', input: {} }, false);
      card = this.toolCards.get(event.tool_use_id);
    }
    card.dataset.finished = 'true';
    // The card's own summary: a subagent's cards inside it have theirs.
    card.querySelector(':scope > summary .tool-progress')?.remove();
    const state = card.querySelector(':scope > summary .tool-state');
    if (event.policy) {
      card.classList.add('policy');
      state.textContent = t('tool.blocked', { basis: event.policy.basis });
      card.append(element('div', { className: 'policy-message', attributes: { role: 'note' } },
        element('strong', { text: t('tool.policy') }), document.createTextNode(event.policy.message ?? '')));
    } else if (event.denied) {
      // The user's own refusal: not a failure, and the reason stays readable on the closed card.
      card.classList.add('denied');
      state.textContent = t('tool.denied');
      card.querySelector(':scope > summary').append(element('span', { className: 'tool-reason', text: event.denied.message ?? '' }));
    } else {
      card.classList.toggle('error', !!event.is_error);
      state.textContent = event.is_error ? t('tool.error') : t('tool.done');
    }
    if (live && card.dataset.started) {
      const seconds = (performance.now() - Number(card.dataset.started)) / 1000;
      state.textContent += ` · ${t('tool.seconds', { seconds: seconds.toFixed(1) })}`;
    }
    card.append(element('div', { className: 'tool-section-title', text: event.is_error && !event.denied ? t('tool.error_title') : t('tool.result') }),
      element('pre', { className: 'tool-result', text: (event.content ?? '') + (event.truncated ? `\n${t('tool.truncated')}` : '') }));
  }

  addDecision(event) {
    if (event.decision !== 'deny') return;
    this.append(element('div', { className: 'policy-message', attributes: { role: 'note' } },
      element('strong', { text: t('decision.policy', { basis: event.basis }) }),
      document.createTextNode(`${t('decision.refused', { tool: event.tool_name })} ${event.message ?? ''}`)));
  }

  addSummary(event) {
    this.endStreaming();
    this.retireContinue();
    const usage = event.usage ?? {};
    const parts = [];
    const interrupted = event.interrupted || (event.terminal_reason ?? '').startsWith('aborted');
    if (interrupted) parts.push(t('summary.interrupted'));
    else if (event.is_error) parts.push(`${t('summary.error')}${event.api_error_status ? ` (HTTP ${event.api_error_status})` : ''}: ${event.result || event.subtype}`);
    else parts.push(t('summary.finished'));
    if (usage.input_tokens !== undefined) parts.push(t('summary.tokens', { input: usage.input_tokens, output: usage.output_tokens ?? 0 }));
    if (typeof event.total_cost_usd === 'number') parts.push(`$${event.total_cost_usd.toFixed(4)}`);
    if (event.permission_denials) parts.push(t('summary.denied', { count: event.permission_denials }));
    const summary = element('div', { className: `turn-summary${event.is_error && !interrupted ? ' error' : ''}`, attributes: { 'data-turn': String(event.turn_id ?? 0) } },
      element('span', { text: parts.join(' · ') }));
    // Only a turn that changed the editor under Undo has anything a revert could take back.
    if (event.turn_id && this.onRevert && event.revertible) summary.append(this.revertControl(event));
    if (event.turn_id && this.onContinue && event.continuable) summary.append(this.continueControl(event));
    this.append(summary);
  }

  // Continue picks an interrupted or cut-short turn up again, on the user's click only; it belongs to
  // the newest turn, so a later message or turn takes it away.
  continueControl(event) {
    const button = element('button', { className: 'continue-turn', text: t('continue.button'), attributes: { type: 'button', 'data-turn': String(event.turn_id) } });
    button.addEventListener('click', async () => {
      button.disabled = true;
      const result = await this.onContinue(event.turn_id);
      if (result.ok) button.remove();
      else {
        button.disabled = false;
        this.add({ type: 'notice', level: 'error', text: t('continue.refused', { error: result.error }) });
      }
    });
    return button;
  }

  retireContinue() {
    for (const button of this.container.querySelectorAll('.continue-turn')) button.remove();
  }

  // Retry and Edit belong to the newest message the user typed: the host takes it back out of the
  // conversation and sends the same words, or the edited ones, in its place.
  retryControls(node, text) {
    const retry = element('button', { text: t('retry.retry'), attributes: { type: 'button', 'data-action': 'retry' } });
    const edit = element('button', { text: t('retry.edit'), attributes: { type: 'button', 'data-action': 'edit' } });
    const actions = element('div', { className: 'message-actions' }, retry, edit);
    retry.addEventListener('click', () => this.sendAgain(text, [retry, edit]));
    edit.addEventListener('click', () => this.editInPlace(node, actions, text));
    return actions;
  }

  editInPlace(node, actions, text) {
    const body = node.querySelector('.body');
    const field = element('textarea', { className: 'edit-message', attributes: { rows: '3', 'aria-label': t('retry.edit_label') } });
    field.value = text;
    const send = element('button', { text: t('retry.send_edit'), attributes: { type: 'button', 'data-action': 'send-edit' } });
    const cancel = element('button', { text: t('retry.cancel'), attributes: { type: 'button', 'data-action': 'cancel-edit' } });
    const form = element('div', { className: 'edit-form' }, field, element('div', { className: 'card-row' }, send, cancel));
    body.hidden = true;
    actions.hidden = true;
    node.append(form);
    field.focus();
    cancel.addEventListener('click', () => {
      form.remove();
      body.hidden = false;
      actions.hidden = false;
    });
    send.addEventListener('click', () => {
      if (field.value.trim()) this.sendAgain(field.value, [send, cancel]);
    });
  }

  // The host answers with a transcript_reset that draws the conversation anew; a refusal says why.
  async sendAgain(text, buttons) {
    for (const button of buttons) button.disabled = true;
    const result = await this.onRetry(text);
    if (result.ok) return;
    for (const button of buttons) button.disabled = false;
    this.add({ type: 'notice', level: 'error', text: t('retry.refused', { error: result.error }) });
  }

  retireRetry() {
    for (const row of this.container.querySelectorAll('.message-actions')) row.remove();
    this.batch?.querySelectorAll('.message-actions').forEach((row) => row.remove());
  }

  // "Revert turn" undoes the turn's editor changes (one Undo step); what Undo cannot take back is
  // listed before the user decides.
  revertControl(event) {
    const control = element('span', { className: 'turn-revert' });
    const button = element('button', { className: 'revert-turn', text: t('revert.button'), attributes: { type: 'button', 'data-turn': String(event.turn_id) } });
    button.addEventListener('click', async () => {
      button.disabled = true;
      const result = await this.onRevert(event.turn_id);
      if (!result.ok) {
        button.disabled = false;
        this.add({ type: 'notice', level: 'error', text: t('revert.refused', { error: result.error }) });
      }
    });
    control.append(button);
    const kept = event.not_revertible ?? [];
    if (kept.length) {
      const list = element('ul', { className: 'not-revertible' });
      for (const change of kept) list.append(element('li', { text: `${change.tool}: ${change.reason}` }));
      control.append(element('div', { className: 'meta', text: t('revert.keeps') }), list);
    }
    return control;
  }

  // What happened in the editor, one quiet line each; selections only change the status (a user
  // clicking around would bury the conversation), and the host already rate-limits Console errors.
  addEditorEvent(event) {
    if (event.kind === 'selection' || typeof event.text !== 'string') return;
    const level = event.kind === 'console_error' || (event.kind === 'compile' && event.state === 'compile_failed') ? 'warning' : 'info';
    this.append(element('div', { className: `editor-event notice notice-${level}`, text: noticeText(event), attributes: { 'data-kind': String(event.kind) } }));
  }

  addRevertOutcome(event) {
    const kept = (event.not_reverted ?? []).map((change) => change.tool).join(', ');
    const text = event.ok
      ? t('revert.done', { turn: event.turn_id, step: event.undo_step }) + (kept ? t('revert.done_kept', { tools: kept }) : '')
      : t('revert.not_done', { turn: event.turn_id, reason: event.reason });
    this.append(element('div', { className: `turn-reverted notice ${event.ok ? 'notice-info' : 'notice-warning'}`, text, attributes: { 'data-turn': String(event.turn_id), 'data-ok': String(!!event.ok) } }));
    for (const button of this.container.querySelectorAll(`.revert-turn[data-turn="${event.turn_id}"]`)) button.disabled = !!event.ok;
  }
}
