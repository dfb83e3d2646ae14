// The page's own script: it talks to the JSON API under /api.
'use strict';

const statusLine = document.getElementById('status');
const countLine = document.getElementById('count');

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Shows how many messages and likes there are, from GET /api/messages. */
async function showCount() {
  if (!countLine) return;
  const res = await fetch('/api/messages');
  const messages = await res.json();
  const likes = messages.reduce((sum, m) => sum + m.likes, 0);
  countLine.textContent = `${plural(messages.length, 'message')}, ${plural(likes, 'like')} (from /api/messages)`;
}

async function like(button) {
  const res = await fetch(`/api/messages/${button.dataset.id}/likes`, { method: 'POST' });
  const body = await res.json();
  if (!res.ok) return (statusLine.textContent = body.error);
  button.querySelector('.likes').textContent = body.likes;
}

async function remove(button) {
  const res = await fetch(`/api/messages/${button.dataset.id}`, { method: 'DELETE' });
  if (res.status !== 204) return (statusLine.textContent = (await res.json()).error);
  button.closest('li').remove();
}

document.addEventListener('click', async (event) => {
  const button = event.target.closest('button.like, button.delete');
  if (!button) return;
  await (button.classList.contains('like') ? like(button) : remove(button));
  await showCount();
});

showCount();
